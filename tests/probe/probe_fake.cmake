cmake_minimum_required(VERSION 3.25)
# `redsem probe` with a fake tracer whose faults are known: the crash is recorded and the run
# resumes after it, each violation is found, and the exit status says so. The fake tracer
# reports 3 processes, so the job has 3.
execute_process(COMMAND ${PROGRAM} probe --mpi ${MPI} --procs 3 --tracer ${TRACER} --json
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "exit ${rc}, want 1: ${err}\n${out}")
endif()
string(JSON ncases LENGTH "${out}" cases)
string(JSON crashed GET "${out}" cases 1 completed)
string(JSON crash_rule GET "${out}" cases 1 violations 0 details)
string(JSON order_rule GET "${out}" cases 2 violations 0 rule)
string(JSON identical_rule GET "${out}" cases 3 violations 0 rule)
string(JSON clean LENGTH "${out}" cases 0 violations)
if(NOT ncases EQUAL 4 OR crashed OR NOT crash_rule MATCHES "dying in case 1" OR NOT clean EQUAL 0
   OR NOT order_rule MATCHES "rank order" OR NOT identical_rule MATCHES "identical")
  message(FATAL_ERROR "unexpected verdicts:\n${out}")
endif()
