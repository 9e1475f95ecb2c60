# SPDX-License-Identifier: BSD-3-Clause
# One `redsem check` case over simulated nodes (node.sh): run_check.cmake's, after making sure
# this machine lets a process have mount and UTS namespaces of its own; where it does not, the
# case says why and CTest reports it skipped (SKIP_REGULAR_EXPRESSION).
execute_process(COMMAND unshare --mount --uts true RESULT_VARIABLE status ERROR_VARIABLE why)
if(NOT status EQUAL 0)
  message("simulated nodes skipped: this sandbox forbids mount and UTS namespaces (unshare: ${why})")
  return()
endif()
include(${RUN_CHECK})
