# SPDX-License-Identifier: BSD-3-Clause
# Installs what `redsem` needs to build the per-MPI pieces for an MPI given by `--mpi PATH`
# (tools/mpi/mpi_build.cpp): the recipe and the sources of per_mpi/sources.cmake under
# share/redsem/per_mpi/src (the same relative paths as in the source tree), and the files this
# build generated under share/redsem/per_mpi/generated. Included by packaging/CMakeLists.txt.
include(${PROJECT_SOURCE_DIR}/per_mpi/sources.cmake)
set(per_mpi_share ${CMAKE_INSTALL_DATADIR}/redsem/per_mpi)
foreach(file IN LISTS REDSEM_PER_MPI_CHECK_SOURCES REDSEM_PER_MPI_FUZZ_HELPER_SOURCES
                      REDSEM_PER_MPI_SURFACE_HELPER_SOURCES REDSEM_PER_MPI_TRACER_SOURCES
                      REDSEM_PER_MPI_SEARCH_SOURCES
                      REDSEM_PER_MPI_VERSION_SOURCES REDSEM_PER_MPI_OTHER_FILES)
  get_filename_component(subdir ${file} DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/${file} DESTINATION ${per_mpi_share}/src/${subdir})
endforeach()
install(FILES ${REDSEM_PER_MPI_GENERATED_DIR}/validity_data.h ${REDSEM_MPIX_GENERATED_SOURCES}
        DESTINATION ${per_mpi_share}/generated)
