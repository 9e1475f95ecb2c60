# An adversarial pass over the command line: inputs a user could type or feed that crashed
# redsem, exhausted its memory or earned it a verdict it had not, with their neighbours.
set(ADV ${BAD_INPUTS}/adversary)

# RMA scenarios: every number a scenario writes is bounded (sim/rma/scenario_limits.h) before
# the session allocates windows or the model enumerates a buffer, and a datatype is checked
# before its typemap is built.
foreach(case rank_huge rank_negative)
  redsem_bad_input(adversary_rma_${case} ARGS rma ${ADV}/rma_${case}.rma RC 2 ERR "rma_${case}.rma:3: '-?[0-9]+:' is not a rank \\(0 .* 4095\\)")
endforeach()
redsem_bad_input(adversary_rma_rank_not_in_group ARGS rma ${ADV}/rma_rank_not_in_group.rma RC 0 OUT "rank_out_of_range")
redsem_bad_input(adversary_rma_target_outside_group ARGS rma ${ADV}/rma_target_outside_group.rma RC 2
                 ERR "rma_target_outside_group.rma:3: target 7 is not a rank of the 2-rank group")
redsem_bad_input(adversary_rma_window_huge ARGS rma ${ADV}/rma_window_huge.rma RC 2
                 ERR "rma_window_huge.rma:2: bytes=100000000000 is outside 1 .* 1048576")
redsem_bad_input(adversary_rma_window_at_limit ARGS rma ${ADV}/rma_window_at_limit.rma RC 0
                 OUT "window @131071 \\(MPI_LONG\\): 1 value\\(s\\): 1")
redsem_bad_input(adversary_rma_window_times_ranks ARGS rma ${ADV}/rma_window_times_ranks.rma RC 2
                 ERR "rma_window_times_ranks.rma:2: 4096 ranks .* 1048576-byte window is more than 67108864 bytes")
redsem_bad_input(adversary_rma_disp_huge ARGS rma ${ADV}/rma_disp_huge.rma RC 2
                 ERR "rma_disp_huge.rma:3: disp=9223372036854775807 is outside -1099511627776 .* 1099511627776")
redsem_bad_input(adversary_rma_disp_unit_huge ARGS rma ${ADV}/rma_disp_unit_huge.rma RC 2
                 ERR "rma_disp_unit_huge.rma:2: disp_unit=9223372036854775807 is outside 1 .* 1048576")
redsem_bad_input(adversary_rma_disp_past_window ARGS rma ${ADV}/rma_disp_past_window.rma RC 0
                 OUT "target_outside_window.*touches window bytes \\[8000000, 8000008\\)")
redsem_bad_input(adversary_rma_init_at_huge ARGS rma ${ADV}/rma_init_at_huge.rma RC 2
                 ERR "rma_init_at_huge.rma:3: init writes outside the window")
foreach(case count_huge get_count_huge)
  redsem_bad_input(adversary_rma_${case} ARGS rma ${ADV}/rma_${case}.rma RC 2
                   ERR "rma_${case}.rma:3: count=100000000000 is outside -1048576 .* 1048576")
endforeach()
redsem_bad_input(adversary_rma_count_times_entries ARGS rma ${ADV}/rma_count_times_entries.rma RC 2
                 ERR "count=2 of contiguous\\(1048576, MPI_LONG\\) is 2097152 elements, more than 1048576")
redsem_bad_input(adversary_rma_type_vector_huge ARGS rma ${ADV}/rma_type_vector_huge.rma RC 2
                 ERR "vector\\(1000000000,1,2,long\\): count 1000000000 is more than 1048576")
redsem_bad_input(adversary_rma_type_contiguous_huge ARGS rma ${ADV}/rma_type_contiguous_huge.rma RC 2
                 ERR "contiguous\\(2147483647,long\\): count 2147483647 is more than 1048576")
redsem_bad_input(adversary_rma_type_entries_nested ARGS rma ${ADV}/rma_type_entries_nested.rma RC 2
                 ERR "has 2097152 typemap entries, more than 1048576")
redsem_bad_input(adversary_rma_type_negative_count ARGS rma ${ADV}/rma_type_negative_count.rma RC 2
                 ERR "contiguous\\(-1,long\\): count -1 is negative \\(MPI-4.1 .*5.1.2")
redsem_bad_input(adversary_rma_type_negative_blocklength ARGS rma ${ADV}/rma_type_negative_blocklength.rma RC 2
                 ERR "indexed\\(-5,0,long\\): blocklength -5 is negative")
redsem_bad_input(adversary_rma_type_negative_stride ARGS rma ${ADV}/rma_type_negative_stride.rma RC 0
                 OUT "every outcome is as if in some serial order")
redsem_bad_input(adversary_rma_type_stride_huge ARGS rma ${ADV}/rma_type_stride_huge.rma RC 2
                 ERR "stride -9223372036854775807 is outside .*1099511627776")
redsem_bad_input(adversary_rma_type_span_huge ARGS rma ${ADV}/rma_type_span_huge.rma RC 2
                 ERR "spans more than 1099511627776 bytes")
redsem_bad_input(adversary_rma_type_resized_huge ARGS rma ${ADV}/rma_type_resized_huge.rma RC 2
                 ERR "lb -9223372036854775808 is outside .*1099511627776")
redsem_bad_input(adversary_rma_type_struct_huge ARGS rma ${ADV}/rma_type_struct_huge.rma RC 2
                 ERR "displacement 9223372036854775807 is outside .*1099511627776")
redsem_bad_input(adversary_rma_origin_buffer_huge ARGS rma ${ADV}/rma_origin_buffer_huge.rma RC 2
                 ERR "origin: 2 of resized\\(MPI_LONG, 0, 1099511627776\\) span 1099511627816 bytes, more than 1048576")
