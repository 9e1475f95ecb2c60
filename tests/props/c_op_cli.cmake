# SPDX-License-Identifier: BSD-3-Clause
# `redsem opcheck --source ${SOURCE}:${FUNCTION} ${ARGS}` (ARGS separated by ';') exits
# ${EXPECTED} and prints lines matching each of ${MATCHES} (regexes separated by '|;|'). With
# CACHE_DIR, it runs twice with that proof cache, and the second run must answer from it.
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
if(DEFINED CACHE_DIR)
  file(REMOVE_RECURSE ${CACHE_DIR})
  set(cache --cache-dir ${CACHE_DIR})
  execute_process(COMMAND ${PROGRAM} opcheck --source ${SOURCE}:${FUNCTION} ${ARGS} ${cache} OUTPUT_VARIABLE out ERROR_VARIABLE err)
  redsem_fail_on_sanitizer_report("the run filling the cache:\n${out}${err}" err out)
else()
  set(cache --no-cache)
endif()
execute_process(COMMAND ${PROGRAM} opcheck --source ${SOURCE}:${FUNCTION} ${ARGS} ${cache}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
redsem_fail_on_sanitizer_report("exit ${rc}:\n${out}${err}" err out)
if(NOT rc EQUAL EXPECTED)
  message(FATAL_ERROR "exit ${rc}, expected ${EXPECTED}:\n${out}${err}")
endif()
string(REPLACE "|;|" ";" patterns "${MATCHES}")
foreach(p IN LISTS patterns)
  if(NOT out MATCHES "${p}")
    message(FATAL_ERROR "output does not match '${p}':\n${out}${err}")
  endif()
endforeach()
