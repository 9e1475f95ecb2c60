# SPDX-License-Identifier: BSD-3-Clause
# Whether a test's output holds a sanitizer's report, for the -P scripts that run a command and
# judge it (include() this file). AddressSanitizer and UBSan end a process with status 1 (and
# ThreadSanitizer with 66), which is also a finding's, so a case expecting 1 would pass on a
# report; a report in a child whose status is not the command's would pass whatever it expects.
# The scripts therefore fail on a report whatever the exit status. The pattern is read from
# report.regex, which the Python runners (sanitizer_report.py) and the shell ones read too.
file(STRINGS ${CMAKE_CURRENT_LIST_DIR}/report.regex REDSEM_SANITIZER_REPORT ENCODING UTF-8 REGEX "^[^#]")

# redsem_sanitizer_report(<out_var> <var>...): the first line of the variables <var>... that holds
# a report, or an empty string. The pattern alone is matched, and the line found around it by
# searching: a pattern widened to the whole line would backtrack over every long line of output.
function(redsem_sanitizer_report out_var)
  foreach(var IN LISTS ARGN)
    if(${var} MATCHES "${REDSEM_SANITIZER_REPORT}")
      string(FIND "${${var}}" "${CMAKE_MATCH_0}" at)
      string(SUBSTRING "${${var}}" 0 ${at} before)
      string(FIND "${before}" "\n" line_start REVERSE)
      math(EXPR line_start "${line_start} + 1")
      string(SUBSTRING "${${var}}" ${line_start} -1 rest)
      string(FIND "${rest}" "\n" line_end)
      string(SUBSTRING "${rest}" 0 ${line_end} line)
      set(${out_var} "${line}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out_var} "" PARENT_SCOPE)
endfunction()

# redsem_fail_on_sanitizer_report(<shown> <var>...): stops the script with "a sanitizer reported",
# the report's first line and <shown> (what the caller shows of the run) when one of the variables
# <var>... holds a report.
function(redsem_fail_on_sanitizer_report shown)
  redsem_sanitizer_report(line ${ARGN})
  if(line)
    message(FATAL_ERROR "a sanitizer reported: ${line}\n${shown}")
  endif()
endfunction()
