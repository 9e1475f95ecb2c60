# SPDX-License-Identifier: BSD-3-Clause
# One `redsem check` case over simulated nodes (node.sh): run_check.cmake's, after making sure
# this machine lets a process have mount and UTS namespaces of its own (and, for IPV6_ONLY, a
# network namespace); where it does not, the case says why and CTest reports it skipped
# (SKIP_REGULAR_EXPRESSION). A sanitizer's report fails the case in run_check.cmake, whatever the
# exit status (SanitizerReport.nodes_case); the commands run here before it are the system's.
execute_process(COMMAND unshare --mount --uts true RESULT_VARIABLE status ERROR_VARIABLE why)
if(NOT status EQUAL 0)
  message("simulated nodes skipped: this sandbox forbids mount and UTS namespaces (unshare: ${why})")
  return()
endif()
# With IPV6_ONLY (ipv6_only.sh), `redsem check` and all it starts run where ::1 is the only address.
if(IPV6_ONLY)
  execute_process(COMMAND ${IPV6_ONLY} true RESULT_VARIABLE status ERROR_VARIABLE why)
  if(NOT status EQUAL 0)
    message("simulated nodes skipped: this sandbox forbids a network namespace with only ::1 (${why})")
    return()
  endif()
  set(PROGRAM ${IPV6_ONLY} ${PROGRAM})
endif()
include(${RUN_CHECK})
