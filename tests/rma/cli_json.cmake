# SPDX-License-Identifier: BSD-3-Clause
# `redsem rma SCENARIO --json` prints one JSON document: verdict as_expected, the finding named.
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
execute_process(COMMAND ${PROGRAM} rma ${SCENARIO} --json OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
redsem_fail_on_sanitizer_report("exit ${rc}\n${err}" err out)
string(JSON verdict ERROR_VARIABLE err GET "${out}" verdict)
if(err)
  message(FATAL_ERROR "not JSON: ${err}")
endif()
string(JSON kind GET "${out}" findings 0 kind)
string(JSON non_serial GET "${out}" groups 0 non_serializable)
if(NOT verdict STREQUAL "as_expected" OR NOT kind STREQUAL "racing_access" OR non_serial EQUAL 0 OR NOT rc EQUAL 0)
  message(FATAL_ERROR "verdict=${verdict} kind=${kind} non_serializable=${non_serial} rc=${rc}")
endif()
