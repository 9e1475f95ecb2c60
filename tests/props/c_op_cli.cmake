# SPDX-License-Identifier: BSD-3-Clause
# `redsem opcheck --source ${SOURCE}:${FUNCTION} ${ARGS}` (ARGS separated by ';') exits
# ${EXPECTED} and prints lines matching each of ${MATCHES} (regexes separated by '|;|').
execute_process(COMMAND ${PROGRAM} opcheck --source ${SOURCE}:${FUNCTION} ${ARGS}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL EXPECTED)
  message(FATAL_ERROR "exit ${rc}, expected ${EXPECTED}:\n${out}${err}")
endif()
string(REPLACE "|;|" ";" patterns "${MATCHES}")
foreach(p IN LISTS patterns)
  if(NOT out MATCHES "${p}")
    message(FATAL_ERROR "output does not match '${p}':\n${out}${err}")
  endif()
endforeach()
