# SPDX-License-Identifier: BSD-3-Clause
# `redsem laws --op sum --type double --element 0.0`: +0.0 is not the identity, and x = -0 shows why;
# `--element -0.0` is proved. A refuted declared element exits 1, a proved one 0.
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
execute_process(COMMAND ${PROGRAM} laws --no-cache --json --op sum --type double --element 0.0 OUTPUT_VARIABLE plus ERROR_VARIABLE plus_err RESULT_VARIABLE rc1)
execute_process(COMMAND ${PROGRAM} laws --no-cache --json --op sum --type double --element -0.0 OUTPUT_VARIABLE minus ERROR_VARIABLE minus_err RESULT_VARIABLE rc2)
redsem_fail_on_sanitizer_report("rc=${rc1},${rc2}\n${plus_err}\n${minus_err}" plus_err minus_err plus minus)
string(JSON v1 GET "${plus}" entries 0 laws identity verdict)
string(JSON x GET "${plus}" entries 0 laws identity counterexample inputs 0 value display)
string(JSON v2 GET "${minus}" entries 0 laws identity verdict)
if(NOT rc1 EQUAL 1 OR NOT rc2 EQUAL 0 OR NOT v1 STREQUAL "refuted" OR NOT x MATCHES "^-0 \\[0x8000000000000000\\]$"
   OR NOT v2 STREQUAL "proved")
  message(FATAL_ERROR "rc=${rc1},${rc2} +0: ${v1} x=${x}; -0: ${v2}")
endif()
