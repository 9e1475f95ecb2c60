# SPDX-License-Identifier: BSD-3-Clause
# A command whose exit status is the test (redsem_expect_exit_test, tests/CMakeLists.txt): runs
# COMMAND ("|"-separated) and requires exactly EXPECT_RC, EXPECT_ERR (a regex, when not empty) on
# its standard error, and no sanitizer report in its output (sanitizer_report.cmake says why a
# report fails whatever the status).
include(${CMAKE_CURRENT_LIST_DIR}/sanitizer_report/sanitizer_report.cmake)
string(REPLACE "|" ";" COMMAND "${COMMAND}")
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(shown "command: ${COMMAND}\nexit '${rc}'\nstdout:\n${out}\nstderr:\n${err}")
redsem_fail_on_sanitizer_report("${shown}" err out)
if(NOT rc STREQUAL "${EXPECT_RC}")
  message(FATAL_ERROR "exit '${rc}', expected ${EXPECT_RC}\n${shown}")
endif()
if(NOT EXPECT_ERR STREQUAL "" AND NOT err MATCHES "${EXPECT_ERR}")
  message(FATAL_ERROR "stderr does not match '${EXPECT_ERR}'\n${shown}")
endif()
