# SPDX-License-Identifier: BSD-3-Clause
# The proof from the source and the search of the compiled library agree: ${FUNCTION} of
# ${SOURCE}, built into a shared library with mpicc.openmpi, is searched by `opcheck --kernel`
# and proved by `opcheck --source` in one command (${ARGS}), one JSON document; each law's two
# verdicts must not contradict (refuted on one side, proved or holding on the other). A function
# the proof shows equal to MPI's own op (associativity failing as that op's, a warning) is one the
# search excuses alike, with the same verdict; with EXPECTED, the command exits that.
include(${CMAKE_CURRENT_LIST_DIR}/../sanitizer_report/sanitizer_report.cmake)
set(lib ${WORK}/c_op_agrees_${FUNCTION}.so)
execute_process(COMMAND ${CMAKE_COMMAND} -E env OMPI_CC=clang mpicc.openmpi -O1 -fno-vectorize -fno-slp-vectorize -shared -fPIC -o ${lib} ${SOURCE}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cannot build ${lib}: ${err}")
endif()
execute_process(COMMAND ${PROGRAM} opcheck --kernel ${lib}:${FUNCTION} --source ${SOURCE}:${FUNCTION} ${ARGS} --no-cache --json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
redsem_fail_on_sanitizer_report("exit ${rc}:\n${out}${err}" err out)
if(rc GREATER 1 OR (DEFINED EXPECTED AND NOT rc EQUAL EXPECTED))
  message(FATAL_ERROR "exit ${rc}:\n${out}${err}")
endif()
# One JSON document: the proof's, with the search's report as its "search".
string(JSON searched ERROR_VARIABLE json_error GET "${out}" search)
if(json_error)
  message(FATAL_ERROR "expected one JSON document with the search in it: ${json_error}\n${out}${err}")
endif()
set(proved "${out}")
# Element-wise: a broken contract found by the search is refuted by the proof, and back.
string(JSON a GET "${searched}" element_wise verdict)
string(JSON b GET "${proved}" element_wise verdict)
if((a STREQUAL "broken") AND NOT (b STREQUAL "refuted" OR b STREQUAL "unknown"))
  message(FATAL_ERROR "${FUNCTION}: element-wise broken in the search but ${b} from the source:\n${out}")
endif()
if((b STREQUAL "refuted") AND (a STREQUAL "holds_on_samples"))
  message(STATUS "${FUNCTION}: element-wise refuted from the source, holds on the search's samples")
endif()
foreach(law commutative associative identity)
  string(JSON a ERROR_VARIABLE e1 GET "${searched}" laws ${law} verdict)
  string(JSON b ERROR_VARIABLE e2 GET "${proved}" laws ${law} verdict)
  if(e1 OR e2)
    continue()
  endif()
  if((a STREQUAL "refuted") AND NOT (b STREQUAL "refuted" OR b STREQUAL "unknown"))
    message(FATAL_ERROR "${FUNCTION}: ${law} refuted by the search but ${b} from the source:\n${out}")
  endif()
  # A proof that only NaN or -0 refutes the law contradicts an ordinary counterexample found.
  string(JSON a_nan ERROR_VARIABLE e3 GET "${searched}" laws ${law} only_nan_or_signed_zero)
  string(JSON b_nan ERROR_VARIABLE e4 GET "${proved}" laws ${law} only_nan_or_signed_zero)
  if((a STREQUAL "refuted") AND e3 AND (b STREQUAL "refuted") AND NOT e4)
    message(FATAL_ERROR "${FUNCTION}: ${law} refuted by an ordinary counterexample in the search, but only with "
                        "NaN or -0 from the source:\n${out}")
  endif()
  if((b STREQUAL "refuted") AND (a STREQUAL "holds_on_samples" OR a STREQUAL "proved"))
    # The search may miss a refutation; the proof's counterexample must then be real: say so.
    message(STATUS "${FUNCTION}: ${law} refuted from the source, holds on the search's samples")
  endif()
  if((b STREQUAL "proved") AND NOT (a STREQUAL "holds_on_samples" OR a STREQUAL "not_applicable" OR a STREQUAL "proved"))
    message(FATAL_ERROR "${FUNCTION}: ${law} proved from the source but ${a} in the search:\n${out}")
  endif()
endforeach()
# Associativity failing only as MPI's own op does: what the proof shows for every input, the
# search (which excuses that op's counterexamples) must find too, and give the same verdict.
string(JSON a ERROR_VARIABLE e1 GET "${searched}" laws associative fails_as_predefined)
string(JSON b ERROR_VARIABLE e2 GET "${proved}" laws associative fails_as_predefined)
if(NOT e2 AND (e1 OR NOT a STREQUAL b))
  message(FATAL_ERROR "${FUNCTION}: associativity fails as ${b} from the source, but not so in the search:\n${out}")
endif()
if(NOT e1 AND e2)
  message(STATUS "${FUNCTION}: associativity fails as ${a} in the search; no equality to it proved from the source")
endif()
string(JSON a GET "${searched}" verdict)
string(JSON b GET "${proved}" verdict)
if(NOT e2 AND NOT a STREQUAL b)
  message(FATAL_ERROR "${FUNCTION}: verdict ${a} in the search but ${b} from the source:\n${out}")
endif()
