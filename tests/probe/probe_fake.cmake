# SPDX-License-Identifier: BSD-3-Clause
cmake_minimum_required(VERSION 3.25)
# `redsem probe` with a fake tracer whose faults are known: the crash is recorded and the run
# resumes after it, each violation is found, and the exit status says so; a library without
# the persistent collectives is reported so. The fake tracer reports 3 processes, so the job
# has 3.
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
execute_process(COMMAND ${PROGRAM} probe --mpi ${MPI} --procs 3 --tracer ${TRACER} --json
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
redsem_fail_on_sanitizer_report("exit ${rc}: ${err}\n${out}" err out)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "exit ${rc}, want 1: ${err}\n${out}")
endif()
string(JSON ncases LENGTH "${out}" cases)
string(JSON crashed GET "${out}" cases 1 completed)
string(JSON crash_rule GET "${out}" cases 1 violations 0 details)
string(JSON order_rule GET "${out}" cases 2 violations 0 rule)
string(JSON identical_rule GET "${out}" cases 3 violations 0 rule)
string(JSON clean LENGTH "${out}" cases 0 violations)
string(JSON persistent_form GET "${out}" call_forms 2 form)
string(JSON persistent_supported GET "${out}" call_forms 2 supported)
string(JSON persistent_run GET "${out}" call_forms 2 run)
if(NOT ncases EQUAL 4 OR crashed OR NOT crash_rule MATCHES "dying in case 1" OR NOT clean EQUAL 0
   OR NOT order_rule MATCHES "rank order" OR NOT identical_rule MATCHES "identical"
   OR NOT persistent_form STREQUAL "persistent" OR persistent_supported OR persistent_run)
  message(FATAL_ERROR "unexpected verdicts:\n${out}")
endif()
# The text report says the library lacks the persistent form.
execute_process(COMMAND ${PROGRAM} probe --mpi ${MPI} --procs 3 --tracer ${TRACER}
                OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE rc)
redsem_fail_on_sanitizer_report("exit ${rc}: ${err}\n${text}" err text)
if(NOT text MATCHES "call forms: blocking \\(MPI_<collective>\\), nonblocking \\(MPI_I<collective>\\), persistent unsupported\n")
  message(FATAL_ERROR "no 'persistent unsupported' in the header:\n${text}")
endif()
