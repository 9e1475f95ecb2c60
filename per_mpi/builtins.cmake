# SPDX-License-Identifier: BSD-3-Clause
# The built-in MPIs (Debian's Open MPI and MPICH, when installed): the per-MPI recipe
# (per_mpi/CMakeLists.txt) run for each at build time, into build/mpi/<name>, with the MPIX add-on
# and the test programs. Included by mpix/CMakeLists.txt once the generated files are declared.
include(ExternalProject)

set(REDSEM_MPI_FLAVORS "" CACHE INTERNAL "")
foreach(flavor openmpi mpich)
  find_program(REDSEM_MPICC_${flavor} NAMES mpicc.${flavor})
  find_program(REDSEM_MPIRUN_${flavor} NAMES mpirun.${flavor})
  if(NOT REDSEM_MPICC_${flavor} OR NOT REDSEM_MPIRUN_${flavor})
    message(STATUS "redsem: ${flavor} not found (mpicc.${flavor}, mpirun.${flavor}): its MPI programs are skipped")
    continue()
  endif()
  set(dir ${CMAKE_BINARY_DIR}/mpi/${flavor})
  ExternalProject_Add(redsem_mpi_${flavor}
    SOURCE_DIR ${PROJECT_SOURCE_DIR}/per_mpi
    BINARY_DIR ${dir}
    CMAKE_ARGS -DCMAKE_C_COMPILER=${REDSEM_MPICC_${flavor}} -DCMAKE_BUILD_TYPE=Release
               -DREDSEM_MPI_NAME=${flavor} -DREDSEM_SOURCE_DIR=${PROJECT_SOURCE_DIR} -DREDSEM_VERSION=${PROJECT_VERSION}
               -DREDSEM_GENERATED_DIR=${REDSEM_PER_MPI_GENERATED_DIR} -DREDSEM_WERROR=${REDSEM_WERROR}
               # The sanitizer presets' flags, so the redsem libraries linked in find their runtime.
               "-DCMAKE_C_FLAGS=${CMAKE_C_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${CMAKE_EXE_LINKER_FLAGS}"
               "-DCMAKE_SHARED_LINKER_FLAGS=${CMAKE_SHARED_LINKER_FLAGS}"
               -DREDSEM_KERNELS_LIB=$<TARGET_FILE:redsem_kernels> -DREDSEM_MODEL_LIB=$<TARGET_FILE:redsem_model>
    DEPENDS redsem_kernels redsem_model redsem_mpix_generated redsem_check_validity_data
    INSTALL_COMMAND ""
    BUILD_ALWAYS ON  # the inner build tracks its own sources; this only asks it to look
  )
  set(REDSEM_MPI_${flavor}_DIR ${dir} CACHE INTERNAL "build directory of the ${flavor} programs")
  list(APPEND REDSEM_MPI_FLAVORS ${flavor})
endforeach()
set(REDSEM_MPI_FLAVORS "${REDSEM_MPI_FLAVORS}" CACHE INTERNAL "MPI libraries redsem builds for")
