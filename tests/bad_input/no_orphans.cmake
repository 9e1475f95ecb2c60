# SPDX-License-Identifier: BSD-3-Clause
# Runs PROGRAM with ARGS ("|"-separated), whose user function starts processes and appends
# their pids to PIDFILE; after PROGRAM has ended (exit 0; with TERM_AFTER, SIGTERM after that
# many seconds, which `timeout` reports as 124), none of them may remain. One still there (its
# command line names MARKER, so a reused pid is not mistaken for it) fails the case, and is
# killed by its pid, with its child. A sanitizer's report in the output fails the case too, whatever
# the exit status (tests/sanitizer_report/sanitizer_report.cmake): the function's processes are
# not redsem, and their status is not the one checked.
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
string(REPLACE "|" ";" ARGS "${ARGS}")
file(REMOVE ${PIDFILE})
set(expect_rc 0)
set(stop)
if(TERM_AFTER)
  set(expect_rc 124)
  set(stop timeout -s TERM ${TERM_AFTER})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env REDSEM_TEST_PIDFILE=${PIDFILE} ${stop} ${PROGRAM} ${ARGS}
                TIMEOUT 120 OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
set(failure)
redsem_sanitizer_report(report out err)
if(report)
  set(failure "a sanitizer reported: ${report}\nstdout:\n${out}\nstderr:\n${err}\n")
elseif(NOT rc STREQUAL "${expect_rc}")
  set(failure "exit '${rc}', expected ${expect_rc}\nstdout:\n${out}\nstderr:\n${err}\n")
endif()
if(NOT EXISTS ${PIDFILE})
  message(FATAL_ERROR "the function started no process (no ${PIDFILE})\nstdout:\n${out}\nstderr:\n${err}")
endif()
file(STRINGS ${PIDFILE} pids)
string(HEX "${MARKER}" marker_hex)  # the command line's words are NUL-separated: compare bytes
set(left)
foreach(pid ${pids})
  # A killed process may take a moment to go; a zombie's command line is empty.
  foreach(try RANGE 50)
    set(cmdline "")
    if(EXISTS /proc/${pid}/cmdline)
      file(READ /proc/${pid}/cmdline cmdline HEX)
    endif()
    if(NOT cmdline MATCHES "${marker_hex}")
      break()
    endif()
    execute_process(COMMAND ${CMAKE_COMMAND} -E sleep 0.1)
  endforeach()
  if(cmdline MATCHES "${marker_hex}")
    list(APPEND left ${pid})
    execute_process(COMMAND pkill -9 -P ${pid})  # its sleep, by parent id
    execute_process(COMMAND kill -9 ${pid})
  endif()
endforeach()
if(left)
  string(APPEND failure "processes the function started outlived redsem: ${left}")
endif()
if(failure)
  message(FATAL_ERROR "${failure}")
endif()
