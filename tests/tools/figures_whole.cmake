# SPDX-License-Identifier: BSD-3-Clause
# figures_whole(CHROMIUM FLAGS PAGE MIN_SVGS): opens a copy of the report PAGE in headless
# Chromium with figures_whole.js appended, and fails unless the page has at least MIN_SVGS <svg>
# elements and every one is drawn whole (its drawing inside its viewport, its viewport inside
# the page), naming each clipped one with both boxes.
set(figures_whole_script ${CMAKE_CURRENT_LIST_DIR}/figures_whole.js)
function(figures_whole chromium flags page min_svgs)
  file(READ ${page} html)
  file(READ ${figures_whole_script} script)
  string(REPLACE "</body>" "<script>${script}</script></body>" html "${html}")
  get_filename_component(dir ${page} DIRECTORY)
  file(WRITE ${dir}/figures_whole.html "${html}")
  execute_process(COMMAND ${chromium} ${flags} --dump-dom file://${dir}/figures_whole.html
                  TIMEOUT 120 OUTPUT_VARIABLE dom ERROR_QUIET RESULT_VARIABLE rc)
  string(FIND "${dom}" "<pre id=\"figure-check\">" at REVERSE)
  if(at EQUAL -1)
    message(FATAL_ERROR "${page}: the figure check did not run in Chromium (exit ${rc})")
  endif()
  string(SUBSTRING "${dom}" ${at} -1 verdict)
  string(FIND "${verdict}" "</pre>" end)
  string(SUBSTRING "${verdict}" 0 ${end} verdict)
  string(REGEX MATCH "svgs ([0-9]+)" count "${verdict}")
  set(count ${CMAKE_MATCH_1})
  if(count LESS ${min_svgs})
    message(FATAL_ERROR "${page}: ${count} figures, expected at least ${min_svgs}")
  endif()
  string(REGEX MATCHALL "[^\n]*CLIPPED[^\n]*" clipped "${verdict}")
  list(LENGTH clipped n)
  if(n GREATER 0)
    string(REPLACE ";" "\n" clipped "${clipped}")
    message(FATAL_ERROR "${page}: ${n} of ${count} svg elements clipped (boxes in CSS pixels: left top right bottom):\n${clipped}")
  endif()
  message(STATUS "${page}: all ${count} svg elements drawn whole")
endfunction()
