# SPDX-License-Identifier: BSD-3-Clause
# Op files and the numbers users type (docs/op-files.md): identities, let chains, many fields,
# empty domains, literals and --values rounded once to their type, and inputs inside the
# `require` domain for orders, simulate and fuzz.
set(OPF ${BAD_INPUTS}/opfile)

# Writes an op file with one line per i in [1, COUNT]: LINE with @i@ replaced by i (and @p@ by i - 1).
function(opfile_numbered file)
  cmake_parse_arguments(F "" "HEAD;LINE;COUNT;TAIL" "" ${ARGN})
  set(body "${F_HEAD}")
  foreach(i RANGE 1 ${F_COUNT})
    math(EXPR p "${i} - 1")
    string(REPLACE "@i@" "${i}" line "${F_LINE}")
    string(REPLACE "@p@" "${p}" line "${line}")
    string(APPEND body "${line}")
  endforeach()
  file(WRITE ${BAD_GENERATED}/${file} "${body}${F_TAIL}")
endfunction()

# --- an identity may use constants only (it named a let over the operands: a segfault) ---
foreach(cmd opcheck laws emit-c)
  redsem_bad_input(opfile_identity_let_${cmd} ARGS ${cmd} --op-file ${OPF}/identity_let.op RC 2
    ERR "identity_let.op:7:14: error: identity values are constants: 'x' cannot appear here")
endforeach()
redsem_bad_input(opfile_identity_let_orders ARGS orders --op-file ${OPF}/identity_let.op --procs 3 RC 2
  ERR "identity values are constants: 'x'")
redsem_bad_input(opfile_identity_let_simulate ARGS simulate --collective allreduce --algorithm recursive_doubling --op-file ${OPF}/identity_let.op
  --procs 3 RC 2 ERR "identity values are constants: 'x'")
redsem_bad_input(opfile_identity_field ARGS opcheck --op-file ${OPF}/identity_let_field.op RC 2
  ERR "identity values are constants: 'v' cannot appear here")
redsem_bad_input(opfile_identity_constant_beside_let ARGS opcheck --op-file ${OPF}/identity_constant.op RC 0
  OUT "identity +holds on")

# --- a float sum is not associative only as MPI's own MPI_SUM on MPI_DOUBLE is not: a warning
# with MPI's context and exit 0, an error with --strict-laws ---
redsem_bad_input(opfile_float_sum_warns_like_mpi_sum ARGS opcheck --op-file ${OPF}/float_sum.op RC 0
  OUT "associative +refuted.*warning: not associative, like MPI's own MPI_SUM on MPI_DOUBLE .*MPI-4.1 §7.9.1")
redsem_bad_input(opfile_float_sum_strict_laws ARGS opcheck --op-file ${OPF}/float_sum.op --strict-laws RC 1
  OUT "error: not associative, like MPI's own MPI_SUM on MPI_DOUBLE")
redsem_bad_input(opfile_float_pair_sum_warns_like_mpi_sum ARGS opcheck --op-file ${OPF}/float_pair_sum.op RC 0
  OUT "warning: not associative, like MPI's own MPI_SUM on each MPI_DOUBLE ")
redsem_bad_input(opfile_float_difference_is_an_error ARGS opcheck --op-file ${OPF}/float_difference.op RC 1
  OUT "error: not associative: MPI may regroup operands")

# --- depth counts through let chains (33,000 lets overflowed the stack) ---
set(chain_head "op CHAIN\nfield v : int32\ncommute true\nlet x0 = a.v + b.v\n")
opfile_numbered(let_chain_33000.op HEAD "${chain_head}" LINE "let x@i@ = x@p@ + 0\n" COUNT 33000 TAIL "result v = x33000\n")
opfile_numbered(let_chain_199.op HEAD "${chain_head}" LINE "let x@i@ = x@p@ + 0\n" COUNT 198 TAIL "result v = x198\n")
opfile_numbered(let_chain_200.op HEAD "${chain_head}" LINE "let x@i@ = x@p@ + 0\n" COUNT 199 TAIL "result v = x199\n")
opfile_numbered(let_chain_result.op HEAD "${chain_head}" LINE "let x@i@ = x@p@ + 0\n" COUNT 198 TAIL "result v = x198 + 0\n")
set(chain_error "let_chain_33000.op:203:5: error: let 'x199' nests 201 levels deep once the lets it uses are written out, more than 200")
redsem_bad_input(opfile_let_chain_33000_opcheck ARGS opcheck --op-file ${BAD_GENERATED}/let_chain_33000.op RC 2
  ERR "${chain_error}")
redsem_bad_input(opfile_let_chain_33000_orders ARGS orders --op-file ${BAD_GENERATED}/let_chain_33000.op --procs 3 RC 2
  ERR "${chain_error}")
redsem_bad_input(opfile_let_chain_at_limit ARGS opcheck --op-file ${BAD_GENERATED}/let_chain_199.op RC 0
  OUT "associative +holds on")
redsem_bad_input(opfile_let_chain_33000_emit_c ARGS emit-c --op-file ${BAD_GENERATED}/let_chain_33000.op RC 2
  ERR "${chain_error}")
redsem_bad_input(opfile_let_chain_at_limit_emit_c ARGS emit-c --op-file ${BAD_GENERATED}/let_chain_199.op RC 0
  OUT "const int32_t t197 = ")
redsem_bad_input(opfile_let_chain_one_past ARGS opcheck --op-file ${BAD_GENERATED}/let_chain_200.op RC 2
  ERR "let 'x199' nests 201 levels")
redsem_bad_input(opfile_let_chain_in_result ARGS opcheck --op-file ${BAD_GENERATED}/let_chain_result.op RC 2
  ERR "the result for field 'v' nests 201 levels")

# --- many fields: the exhaustive phase works to a budget (2^fields elements took minutes and GBs) ---
foreach(n 8 12 20 64)
  opfile_numbered(int_fields_${n}.op HEAD "op WIDE\ncommute true\n" LINE "field f@i@ : int32\nresult f@i@ = a.f@i@ + b.f@i@\n"
    COUNT ${n})
  redsem_bad_input(opfile_int_fields_${n} ARGS opcheck --op-file ${BAD_GENERATED}/int_fields_${n}.op RC 0
    OUT "search sampled: 40 of [0-9]+ legal elements among [0-9]+ of [0-9^a-z ]+ small-value elements" TIMEOUT 60
    MEMORY_MB 1024)
endforeach()
opfile_numbered(bool_fields_40_false.op HEAD "op BOOLS\ncommute true\nrequire false\n"
  LINE "field f@i@ : bool\nresult f@i@ = a.f@i@ && b.f@i@\n" COUNT 40)
redsem_bad_input(opfile_bool_fields_40_require_false ARGS opcheck --op-file ${BAD_GENERATED}/bool_fields_40_false.op RC 2
  ERR "bool_fields_40_false.op:3:1: error: this 'require' uses no field and is false" TIMEOUT 20 MEMORY_MB 1024)
opfile_numbered(bool_fields_40_unsat.op HEAD "op BOOLS\ncommute true\nrequire f1 && !f1\n"
  LINE "field f@i@ : bool\nresult f@i@ = a.f@i@ && b.f@i@\n" COUNT 40)
set(unsat ${BAD_GENERATED}/bool_fields_40_unsat.op)
set(unsat_error "no element satisfies the 'require' lines.*domain is empty")
redsem_bad_input(opfile_bool_fields_40_unsatisfiable_opcheck ARGS opcheck --op-file ${unsat} RC 2
  ERR "${unsat_error}" TIMEOUT 30 MEMORY_MB 1024)
redsem_bad_input(opfile_bool_fields_40_unsatisfiable_orders ARGS orders --op-file ${unsat} --procs 3 RC 2
  ERR "${unsat_error}" TIMEOUT 30 MEMORY_MB 1024)
redsem_bad_input(opfile_bool_fields_40_unsatisfiable_simulate ARGS simulate --collective reduce --algorithm linear --op-file ${unsat}
  --procs 3 RC 2 ERR "${unsat_error}" TIMEOUT 30 MEMORY_MB 1024)
redsem_bad_input(opfile_bool_fields_4_exhaustive ARGS opcheck --op-file ${PROJECT_SOURCE_DIR}/examples/ops/segmented_sum_bool.op
  RC 0 OUT "search exhaustive over all")

# --- empty domains are bad input, with the file and the line ---
redsem_bad_input(opfile_require_false ARGS opcheck --op-file ${OPF}/require_false.op RC 2
  ERR "require_false.op:5:1: error: this 'require' uses no field and is false")
redsem_bad_input(opfile_require_constant_false ARGS orders --op-file ${OPF}/require_constant_false.op --procs 3 RC 2
  ERR "require_constant_false.op:5:1: error: this 'require' uses no field and is false")
foreach(cmd opcheck laws)
  redsem_bad_input(opfile_require_unsatisfiable_${cmd} ARGS ${cmd} --op-file ${OPF}/require_unsatisfiable.op RC 2
    ERR "no element satisfies the 'require' lines")
endforeach()
redsem_bad_input(opfile_require_unsatisfiable_laws_json ARGS laws --no-cache --json --op-file ${OPF}/require_unsatisfiable.op
  RC 2 ERR "no element satisfies the 'require' lines")
redsem_bad_input(opfile_laws_json_with_op ARGS laws --no-cache --json --op-file ${OPF}/require_narrow.op --op sum RC 2
  ERR "--op-file takes neither --op nor --element")
redsem_bad_input(opfile_require_narrow_is_fine ARGS opcheck --op-file ${OPF}/require_narrow.op RC 0
  OUT "commutative +holds on")

# --- numbers: one parser, rounded once to the type, range errors name the type ---
redsem_bad_input(opfile_values_float_rounds_once ARGS orders --op MPI_MAX --type MPI_FLOAT
  --values 1.0000000596046447753906250001 RC 0 OUT "r0=1.00000012 \\[0x3f800001\\]")
redsem_bad_input(opfile_values_float_below_midpoint ARGS orders --op MPI_MAX --type MPI_FLOAT
  --values 1.0000000596046447753906249999 RC 0 OUT "r0=1 \\[0x3f800000\\]")
redsem_bad_input(opfile_values_float_overflow ARGS orders --op MPI_SUM --type MPI_FLOAT --values 1e39,1 RC 2
  ERR "--values: '1e39' is out of range for float \\(largest finite magnitude 3.40282347e\\+38\\)")
redsem_bad_input(opfile_values_float_underflow ARGS orders --op MPI_SUM --type MPI_FLOAT --values 1e-50,1 RC 2
  ERR "--values: '1e-50' is out of range for float: nonzero but below its smallest magnitude")
redsem_bad_input(opfile_values_double_overflow ARGS simulate --collective reduce --algorithm linear --op MPI_SUM --type MPI_DOUBLE --procs 2 --values 1e309,1 RC 2
  ERR "'1e309' is out of range for double")
redsem_bad_input(opfile_values_float_inf_is_fine ARGS orders --op MPI_MAX --type MPI_FLOAT --values inf,-inf RC 0
  OUT "r0=inf")
redsem_bad_input(opfile_values_decimal_not_octal ARGS orders --op MPI_SUM --type MPI_INT --values 010,0x10 RC 0
  OUT "r0=10, r1=16")
redsem_bad_input(opfile_values_int_out_of_range ARGS orders --op MPI_SUM --type MPI_UNSIGNED_CHAR --values 256,1 RC 2
  ERR "'256' is out of range for uint8 \\(0 to 255\\)")
redsem_bad_input(opfile_values_negative_unsigned ARGS orders --op MPI_SUM --type MPI_UNSIGNED --values -1,1 RC 2
  ERR "'-1' is out of range for uint32")
redsem_bad_input(opfile_values_not_a_number ARGS orders --op MPI_SUM --type MPI_INT --values 12abc,1 RC 2
  ERR "'12abc' is not a valid int32")
redsem_bad_input(opfile_laws_element_float_overflow ARGS laws --op MPI_MAX --type MPI_FLOAT --element -1e39 RC 2
  ERR "--element: '-1e39' is out of range for float")
redsem_bad_input(opfile_literal_float_overflow ARGS opcheck --op-file ${OPF}/float_identity_overflow.op RC 2
  ERR "float_identity_overflow.op:6:15: error: floating-point literal '-1e39' is out of range for float")
redsem_bad_input(opfile_literal_float_underflow ARGS opcheck --op-file ${OPF}/float_literal_underflow.op RC 2
  ERR "floating-point literal '1e-50' is out of range for float: nonzero but below")
# The literal is 0x3f800001, so exactly that value is inside the domain, and 1 is not.
redsem_bad_input(opfile_literal_rounds_once ARGS orders --op-file ${OPF}/float_literal_rounding.op
  --values 1.00000011920928955078125,0 RC 0 OUT "r0=1.00000012 \\[0x3f800001\\]")
redsem_bad_input(opfile_literal_rounds_once_not_one ARGS orders --op-file ${OPF}/float_literal_rounding.op
  --values 1,0 RC 2 ERR "--values: element 0 \\(1 \\[0x3f800000\\]\\) is outside the op's domain")

# --- orders under the compare policy, and inside the op file's domain ---
redsem_bad_input(opfile_orders_nan_equal ARGS orders --op MPI_SUM --type MPI_FLOAT --values nan,inf,-inf,1 RC 0
  OUT "verdict: invariant — exhaustive: all [0-9]+ legal orders give results equal under compare=nan_equal")
redsem_bad_input(opfile_orders_bitwise ARGS orders --op MPI_SUM --type MPI_FLOAT --values nan,inf,-inf,1
  --policy compare=bitwise RC 0 OUT "verdict: order-dependent")
foreach(cmd orders simulate)
  set(collective)
  if(cmd STREQUAL "simulate")
    set(collective --collective allreduce --algorithm recursive_doubling)
  endif()
  redsem_bad_input(opfile_${cmd}_values_outside_domain ARGS ${cmd} ${collective} --op-file ${OPF}/clamped_sum.op --procs 3
    --values 100,50,-60 RC 2 ERR "--values: element 2 \\(-60\\) is outside the op's domain")
endforeach()
redsem_bad_input(opfile_orders_values_inside_domain ARGS orders --op-file ${OPF}/clamped_sum.op --values 100,50,60 RC 0
  OUT "verdict: invariant — laws: associative and commutative")
redsem_bad_input(opfile_orders_random_inside_domain ARGS orders --op-file ${OPF}/clamped_sum.op --procs 6 --random 3 RC 0
  OUT "inputs inside the op file's 'require' domain; [0-9]+ of [0-9]+ random draws fell outside")
redsem_bad_input(opfile_orders_unclosed_domain_searches ARGS orders --op-file ${OPF}/clamped_sum_signed.op
  --values 100,50,-60 RC 0 OUT "verdict: order-dependent")
# Laws Z3 proves inside the domain do not settle invariance when the op leaves the domain.
redsem_bad_input(opfile_orders_laws_need_closure ARGS orders --op-file ${OPF}/not_closed.op --values 1,1,1,1 RC 0
  OUT "verdict: order-dependent — 2 distinct results.*  4  12 trees.*  0  3 trees")
# RMA scenarios read their typed values with the same parser.
redsem_bad_input(opfile_rma_scenario_float_overflow ARGS rma ${OPF}/scenario_float_overflow.rma RC 2
  ERR "scenario_float_overflow.rma:4: origin: '1e39' is out of range for float")
redsem_bad_input(opfile_rma_scenario_decimal_not_octal ARGS rma ${OPF}/scenario_decimal.rma RC 0
  OUT "window @0 \\(MPI_INT\\): 1 value\\(s\\): 10")
# fuzz reads the op file (and its domain) before it loads the kernel.
redsem_bad_input(opfile_fuzz_require_unsatisfiable ARGS fuzz --kernel ${OPF}/no_such_kernel.so:f
  --op-file ${OPF}/require_unsatisfiable.op RC 2 ERR "no element satisfies its 'require' lines.*domain is empty")
redsem_bad_input(opfile_fuzz_require_false ARGS fuzz --kernel ${OPF}/no_such_kernel.so:f --op-file ${OPF}/require_false.op
  RC 2 ERR "require_false.op:5:1: error: this 'require' uses no field and is false")
