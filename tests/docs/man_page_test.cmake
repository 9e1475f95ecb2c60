# SPDX-License-Identifier: BSD-3-Clause
# One man page, checked as a reader and a packager meet it:
#   cmake -DPAGE=build/.../redsem-laws.1 -DSOURCE=docs/commands/laws.md
#         -DHELP="redsem|laws|--help" [-DMANDOC=mandoc] -P man_page_test.cmake
# It renders with man -l at 80 columns with no warning; groff -ww (through preconv) and, when
# installed, mandoc -Tlint report nothing; it has every section a manual needs; UTF-8 survives
# (§ and … in the source are § and … on the page, not ??); and every option the command's
# --help lists appears on the page, so that the page cannot drift from the code.
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
set(ENV{LC_ALL} C.UTF-8)
set(ENV{MANWIDTH} 80)
set(ENV{MANROFFSEQ} "")
set(failures "")

execute_process(COMMAND man --warnings -E UTF-8 -l ${PAGE} RESULT_VARIABLE rc
                OUTPUT_VARIABLE text ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
  string(APPEND failures "man -l: exit ${rc}: ${err}\n")
endif()
execute_process(COMMAND groff -k -Tutf8 -man -ww -z ${PAGE} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
  string(APPEND failures "groff -ww: ${err}\n")
endif()
if(MANDOC)
  execute_process(COMMAND ${MANDOC} -Tlint -W warning ${PAGE} OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT out STREQUAL "" OR NOT err STREQUAL "")
    string(APPEND failures "mandoc -Tlint:\n${out}${err}\n")
  endif()
endif()

foreach(section NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" ENVIRONMENT FILES EXAMPLES "SEE ALSO")
  if(NOT text MATCHES "\n${section}\n")
    string(APPEND failures "no ${section} section\n")
  endif()
endforeach()

file(READ ${SOURCE} source)
foreach(char "§" "…" "—" "∘")
  string(FIND "${source}" "${char}" in_source)
  string(FIND "${text}" "${char}" on_page)
  if(in_source GREATER -1 AND on_page EQUAL -1)
    string(APPEND failures "'${char}' of the source is not on the rendered page\n")
  endif()
endforeach()
if(text MATCHES "\\?\\?")
  string(APPEND failures "the rendered page has '??' (a character lost in conversion)\n")
endif()

# Every option of --help: lines such as "  -h,--help   ..." or "  --op OP   ...". The page is
# searched with its line breaks undone, since the renderer may hyphenate between words only.
string(REPLACE "|" ";" HELP "${HELP}")
execute_process(COMMAND ${HELP} RESULT_VARIABLE rc OUTPUT_VARIABLE help ERROR_VARIABLE err)
redsem_fail_on_sanitizer_report("${HELP}: exit ${rc}: ${err}" err help)
if(NOT rc EQUAL 0)
  string(APPEND failures "${HELP}: exit ${rc}: ${err}\n")
endif()
string(REGEX MATCHALL "\n  +(-[A-Za-z],)?--[a-z0-9-]+" options "${help}")
string(REGEX REPLACE "[ \n]+" " " flat "${text}")
set(checked 0)
foreach(option ${options})
  string(REGEX REPLACE ".*(--[a-z0-9-]+)$" "\\1" option "${option}")
  math(EXPR checked "${checked} + 1")
  if(NOT flat MATCHES "(^|[^a-z0-9-])${option}([^a-z0-9-]|$)")
    string(APPEND failures "option ${option} of '${HELP}' is not on the page\n")
  endif()
endforeach()
if(checked EQUAL 0)
  string(APPEND failures "no option found in the output of ${HELP}\n")
endif()
# The command's subcommands, when it has some, each with a page of its own (EXTRA_PAGES_DIR).
if(SUBCOMMAND_PAGES_DIR AND help MATCHES "\nSubcommands:\n(.*)")
  string(REGEX MATCHALL "\n  [a-z][a-z0-9-]*" subs "${CMAKE_MATCH_1}")
  foreach(sub ${subs})
    string(STRIP "${sub}" sub)
    if(NOT flat MATCHES "${sub}")
      string(APPEND failures "subcommand ${sub} is not on the page\n")
    endif()
    if(NOT EXISTS ${SUBCOMMAND_PAGES_DIR}/redsem-${sub}.1)
      string(APPEND failures "subcommand ${sub} has no man page redsem-${sub}(1)\n")
    endif()
  endforeach()
endif()

if(NOT failures STREQUAL "")
  message(FATAL_ERROR "${PAGE}:\n${failures}")
endif()
message(STATUS "${PAGE}: renders cleanly, every section, ${checked} options of --help on the page")
