# SPDX-License-Identifier: BSD-3-Clause
# `redsem verify --json` prints one JSON document whose verdict is as_expected.
execute_process(COMMAND ${PROGRAM} verify --json OUTPUT_VARIABLE out RESULT_VARIABLE rc)
string(JSON verdict ERROR_VARIABLE err GET "${out}" verdict)
if(err)
  message(FATAL_ERROR "not JSON: ${err}")
endif()
string(JSON rows LENGTH "${out}" sections validity result)
if(NOT verdict STREQUAL "as_expected" OR NOT rows EQUAL 59 OR NOT rc EQUAL 0)
  message(FATAL_ERROR "verdict=${verdict} rows=${rows} rc=${rc}")
endif()
