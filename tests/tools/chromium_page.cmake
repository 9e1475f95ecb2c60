# SPDX-License-Identifier: BSD-3-Clause
# chromium_page(CHROMIUM PAGE PROFILE): opens the report PAGE (DIR/index.html) in headless
# Chromium, 1280x1600, with its profile in the directory PROFILE: a screenshot into
# DIR/screenshot.png (it fails when there is none), then the DOM the browser parsed, set in the
# caller's `dom`, and the flags it ran with in the caller's `flags` (for figures_whole.cmake).
function(chromium_page chromium page profile)
  # The flags keep Chromium from reaching for the network this machine does not have; as root it
  # needs --no-sandbox.
  set(flags --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
            --disable-component-update --disable-sync --user-data-dir=${profile} --window-size=1280,1600)
  get_filename_component(dir ${page} DIRECTORY)
  execute_process(COMMAND ${chromium} ${flags} --screenshot=${dir}/screenshot.png file://${page}
                  TIMEOUT 120 OUTPUT_QUIET ERROR_QUIET RESULT_VARIABLE rc)
  if(NOT EXISTS ${dir}/screenshot.png)
    message(FATAL_ERROR "Chromium took no screenshot (exit ${rc})")
  endif()
  execute_process(COMMAND ${chromium} ${flags} --dump-dom file://${page}
                  TIMEOUT 120 OUTPUT_VARIABLE page_dom ERROR_QUIET)
  set(dom "${page_dom}" PARENT_SCOPE)
  set(flags "${flags}" PARENT_SCOPE)
endfunction()
