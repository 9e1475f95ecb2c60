# SPDX-License-Identifier: BSD-3-Clause
# Included by per_mpi/CMakeLists.txt (one MPI's compiler wrapper): the tiny programs the launcher's tests
# run under `redsem check` (tests/check/launcher/CMakeLists.txt).
foreach(program clean crash crash_after_error order_sum sleep)
  add_executable(check_launcher_${program} ${CMAKE_CURRENT_LIST_DIR}/${program}.c)
  # With line information (the report shows file:line), without sanitizers (the check library is
  # preloaded ahead of everything, which a sanitizer runtime refuses).
  target_compile_options(check_launcher_${program} PRIVATE -g -fno-sanitize=all)
  target_link_options(check_launcher_${program} PRIVATE -fno-sanitize=all)
endforeach()
