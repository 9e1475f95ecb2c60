# SPDX-License-Identifier: BSD-3-Clause
# `redsem check --html` on a program whose double sum depends on the evaluation order, opened in
# headless Chromium: a screenshot of real size, then the DOM the browser parsed must hold one row
# per finding coloured by severity, the call stack with the program's source lines, the two
# evaluation trees and the histogram of legal results with this run's result marked, and the
# coverage section; every figure drawn whole (tests/tools/figures_whole.cmake).
# -DPROGRAM=redsem -DCHROMIUM=… -DWORK=dir "-DCOMMAND=mpirun|-n|4|…/check_launcher_order_sum"
include(${CMAKE_CURRENT_LIST_DIR}/../../sanitizer_report/sanitizer_report.cmake)
string(REPLACE "|" ";" COMMAND "${COMMAND}")
set(dir ${WORK}/check_html_report)
file(REMOVE_RECURSE ${dir})
execute_process(COMMAND ${PROGRAM} check --html ${dir} -- ${COMMAND} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
redsem_fail_on_sanitizer_report("redsem check --html exited ${rc}:\n${err}" err out)
if(NOT rc EQUAL 0 OR NOT EXISTS ${dir}/index.html)
  message(FATAL_ERROR "redsem check --html exited ${rc} or wrote no ${dir}/index.html:\n${err}")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/../../tools/chromium_page.cmake)
chromium_page(${CHROMIUM} ${dir}/index.html ${WORK}/chromium-profile-check)
file(SIZE ${dir}/screenshot.png bytes)
if(bytes LESS 20000)
  message(FATAL_ERROR "a ${bytes}-byte screenshot: the page did not render")
endif()
foreach(needle
    "<title>redsem check</title>"
    "data-verdict=\"warnings\""
    "<table id=\"findings\">"
    "<tr class=\"finding warning\" id=\"finding-1\">"
    "<td class=\"severity\">warning</td>"
    "<code>order_dependent_result</code>"
    "<ol class=\"stack\"><li><code>order_sum.c:"
    "<pre class=\"source\">"
    "<mark>"
    "<figure class=\"orders\">"
    "smallest = "
    "largest = "
    "<rect class=\"bar\""
    "<polygon class=\"mark\""
    "this run: "
    "<table id=\"coverage\">"
    "<table id=\"ranks\">")
  string(FIND "${dom}" "${needle}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the page Chromium parsed lacks ${needle}")
  endif()
endforeach()
if(dom MATCHES "\"display\"|\"bits\"")
  message(FATAL_ERROR "the page shows raw JSON of an element")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/../../tools/figures_whole.cmake)
figures_whole(${CHROMIUM} "${flags}" ${dir}/index.html 1)
message(STATUS "${bytes}-byte screenshot in ${dir}")
