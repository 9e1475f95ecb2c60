# SPDX-License-Identifier: BSD-3-Clause
# The check runtime's copy of the model's op × datatype table, generated as a C header at build
# time (check/runtime/validity_table_gen.cpp) and handed to the per-MPI recipe (per_mpi/), which compiles C
# only. Included by mpix/CMakeLists.txt before the per-MPI projects are declared.
add_executable(redsem_check_validity_gen ${PROJECT_SOURCE_DIR}/check/runtime/validity_table_gen.cpp)
target_link_libraries(redsem_check_validity_gen PRIVATE redsem::model)
set(REDSEM_CHECK_VALIDITY_DIR ${REDSEM_PER_MPI_GENERATED_DIR})
add_custom_command(
  OUTPUT ${REDSEM_CHECK_VALIDITY_DIR}/validity_data.h
  COMMAND ${CMAKE_COMMAND} -E make_directory ${REDSEM_CHECK_VALIDITY_DIR}
  COMMAND redsem_check_validity_gen ${REDSEM_CHECK_VALIDITY_DIR}/validity_data.h
  DEPENDS redsem_check_validity_gen
  COMMENT "redsem check: validity table for the runtime")
add_custom_target(redsem_check_validity_data DEPENDS ${REDSEM_CHECK_VALIDITY_DIR}/validity_data.h)
