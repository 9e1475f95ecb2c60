# SPDX-License-Identifier: BSD-3-Clause
# cmake -DFILE=README.md -DMAX_LINES=300 -P line_count_test.cmake: fails when FILE is longer.
file(READ ${FILE} text)
string(REGEX MATCHALL "\n" newlines "${text}")
list(LENGTH newlines count)
if(count GREATER MAX_LINES)
  message(FATAL_ERROR "${FILE} has ${count} lines, more than ${MAX_LINES}: move the detail to docs/")
endif()
message(STATUS "${FILE}: ${count} lines (at most ${MAX_LINES})")
