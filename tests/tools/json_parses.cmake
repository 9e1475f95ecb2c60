# SPDX-License-Identifier: BSD-3-Clause
# `redsem verify --json` prints one JSON document whose verdict is as_expected. DOCUMENT
# (optional): the file the document is written to, for the tests that read it too
# (redsem_printed_document).
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/../printed_document.cmake)
redsem_forget_printed_document("${DOCUMENT}")
execute_process(COMMAND ${PROGRAM} verify --json OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
redsem_fail_on_sanitizer_report("redsem verify --json exited ${rc}\n${err}" err out)
string(JSON verdict ERROR_VARIABLE err GET "${out}" verdict)
if(err)
  message(FATAL_ERROR "not JSON: ${err}")
endif()
redsem_keep_printed_document("${DOCUMENT}" "${out}")
string(JSON rows LENGTH "${out}" sections validity result)
if(NOT verdict STREQUAL "as_expected" OR NOT rows EQUAL 59 OR NOT rc EQUAL 0)
  message(FATAL_ERROR "verdict=${verdict} rows=${rows} rc=${rc}")
endif()
