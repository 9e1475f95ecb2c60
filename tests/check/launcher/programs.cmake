# SPDX-License-Identifier: BSD-3-Clause
# Included by per_mpi/CMakeLists.txt (one MPI's compiler wrapper): the tiny programs the launcher's tests
# run under `redsem check` (tests/check/launcher/CMakeLists.txt).
foreach(program clean crash crash_after_error order_sum sleep token_private)
  add_executable(check_launcher_${program} ${CMAKE_CURRENT_LIST_DIR}/${program}.c)
  # With line information (the report shows file:line), without sanitizers (the check library is
  # preloaded ahead of everything, which a sanitizer runtime refuses).
  target_compile_options(check_launcher_${program} PRIVATE -g -fno-sanitize=all)
  target_link_options(check_launcher_${program} PRIVATE -fno-sanitize=all)
endforeach()
# A call inlined from a header (tests/check/programs/energy_sum.h into energy_sum_bad.c's main),
# built as a user would: -g -O2 with gcc's default DWARF 5, and the same without -g.
foreach(lines inlined:-g no_g:-g0)
  string(REPLACE ":" ";" lines ${lines})
  list(GET lines 0 name)
  list(GET lines 1 flag)
  add_executable(check_launcher_energy_sum_${name} ${CMAKE_CURRENT_LIST_DIR}/../programs/energy_sum_bad.c)
  target_compile_options(check_launcher_energy_sum_${name} PRIVATE ${flag} -O2 -fno-sanitize=all)
  target_link_options(check_launcher_energy_sum_${name} PRIVATE -fno-sanitize=all)
endforeach()
