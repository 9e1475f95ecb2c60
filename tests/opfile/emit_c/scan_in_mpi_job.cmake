# SPDX-License-Identifier: BSD-3-Clause
# emit-c's output in a real MPI job: generate examples/ops/segmented_sum_bool.op, compile
# scan_driver.c around it with the MPI's mpicc, run it under mpirun (LAUNCH, '|'-separated) and
# expect agreement; then run it with "wrong" (one process) and expect it to end with the function's message.
#   -DPROGRAM=redsem -DOP_FILE=… -DDRIVER=scan_driver.c -DMPICC=… -DLAUNCH="mpirun|-n|3" -DFLAVOUR=… -DWORK=…
include(${CMAKE_CURRENT_LIST_DIR}/../../sanitizer_report/sanitizer_report.cmake)
string(REPLACE "|" ";" LAUNCH "${LAUNCH}")
file(MAKE_DIRECTORY ${WORK})
set(c ${WORK}/scan_${FLAVOUR}.c)
set(exe ${WORK}/scan_${FLAVOUR})
execute_process(COMMAND ${PROGRAM} emit-c --op-file ${OP_FILE} --type int64 -o ${c} RESULT_VARIABLE rc ERROR_VARIABLE err)
redsem_fail_on_sanitizer_report("emit-c exit ${rc}: ${err}" err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "emit-c exit ${rc}: ${err}")
endif()
execute_process(COMMAND ${MPICC} -O2 -Wall -Wextra -Werror "-DGENERATED_C=\"${c}\"" -o ${exe} ${DRIVER}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${MPICC} failed:\n${out}\n${err}")
endif()
execute_process(COMMAND ${LAUNCH} ${exe} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
redsem_fail_on_sanitizer_report("exit ${rc}\n${out}\n${err}" err out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "agrees with the generated function")
  message(FATAL_ERROR "exit ${rc}\n${out}\n${err}")
endif()
# One process, without the launcher: MPICH's launcher may end the job on MPI_Abort before it has
# forwarded what the rank wrote just before, which would make the test depend on the load.
execute_process(COMMAND ${exe} wrong RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
redsem_fail_on_sanitizer_report("exit ${rc}\n${out}\n${err}" err out)
if(rc EQUAL 0 OR out MATCHES "returned on a wrong datatype"
   OR NOT "${out}${err}" MATCHES "segmented_sum_bool_int64_function \\(op SEGMENTED_SUM_BOOL, T=int64\\): called with datatype 'MPI_INT'")
  message(FATAL_ERROR "a wrong datatype did not end the job with the function's message (exit ${rc}):\n${out}\n${err}")
endif()
