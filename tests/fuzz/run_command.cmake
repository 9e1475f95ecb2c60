# SPDX-License-Identifier: BSD-3-Clause
# Runs `redsem fuzz ARGS…` (or `redsem COMMAND ARGS…`) and checks its exit code, and optionally
# that stdout or stderr matches a regular expression and that a JSON key path holds a value.
#   -DPROGRAM=… [-DCOMMAND=opcheck] -DARGS="a|b|c" -DEXPECT_RC=n [-DEXPECT_OUT=regex] [-DEXPECT_ERR=regex]
#   [-DJSON_KEY="failure|minimal|count" -DJSON_VALUE=9]
# A sanitizer's report in either output fails the case whatever the exit status
# (tests/sanitizer_report/sanitizer_report.cmake says why).
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
if(NOT DEFINED COMMAND)
  set(COMMAND fuzz)
endif()
string(REPLACE "|" ";" ARGS "${ARGS}")
string(REPLACE "|" ";" JSON_KEY "${JSON_KEY}")
execute_process(COMMAND ${PROGRAM} ${COMMAND} ${ARGS} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
redsem_fail_on_sanitizer_report("exit ${rc}\nstdout:\n${out}\nstderr:\n${err}" out err)
if(NOT rc EQUAL EXPECT_RC)
  message(FATAL_ERROR "exit ${rc}, expected ${EXPECT_RC}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED EXPECT_OUT AND NOT out MATCHES "${EXPECT_OUT}")
  message(FATAL_ERROR "stdout does not match '${EXPECT_OUT}':\n${out}")
endif()
if(DEFINED EXPECT_ERR AND NOT err MATCHES "${EXPECT_ERR}")
  message(FATAL_ERROR "stderr does not match '${EXPECT_ERR}':\n${err}")
endif()
if(JSON_KEY)
  string(JSON value ERROR_VARIABLE json_error GET "${out}" ${JSON_KEY})
  if(json_error OR NOT value STREQUAL JSON_VALUE)
    message(FATAL_ERROR "JSON ${JSON_KEY} = '${value}' (${json_error}), expected '${JSON_VALUE}':\n${out}")
  endif()
endif()
