# SPDX-License-Identifier: BSD-3-Clause
# `redsem verify --json` prints one JSON document whose verdict is as_expected.
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
execute_process(COMMAND ${PROGRAM} verify --json OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
redsem_fail_on_sanitizer_report("redsem verify --json exited ${rc}\n${err}" err out)
string(JSON verdict ERROR_VARIABLE err GET "${out}" verdict)
if(err)
  message(FATAL_ERROR "not JSON: ${err}")
endif()
string(JSON rows LENGTH "${out}" sections validity result)
if(NOT verdict STREQUAL "as_expected" OR NOT rows EQUAL 59 OR NOT rc EQUAL 0)
  message(FATAL_ERROR "verdict=${verdict} rows=${rows} rc=${rc}")
endif()
