# SPDX-License-Identifier: BSD-3-Clause
# Runs PROGRAM with ARGS (a ;-list) and compares its standard output with EXPECTED and its exit
# code with EXPECTED_RC (default 0). Set REDSEM_UPDATE_GOLDEN=1 in the environment to rewrite
# EXPECTED instead.
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
if(NOT DEFINED EXPECTED_RC)
  set(EXPECTED_RC 0)
endif()
separate_arguments(args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND ${PROGRAM} ${args} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
redsem_fail_on_sanitizer_report("exit code ${rc}\nstdout:\n${out}\nstderr:\n${err}" err out)
if(DEFINED ENV{REDSEM_UPDATE_GOLDEN})
  file(WRITE ${EXPECTED} "${out}")
  return()
endif()
file(READ ${EXPECTED} expected)
if(NOT out STREQUAL expected)
  file(WRITE ${EXPECTED}.actual "${out}")
  message(FATAL_ERROR "output differs from ${EXPECTED}; actual output in ${EXPECTED}.actual (diff them)\n${err}")
endif()
if(NOT rc EQUAL EXPECTED_RC)
  message(FATAL_ERROR "exit code ${rc}, expected ${EXPECTED_RC}\n${err}")
endif()
