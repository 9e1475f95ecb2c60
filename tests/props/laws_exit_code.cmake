# SPDX-License-Identifier: BSD-3-Clause
# Runs `${PROGRAM} laws ${ARGS}` (ARGS separated by ';') and requires exit code ${EXPECTED}
# and, when given, a message on stderr matching ${STDERR_MATCHES}.
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
execute_process(COMMAND ${PROGRAM} laws ${ARGS} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
redsem_fail_on_sanitizer_report("exit ${rc}: ${err}" err out)
if(NOT rc EQUAL EXPECTED)
  message(FATAL_ERROR "exit ${rc}, expected ${EXPECTED}: ${err}")
endif()
if(DEFINED STDERR_MATCHES AND NOT err MATCHES "${STDERR_MATCHES}")
  message(FATAL_ERROR "stderr does not match '${STDERR_MATCHES}': ${err}")
endif()
