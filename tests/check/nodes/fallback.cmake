# SPDX-License-Identifier: BSD-3-Clause
# A rank that cannot reach the `redsem check` it was told to stream to (REDSEM_CHECK_CONNECT
# names a port nobody listens on) writes its records into a file of REDSEM_CHECK_DIR on its own
# node instead, creating the directory, and says where on stderr. Run with cmake -P and
# -DLAUNCH=<mpirun command, a list> -DLIBRARY=<libredsem_check_*.so> -DPROGRAM=<binary> -DDIR=<scratch>.
include(${CMAKE_CURRENT_LIST_DIR}/../../sanitizer_report/sanitizer_report.cmake)
file(REMOVE_RECURSE ${DIR})
set(records ${DIR}/not/yet/made)
execute_process(COMMAND ${CMAKE_COMMAND} -E env REDSEM_CHECK_DIR=${records} REDSEM_CHECK_CONNECT=127.0.0.1:1
                        REDSEM_CHECK_TOKEN=0123 LD_PRELOAD=${LIBRARY} ${LAUNCH} ${PROGRAM}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
redsem_fail_on_sanitizer_report("${PROGRAM} exited with ${status}:\nstdout:\n${out}\nstderr:\n${err}" err out)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited with ${status}:\n${err}")
endif()
foreach(rank 0 1)
  file(READ ${records}/rank-${rank}.jsonl text)
  if(NOT text MATCHES "\"ev\":\"start\".*\"ev\":\"finalize\"")
    message(FATAL_ERROR "${records}/rank-${rank}.jsonl lacks its start and finalize lines:\n${text}")
  endif()
  if(NOT err MATCHES "rank-${rank}.jsonl on [^ ]+ cannot reach redsem check at 127.0.0.1:1")
    message(FATAL_ERROR "rank ${rank} did not say it cannot reach the launcher:\n${err}")
  endif()
  if(NOT err MATCHES "rank-${rank}.jsonl is written to ${records}/rank-${rank}.jsonl on ")
    message(FATAL_ERROR "rank ${rank} did not say where its records are:\n${err}")
  endif()
endforeach()
file(REMOVE_RECURSE ${DIR})
