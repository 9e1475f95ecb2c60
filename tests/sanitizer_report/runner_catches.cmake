# SPDX-License-Identifier: BSD-3-Clause
# Whether a test runner fails on a sanitizer's report: runs the command after `--` (a runner,
# with standin.sh in place of the program it runs) with the stand-in printing REPORT and exiting
# with EXIT. With a report, the runner must fail saying "a sanitizer reported"; with REPORT=none
# it must pass, which shows the case is well formed and that its failure is the report's doing.
#   cmake -DREPORT=address|leak|undefined|thread|none -DEXIT=n -P runner_catches.cmake -- RUNNER...
set(runner)
set(after_dashes FALSE)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(i RANGE ${last})
  if(after_dashes)
    list(APPEND runner "${CMAKE_ARGV${i}}")
  elseif(CMAKE_ARGV${i} STREQUAL "--")
    set(after_dashes TRUE)
  endif()
endforeach()
execute_process(COMMAND ${CMAKE_COMMAND} -E env REDSEM_STANDIN_REPORT=${REPORT} REDSEM_STANDIN_EXIT=${EXIT} ${runner}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
set(shown "runner: ${runner}\nexit '${rc}'\nstdout:\n${out}\nstderr:\n${err}")
if(REPORT STREQUAL "none")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the runner failed on the stand-in without a report (exit ${EXIT}): the case is not well formed\n${shown}")
  endif()
elseif(rc EQUAL 0 OR NOT "${out}${err}" MATCHES "a sanitizer reported")
  message(FATAL_ERROR "the runner did not fail on the stand-in's ${REPORT} report (exit ${EXIT})\n${shown}")
endif()
