# SPDX-License-Identifier: BSD-3-Clause
# Runs PROGRAM rma SCENARIO and expects exit code 2 and EXPECTED (a file:line prefix) on stderr.
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
execute_process(COMMAND ${PROGRAM} rma ${SCENARIO} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
redsem_fail_on_sanitizer_report("exit ${rc}\nstdout:\n${out}\nstderr:\n${err}" err out)
string(FIND "${err}" "${EXPECTED}" at)
if(NOT rc EQUAL 2 OR at EQUAL -1)
  message(FATAL_ERROR "rc=${rc}, stderr: ${err}")
endif()
