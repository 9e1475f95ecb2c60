# SPDX-License-Identifier: BSD-3-Clause
# Tests of `redsem opcheck --kernel`, included by CMakeLists.txt in its scope (its kernels' libraries,
# helpers and op files).
# `redsem opcheck --kernel` on the user ops of opcheck/user_ops.c: each wrong one caught with
# the right finding, each right one passing; bad input exits 2.
set(user_ops $<TARGET_FILE:opcheck_user_ops>)
function(opcheck_kernel_test name rc)
  add_test(NAME OpcheckKernel.${name}
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:redsem> -DCOMMAND=opcheck -DEXPECT_RC=${rc} ${ARGN}
            -P ${CMAKE_CURRENT_SOURCE_DIR}/run_command.cmake)
endfunction()
opcheck_kernel_test(registered_commutative_but_not 1
  "-DARGS=--kernel|${user_ops}:first_nonzero_double|--type|MPI_DOUBLE|--commute|true"
  "-DEXPECT_OUT=commutative +refuted \\(concrete counterexample\\): rank 0 holds a = 1, rank 1 holds b = 2: a∘b = 1 but b∘a = 2.*associative +holds on [0-9]+ samples.*error: created commutative \\(--commute true\\) but the op is not commutative")
opcheck_kernel_test(non_commutative_declared_false_passes 0
  "-DARGS=--kernel|${user_ops}:first_nonzero_double|--type|MPI_DOUBLE|--commute|false"
  "-DEXPECT_OUT=element-wise holds on.*commutative +refuted.*associative +holds on.*not a proof")
opcheck_kernel_test(ignores_len_writes_outside 1
  "-DARGS=--kernel|${user_ops}:sum_int_fixed_len|--type|MPI_INT|--commute|true"
  "-DEXPECT_OUT=element-wise broken: the function wrote outside inoutvec\\[0 .. len\\) on 1 element \\(one call\\): the byte at offset 4 .*laws +not checked: the function must keep its contract with MPI first")
opcheck_kernel_test(never_advances_is_split_dependent 1
  "-DARGS=--kernel|${user_ops}:sum_int_never_advances|--type|MPI_INT|--commute|true|--json"
  "-DJSON_KEY=element_wise|breach|kind" -DJSON_VALUE=split_dependent)
opcheck_kernel_test(never_advances_text 1
  "-DARGS=--kernel|${user_ops}:sum_int_never_advances|--type|MPI_INT|--commute|true"
  "-DEXPECT_OUT=the result depends on how the buffer is split on 2 elements: element [01] \\(invec -?[0-9], inoutvec -?[0-9]\\)")
opcheck_kernel_test(compensation_in_second_half_is_split_dependent 1
  "-DARGS=--kernel|${user_ops}:kahan_sum_halves|--type|MPI_DOUBLE|--commute|true"
  "-DEXPECT_OUT=element-wise broken: the result depends on how the buffer is split on 2 elements: element [01] \\(invec [-0-9]")
opcheck_kernel_test(scratch_invec_is_caught 1
  "-DARGS=--kernel|${user_ops}:sum_int_scratch_invec|--type|MPI_INT|--commute|true"
  "-DEXPECT_OUT=the function wrote invec on 1 element")
opcheck_kernel_test(ternary_max_is_order_dependent_on_nan_and_zero 1
  "-DARGS=--kernel|${user_ops}:max_double_ternary|--type|MPI_DOUBLE|--commute|true"
  "-DEXPECT_OUT=commutative +refuted only with NaN or -0 .*error: created commutative \\(--commute true\\) but the result depends on the operand order only with NaN or -0 operands")
opcheck_kernel_test(minloc_double_int_nan_order 1
  "-DARGS=--kernel|${user_ops}:minloc_double_int_op|--type|MPI_DOUBLE_INT|--commute|true|--json"
  "-DJSON_KEY=laws|commutative|only_nan_or_signed_zero" -DJSON_VALUE=ON)
opcheck_kernel_test(minloc_2int_passes 0
  "-DARGS=--kernel|${user_ops}:minloc_2int_op|--type|MPI_2INT|--commute|true"
  "-DEXPECT_OUT=commutative +holds on [0-9]+ samples.*associative +holds on")
opcheck_kernel_test(commutative_declared_false_gets_a_note 0
  "-DARGS=--kernel|${user_ops}:minloc_2int_op|--type|MPI_2INT|--commute|false"
  "-DEXPECT_OUT=note: created non-commutative \\(--commute false\\) but no counterexample to commutativity was found: creating it with commute = 1 would let MPI reorder operands")
opcheck_kernel_test(matmul_passes_with_identity 0
  "-DARGS=--kernel|${user_ops}:matmul2x2_int|--type|contiguous(4,MPI_INT)|--commute|false|--identity|1:0:0:1"
  "-DEXPECT_OUT=fields \\(int32, int32, int32, int32\\).*commutative +refuted.*associative +holds on [0-9]+ samples.*identity +holds on")
opcheck_kernel_test(matmul_declared_commutative_fails 1
  "-DARGS=--kernel|${user_ops}:matmul2x2_int|--type|contiguous(4,MPI_INT)|--commute|true"
  "-DEXPECT_OUT=error: created commutative")
opcheck_kernel_test(matmul_wrong_identity 1
  "-DARGS=--kernel|${user_ops}:matmul2x2_int|--type|contiguous(4,MPI_INT)|--commute|false|--identity|1:1:0:1"
  "-DEXPECT_OUT=identity +refuted.*error: the declared identity candidate is not an identity")
opcheck_kernel_test(mean_is_not_associative 1
  "-DARGS=--kernel|${user_ops}:mean_double|--type|MPI_DOUBLE|--commute|true"
  "-DEXPECT_OUT=associative +refuted \\(concrete counterexample\\): a = .*error: not associative")
# A correct float SUM fails associativity only as MPI's own MPI_SUM on MPI_DOUBLE does: a
# warning with its context and exit 0; an error with --strict-laws; a wrong identity claim is
# still an error.
opcheck_kernel_test(sum_double_not_associative_like_mpi_sum 0
  "-DARGS=--kernel|${user_ops}:sum_double|--type|MPI_DOUBLE|--commute|true"
  "-DEXPECT_OUT=commutative +holds on [0-9]+ samples.*associative +refuted \\(concrete counterexample\\): a = .*\n\n  warning: not associative, like MPI's own MPI_SUM on MPI_DOUBLE \\(every counterexample the search found is one that op has too, with the same results\\): MPI-4.1 §7.9.1 .*not exactly associative, such as floating-point addition")
opcheck_kernel_test(sum_double_strict_laws 1
  "-DARGS=--kernel|${user_ops}:sum_double|--type|MPI_DOUBLE|--commute|true|--strict-laws"
  "-DEXPECT_OUT=\n  error: not associative, like MPI's own MPI_SUM on MPI_DOUBLE")
opcheck_kernel_test(sum_double_wrong_identity_is_an_error 1
  "-DARGS=--kernel|${user_ops}:sum_double|--type|MPI_DOUBLE|--commute|true|--identity|1"
  "-DEXPECT_OUT=warning: not associative, like MPI's own MPI_SUM.*error: the declared identity candidate is not an identity")
opcheck_kernel_test(sum_double_json_warning 0
  "-DARGS=--kernel|${user_ops}:sum_double|--type|MPI_DOUBLE|--commute|true|--json"
  "-DJSON_KEY=findings|0|severity" -DJSON_VALUE=warning)
opcheck_kernel_test(missing_library_exits_2 2
  "-DARGS=--kernel|/nonexistent/lib.so:f|--type|MPI_INT|--commute|true" "-DEXPECT_ERR=cannot load library")
opcheck_kernel_test(missing_symbol_exits_2 2
  "-DARGS=--kernel|${user_ops}:no_such_op|--type|MPI_INT|--commute|true" "-DEXPECT_ERR=has no symbol 'no_such_op'")
opcheck_kernel_test(missing_commute_exits_2 2
  "-DARGS=--kernel|${user_ops}:mean_double|--type|MPI_DOUBLE" "-DEXPECT_ERR=--kernel needs --commute true\\|false")
opcheck_kernel_test(bad_type_exits_2 2
  "-DARGS=--kernel|${user_ops}:mean_double|--type|MPI_QUAD|--commute|true" "-DEXPECT_ERR=--type 'MPI_QUAD'")
opcheck_kernel_test(character_type_exits_2 2
  "-DARGS=--kernel|${user_ops}:mean_double|--type|MPI_CHAR|--commute|true" "-DEXPECT_ERR=not a reduction type")
opcheck_kernel_test(identity_of_wrong_shape_exits_2 2
  "-DARGS=--kernel|${user_ops}:matmul2x2_int|--type|contiguous(4,MPI_INT)|--commute|false|--identity|1,0"
  "-DEXPECT_ERR=--identity: ")
opcheck_kernel_test(kernel_and_op_file_together_exit_2 2
  "-DARGS=--kernel|${user_ops}:mean_double|--op-file|x.op|--type|MPI_DOUBLE|--commute|true"
  "-DEXPECT_ERR=give exactly one of --op-file FILE and --kernel")

# The hostile kernels' breaches of the call itself, each a finding (exit 1), never redsem's end.
set(hostile $<TARGET_FILE:fuzz_hostile_kernels>)
opcheck_kernel_test(hanging_function_is_a_finding 1
  "-DARGS=--kernel|${hostile}:sum_int32_spins|--type|MPI_INT32_T|--commute|true|--call-timeout|0.5"
  "-DEXPECT_OUT=element-wise broken: the function did not return within the call timeout on 1 element")
opcheck_kernel_test(exiting_function_is_a_finding 1
  "-DARGS=--kernel|${hostile}:sum_int32_exits|--type|MPI_INT32_T|--commute|true"
  "-DEXPECT_OUT=element-wise broken: the function ended its process without returning")
opcheck_kernel_test(function_checking_its_handle_gets_the_hint 1
  "-DARGS=--kernel|${hostile}:sum_int32_checks_handle|--type|MPI_INT32_T|--commute|true"
  "-DEXPECT_OUT=element-wise broken: the function crashed \\(signal [0-9]+\\) on 1 element \\(one call\\); a function that crashes on one element may be checking its datatype argument")
opcheck_kernel_test(crash_in_the_law_search_names_its_operands 1
  "-DARGS=--kernel|${user_ops}:sum_int_aborts_on_200_and_100|--type|MPI_INT|--commute|true"
  "-DEXPECT_OUT=laws +not checked.*error: the function crashed \\(signal [0-9]+\\) during the law search, on one element: invec a = 200, inoutvec b = 100")
opcheck_kernel_test(state_across_calls_is_nondeterministic 1
  "-DARGS=--kernel|${user_ops}:sum_int_adds_its_call_count|--type|MPI_INT|--commute|true"
  "-DEXPECT_OUT=element-wise broken: the same call twice gave different results on 1 element \\(one call\\): element 0 \\(invec -?[0-9]+, inoutvec -?[0-9]+\\) became -?[0-9]+ and then -?[0-9]+")
opcheck_kernel_test(function_writing_len_is_a_finding 1
  "-DARGS=--kernel|${hostile}:sum_int32_sets_len_zero|--type|MPI_INT32_T|--commute|true"
  "-DEXPECT_OUT=element-wise broken: the function wrote \\*len on 1 element")

# opcheck --kernel --mpi: the user ops of tests/fuzz/handles, which dispatch on their datatype
# handle, called in each MPI's helper with real handles. Without --mpi the same op crashes on
# redsem's own description of the type, and the hint names --mpi.
foreach(flavour openmpi mpich)
  if(NOT REDSEM_MPICC_${flavour})
    continue()
  endif()
  set(ops ${CMAKE_CURRENT_BINARY_DIR}/fuzz_handle_ops_${flavour}.so)
  foreach(through direct reduce_local)
    opcheck_kernel_test(mpi_${flavour}_dispatch_int_${through} 0
      "-DARGS=--kernel|${ops}:sum_int_or_double|--type|MPI_INT|--commute|true|--mpi|${flavour}|--through|${through}"
      "-DEXPECT_OUT=called +in the ${flavour} helper after MPI_Init, with handle MPI_INT.*element-wise holds on.*commutative +holds on.*associative +holds on")
  endforeach()
  opcheck_kernel_test(mpi_${flavour}_dispatch_without_mpi_names_the_fix 1
    "-DARGS=--kernel|${ops}:sum_int_or_double|--type|MPI_INT|--commute|true"
    "-DEXPECT_OUT=element-wise broken: the function crashed \\(signal 6\\) on 1 element.*--mpi openmpi\\|mpich \\(the MPI it was built with\\)")
  # With real handles a crash is the function's own: no hint about redsem's description.
  opcheck_kernel_test(mpi_${flavour}_dispatch_aborts_on_float 1
    "-DARGS=--kernel|${ops}:sum_int_or_double|--type|MPI_FLOAT|--commute|true|--mpi|${flavour}|--json"
    "-DJSON_KEY=element_wise|breach|message" "-DJSON_VALUE=the function crashed (signal 6) on 1 element (one call)")
  # The pair type the library makes at start-up, handed over by --setup; --type lays it out.
  opcheck_kernel_test(mpi_${flavour}_setup_pair 1
    "-DARGS=--kernel|${ops}:pair_sum|--type|${pair_struct}|--commute|true|--mpi|${flavour}|--setup|${ops}:make_pair_type|--through|reduce_local"
    "-DEXPECT_OUT=with handle made by .*:make_pair_type, through MPI_Op_create and MPI_Reduce_local\n  element-wise holds on.*commutative +holds on.*associative +refuted \\(concrete counterexample\\): a = \\(0, ")
  opcheck_kernel_test(mpi_${flavour}_setup_pair_split_dependent_is_caught 1
    "-DARGS=--kernel|${ops}:pair_sum_drops_last_total|--type|${pair_struct}|--commute|true|--mpi|${flavour}|--setup|${ops}:make_pair_type|--json"
    "-DJSON_KEY=element_wise|breach|kind" -DJSON_VALUE=split_dependent)
  # Without --type the handle --setup makes says what it is (MPI_Type_get_envelope/get_contents),
  # as LIB:FUNCTION and as the library's own LIB:INIT=GLOBAL; a --type of the same extent but
  # another layout (MPI_DOUBLE_INT: the double first) exits 2 naming both.
  opcheck_kernel_test(mpi_${flavour}_setup_without_type_reads_the_handle 1
    "-DARGS=--kernel|${ops}:pair_sum|--commute|true|--mpi|${flavour}|--setup|${ops}:make_pair_type"
    "-DEXPECT_OUT=:pair_sum on (resized\\()?struct\\(1×MPI_INT@0, 1×MPI_DOUBLE@8\\).*with handle made by .*:make_pair_type, directly\n  element-wise holds on")
  opcheck_kernel_test(mpi_${flavour}_setup_global_without_type_reads_the_handle 1
    "-DARGS=--kernel|${ops}:pair_sum|--commute|true|--mpi|${flavour}|--setup|${ops}:pair_library_init=pair_library_type|--json"
    "-DJSON_KEY=type" "-DJSON_VALUE=resized(struct(1×MPI_INT@0, 1×MPI_DOUBLE@8), 0, 16)")
  opcheck_kernel_test(mpi_${flavour}_setup_and_another_type_exit_2 2
    "-DARGS=--kernel|${ops}:pair_sum|--type|MPI_DOUBLE_INT|--commute|true|--mpi|${flavour}|--setup|${ops}:pair_library_init=pair_library_type"
    "-DEXPECT_ERR=redsem opcheck: --type 'MPI_DOUBLE_INT' and the handle --setup .*:pair_library_init=pair_library_type made disagree: (Open MPI|MPICH) describes that handle as resized\\(struct\\(1:1,0:8,MPI_INT:MPI_DOUBLE\\),0,16\\)")
  opcheck_kernel_test(mpi_${flavour}_setup_of_no_type_exits_2 2
    "-DARGS=--kernel|${ops}:pair_sum|--commute|true|--mpi|${flavour}|--setup|${ops}:pair_library_init=no_such_global"
    "-DEXPECT_ERR=setup: .*has no symbol 'no_such_global'")
  # A described --type is committed in the helper and asked about by the function.
  opcheck_kernel_test(mpi_${flavour}_described_pair 1
    "-DARGS=--kernel|${ops}:pair_sum_checks_size|--type|${pair_struct}|--commute|true|--mpi|${flavour}"
    "-DEXPECT_OUT=with handle struct\\(1:1,0:8,MPI_INT:MPI_DOUBLE\\), directly\n  element-wise holds on")
  opcheck_kernel_test(mpi_${flavour}_setup_type_of_another_extent_exits_2 2
    "-DARGS=--kernel|${ops}:sum_int_or_double|--type|MPI_INT|--commute|true|--mpi|${flavour}|--setup|${ops}:make_pair_type"
    "-DEXPECT_ERR=redsem opcheck: ${flavour} says the kernel's datatype handle has extent 16 \\(size 12\\), but an element of MPI_INT has extent 4")
  opcheck_kernel_test(mpi_${flavour}_missing_symbol_exits_2 2
    "-DARGS=--kernel|${ops}:no_such_op|--type|MPI_INT|--commute|true|--mpi|${flavour}" "-DEXPECT_ERR=has no symbol 'no_such_op'")
  # The shapes of user_ops.c judged alike in the helper (they never read their handle, so the one
  # build serves both MPIs): each wrong one caught with its explanation, the right one passing.
  set(in_mpi "--mpi|${flavour}")
  opcheck_kernel_test(mpi_${flavour}_registered_commutative_but_not 1
    "-DARGS=--kernel|${user_ops}:first_nonzero_double|--type|MPI_DOUBLE|--commute|true|${in_mpi}"
    "-DEXPECT_OUT=commutative +refuted \\(concrete counterexample\\): rank 0 holds a = 1, rank 1 holds b = 2: a∘b = 1 but b∘a = 2.*error: created commutative \\(--commute true\\) but the op is not commutative")
  opcheck_kernel_test(mpi_${flavour}_ignores_len_writes_outside 1
    "-DARGS=--kernel|${user_ops}:sum_int_fixed_len|--type|MPI_INT|--commute|true|${in_mpi}"
    "-DEXPECT_OUT=element-wise broken: the function wrote outside inoutvec\\[0 .. len\\)")
  opcheck_kernel_test(mpi_${flavour}_never_advances_is_split_dependent 1
    "-DARGS=--kernel|${user_ops}:sum_int_never_advances|--type|MPI_INT|--commute|true|--json|${in_mpi}"
    "-DJSON_KEY=element_wise|breach|kind" -DJSON_VALUE=split_dependent)
  opcheck_kernel_test(mpi_${flavour}_compensation_in_second_half_is_split_dependent 1
    "-DARGS=--kernel|${user_ops}:kahan_sum_halves|--type|MPI_DOUBLE|--commute|true|${in_mpi}"
    "-DEXPECT_OUT=element-wise broken: the result depends on how the buffer is split")
  opcheck_kernel_test(mpi_${flavour}_ternary_max_is_order_dependent_on_nan_and_zero 1
    "-DARGS=--kernel|${user_ops}:max_double_ternary|--type|MPI_DOUBLE|--commute|true|${in_mpi}"
    "-DEXPECT_OUT=commutative +refuted only with NaN or -0 .*error: created commutative \\(--commute true\\) but the result depends on the operand order only with NaN or -0 operands")
  opcheck_kernel_test(mpi_${flavour}_matmul_passes_with_identity 0
    "-DARGS=--kernel|${user_ops}:matmul2x2_int|--type|contiguous(4,MPI_INT)|--commute|false|--identity|1:0:0:1|${in_mpi}"
    "-DEXPECT_OUT=commutative +refuted.*associative +holds on [0-9]+ samples.*identity +holds on")
endforeach()
opcheck_kernel_test(mpi_setup_needs_mpi_exits_2 2
  "-DARGS=--kernel|${user_ops}:mean_double|--type|MPI_DOUBLE|--commute|true|--setup|${user_ops}:f"
  "-DEXPECT_ERR=--setup, --through and --mpi-helper need --mpi openmpi\\|mpich")
opcheck_kernel_test(mpi_unknown_library_exits_2 2
  "-DARGS=--kernel|${user_ops}:mean_double|--type|MPI_DOUBLE|--commute|true|--mpi|lam"
  "-DEXPECT_ERR=redsem opcheck: --mpi 'lam': expected openmpi, mpich, or the path")
opcheck_kernel_test(mpi_missing_helper_exits_2 2
  "-DARGS=--kernel|${user_ops}:mean_double|--type|MPI_DOUBLE|--commute|true|--mpi|mpich|--mpi-helper|/nonexistent/helper"
  "-DEXPECT_ERR=no helper program for mpich at /nonexistent/helper")
opcheck_kernel_test(mpi_with_op_file_exits_2 2
  "-DARGS=--op-file|${pair_op}|--mpi|mpich" "-DEXPECT_ERR=go with --kernel")
