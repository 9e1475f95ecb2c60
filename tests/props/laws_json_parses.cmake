# SPDX-License-Identifier: BSD-3-Clause
# `redsem laws --json --op sum --type MPI_FLOAT`: an object like every command's document, with
# one entry whose associativity is refuted with a counterexample and whose identity is proved to
# be -0.
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
execute_process(COMMAND ${PROGRAM} laws --no-cache --json --op sum --type float OUTPUT_VARIABLE out ERROR_VARIABLE stderr RESULT_VARIABLE rc)
redsem_fail_on_sanitizer_report("exit ${rc}: ${stderr}" stderr out)
string(JSON entries ERROR_VARIABLE err LENGTH "${out}" entries)
if(err)
  message(FATAL_ERROR "not JSON: ${err}\n${out}")
endif()
string(JSON op GET "${out}" entries 0 op)
string(JSON assoc GET "${out}" entries 0 laws associativity verdict)
string(JSON x GET "${out}" entries 0 laws associativity counterexample inputs 0 value display)
string(JSON identity GET "${out}" entries 0 laws identity element display)
if(NOT rc EQUAL 0 OR NOT entries EQUAL 1 OR NOT op STREQUAL "MPI_SUM" OR NOT assoc STREQUAL "refuted"
   OR NOT identity MATCHES "^-0 \\[0x80000000\\]$")
  message(FATAL_ERROR "rc=${rc} entries=${entries} op=${op} assoc=${assoc} x=${x} identity=${identity}")
endif()
