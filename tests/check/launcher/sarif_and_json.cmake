# SPDX-License-Identifier: BSD-3-Clause
# `redsem check --sarif S --json-file J` on a program with an order-dependent double sum: S is
# SARIF 2.1.0 (docs/schemas/sarif-2.1.0-subset.schema.json) with one result per finding (ruleId
# the check, level from the severity, the caller's file and line), J the check document
# (docs/schemas/check.schema.json). -DPROGRAM -DPYTHON -DVALIDATE -DSCHEMAS -DWORK "-DCOMMAND=…|…"
include(${CMAKE_CURRENT_LIST_DIR}/../../sanitizer_report/sanitizer_report.cmake)
string(REPLACE "|" ";" COMMAND "${COMMAND}")
set(sarif ${WORK}/check.sarif)
set(json ${WORK}/check.json)
file(MAKE_DIRECTORY ${WORK})
file(REMOVE ${sarif} ${json})
execute_process(COMMAND ${PROGRAM} check --sarif ${sarif} --json-file ${json} -- ${COMMAND}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
redsem_fail_on_sanitizer_report("redsem check exited ${rc}:\n${err}" err out)
if(NOT rc EQUAL 0 OR NOT EXISTS ${sarif} OR NOT EXISTS ${json})
  message(FATAL_ERROR "redsem check exited ${rc}, or wrote no ${sarif} or ${json}:\n${err}")
endif()
if(out MATCHES "schema_version")
  message(FATAL_ERROR "--json-file also printed the document on stdout")
endif()
foreach(pair "sarif-2.1.0-subset;${sarif}" "check;${json}")
  list(GET pair 0 schema)
  list(GET pair 1 file)
  execute_process(COMMAND ${PYTHON} ${VALIDATE} ${SCHEMAS} validate ${schema} ${file}
                  OUTPUT_VARIABLE said RESULT_VARIABLE valid)
  if(valid EQUAL 77)
    message(STATUS "python3-jsonschema not installed: ${file} not validated")
  elseif(NOT valid EQUAL 0)
    message(FATAL_ERROR "${file} is not valid against ${schema}:\n${said}")
  endif()
endforeach()
file(READ ${sarif} text)
string(JSON version GET "${text}" version)
string(JSON results LENGTH "${text}" runs 0 results)
string(JSON rule GET "${text}" runs 0 results 0 ruleId)
string(JSON level GET "${text}" runs 0 results 0 level)
string(JSON uri GET "${text}" runs 0 results 0 locations 0 physicalLocation artifactLocation uri)
string(JSON line GET "${text}" runs 0 results 0 locations 0 physicalLocation region startLine)
file(READ ${json} document)
string(JSON findings LENGTH "${document}" findings)
if(NOT version STREQUAL "2.1.0" OR NOT results EQUAL findings OR NOT rule STREQUAL "order_dependent_result"
   OR NOT level STREQUAL "warning" OR NOT uri MATCHES "^file:///.*/order_sum\\.c$" OR line LESS 1)
  message(FATAL_ERROR "version=${version} results=${results} (findings ${findings}) rule=${rule} level=${level} uri=${uri} line=${line}")
endif()
