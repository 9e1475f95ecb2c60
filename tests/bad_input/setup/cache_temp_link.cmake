# SPDX-License-Identifier: BSD-3-Clause
# A proof cache whose entries are gone and, at the name `laws` once wrote each entry's
# temporary file under (<entry>.json.tmp), a link to a file of the user's (victim.txt).
file(WRITE ${WORK}/victim.txt "the user's own file\n")
execute_process(COMMAND ${PROGRAM} laws --op sum --type int --law associativity --cache-dir ${WORK}/cache
                OUTPUT_QUIET ERROR_QUIET RESULT_VARIABLE rc)
file(GLOB entries ${WORK}/cache/*.json)
if(NOT rc EQUAL 0 OR NOT entries)
  message(FATAL_ERROR "setup: laws exited ${rc} and stored ${entries}")
endif()
foreach(entry ${entries})
  file(REMOVE ${entry})
  file(CREATE_LINK ${WORK}/victim.txt ${entry}.tmp SYMBOLIC)
endforeach()
