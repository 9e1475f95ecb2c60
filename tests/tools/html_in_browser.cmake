# SPDX-License-Identifier: BSD-3-Clause
# Opens `redsem verify --html` in headless Chromium: the page must render (a screenshot of a
# real size is taken), the DOM the browser parsed must hold the report's key elements, and every
# figure must be drawn whole (figures_whole.cmake: its drawing inside its <svg>'s box).
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
set(dir ${WORK}/html_report)
file(REMOVE_RECURSE ${dir})
execute_process(COMMAND ${PROGRAM} verify --quick --html ${dir} OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
redsem_fail_on_sanitizer_report("redsem verify --html exited ${rc}\n${err}" err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${dir}/index.html)
  message(FATAL_ERROR "redsem verify --html exited ${rc} or wrote no ${dir}/index.html")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/chromium_page.cmake)
chromium_page(${CHROMIUM} ${dir}/index.html ${WORK}/chromium-profile)
# A PNG's width and height are the big-endian words at bytes 16 and 20.
file(READ ${dir}/screenshot.png header LIMIT 24 HEX)
string(SUBSTRING "${header}" 32 8 width_hex)
string(SUBSTRING "${header}" 40 8 height_hex)
math(EXPR width "0x${width_hex}")
math(EXPR height "0x${height_hex}")
file(SIZE ${dir}/screenshot.png bytes)
if(NOT width EQUAL 1280 OR NOT height EQUAL 1600 OR bytes LESS 20000)
  message(FATAL_ERROR "screenshot ${width}x${height}, ${bytes} bytes: the page did not render")
endif()
foreach(needle
    "<title>redsem verify</title>"
    "id=\"verdict\" class=\"pass\""
    "<table id=\"summary\">"
    "<section id=\"validity\">"
    "<table class=\"grid\" id=\"validity-table\">"
    "<th>MPI_DOUBLE_INT</th>"
    "<section id=\"reduce_locals\">"
    "<table class=\"rows\" id=\"reduce-locals-table\">"
    "<section id=\"laws\">"
    "<section id=\"kernels\">"
    "<section id=\"orders\">"
    "<figcaption>MPI_SUM on MPI_FLOAT, P = 3</figcaption>"
    "<section id=\"algorithms\">"
    "<section id=\"opfiles\">"
    "<td>all_min.op</td>"
    "<section id=\"rma\">")
  string(FIND "${dom}" "${needle}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the page Chromium parsed lacks ${needle}")
  endif()
endforeach()
# The orders section draws each disagreement: Graphviz trees and a histogram, as inline SVG.
string(FIND "${dom}" "<figure class=\"disagreement\">" figure_at)
string(FIND "${dom}" "<svg" svg_at REVERSE)
if(figure_at EQUAL -1 OR svg_at LESS figure_at)
  message(FATAL_ERROR "the page has no inline SVG picture of a disagreement")
endif()
# Every section listed in the summary is on the page.
string(REGEX MATCHALL "<a href=\"#[a-z_]+\">" links "${dom}")
foreach(link ${links})
  string(REGEX REPLACE "<a href=\"#([a-z_]+)\">" "\\1" id "${link}")
  string(FIND "${dom}" "<section id=\"${id}\">" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "summary links to #${id} but no such section")
  endif()
endforeach()
# Every figure is drawn whole: the browser's boxes of its shapes inside its <svg>'s box.
include(${CMAKE_CURRENT_LIST_DIR}/figures_whole.cmake)
figures_whole(${CHROMIUM} "${flags}" ${dir}/index.html 34)
message(STATUS "rendered ${width}x${height}; ${bytes}-byte screenshot in ${dir}")
