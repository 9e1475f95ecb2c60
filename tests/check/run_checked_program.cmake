# SPDX-License-Identifier: BSD-3-Clause
# One RMA test program under mpirun with the check library preloaded, then its records through
# the analysis driver. Run with cmake -P and:
#   -DLAUNCH=<mpirun command, a list> -DLIBRARY=<libredsem_check_*.so> -DPROGRAM=<binary>
#   -DDIR=<records directory> -DDRIVER=<check_rma_records> -DEXPECT=<checks, a list>
#   -DRECORD_TEXT=<text some record must hold; empty: none asked for>
#   -DRENAMED=<a file name: the check library (LIBRARY's last entry) copied to it in DIR, and
#              preloaded under that name; optional>
# A sanitizer's report in either run's output fails the test whatever the exit status
# (tests/sanitizer_report/sanitizer_report.cmake): under the sanitizer presets the check library's
# twin reports from inside the ranks, and a law-check child's report does not reach mpirun's status.
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
if(RENAMED)
  string(REPLACE ":" ";" preloads "${LIBRARY}")
  list(POP_BACK preloads library)
  file(COPY_FILE ${library} ${DIR}/${RENAMED})
  list(APPEND preloads ${DIR}/${RENAMED})
  list(JOIN preloads ":" LIBRARY)
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env REDSEM_CHECK_DIR=${DIR} LD_PRELOAD=${LIBRARY} ${LAUNCH} ${PROGRAM}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(shown "stdout:\n${out}\nstderr:\n${err}")
redsem_fail_on_sanitizer_report("${PROGRAM} under mpirun exited with ${status}\n${shown}" out err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} under mpirun exited with ${status}\n${shown}")
endif()
execute_process(COMMAND ${DRIVER} ${DIR} ${EXPECT} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(shown "the records driver's stdout:\n${out}\nstderr:\n${err}")
redsem_fail_on_sanitizer_report("the records driver exited with ${status}\n${shown}" out err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the records of ${PROGRAM} in ${DIR} do not hold what the test expects (${EXPECT})\n${shown}")
endif()
if(RECORD_TEXT)
  file(GLOB records ${DIR}/*.jsonl)
  set(found FALSE)
  foreach(record ${records})
    file(READ ${record} text)
    string(FIND "${text}" "${RECORD_TEXT}" at)
    if(NOT at EQUAL -1)
      set(found TRUE)
    endif()
  endforeach()
  if(NOT found)
    message(FATAL_ERROR "no record of ${PROGRAM} in ${DIR} holds '${RECORD_TEXT}'")
  endif()
endif()
