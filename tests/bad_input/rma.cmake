# SPDX-License-Identifier: BSD-3-Clause
# `redsem rma` scenarios: sizes, counts, displacements and ranks are checked (with checked
# arithmetic) before anything is allocated; the file is read by the input reader op files share;
# a search that stopped early confirms nothing; undefined behaviour no expect line names exits 1.
set(RMA_IN ${BAD_INPUTS}/rma)

# The file itself: capped before it is read, a directory named as such.
redsem_bad_input(rma_dev_zero ARGS rma /dev/zero RC 2 ERR "/dev/zero: file larger than 1048576 bytes" TIMEOUT 10)
# A FIFO that no one writes: read as empty at once, not waited on forever.
set(no_writer_fifo ${CMAKE_CURRENT_BINARY_DIR}/no_writer.fifo)
if(NOT EXISTS ${no_writer_fifo})
  execute_process(COMMAND mkfifo ${no_writer_fifo})
endif()
redsem_bad_input(rma_fifo_without_writer ARGS rma ${no_writer_fifo} RC 2 ERR "needs a 'window BYTES' line" TIMEOUT 10)
redsem_bad_input(opfile_fifo_without_writer ARGS opcheck --op-file ${no_writer_fifo} RC 2 ERR "expected 'op NAME'" TIMEOUT 10)
redsem_bad_input(rma_directory ARGS rma ${RMA_IN} RC 2 ERR "is a directory, not a file")
redsem_bad_input(rma_missing_file ARGS rma ${RMA_IN}/no_such.rma RC 2 ERR "no_such.rma: cannot open the file")
redsem_bad_input(opfile_directory ARGS opcheck --op-file ${RMA_IN} RC 2 ERR "is a directory, not a file")
redsem_bad_input_file(rma_too_long.rma HEAD "window 8\n" CONTENT "# a comment line that pads the file beyond its limit\n" COUNT 25000)
redsem_bad_input(rma_too_long ARGS rma ${BAD_GENERATED}/rma_too_long.rma RC 2 ERR "larger than 1048576 bytes")

# Datatypes: counts, nesting and byte reach checked before the constructors run.
redsem_bad_input(rma_negative_contiguous ARGS rma ${RMA_IN}/negative_contiguous.rma RC 2
  ERR "negative_contiguous.rma:2: contiguous\\(-1,int\\): counts must be between 0 and 16384")
redsem_bad_input(rma_negative_blocklength ARGS rma ${RMA_IN}/negative_blocklength.rma RC 2 ERR ":2: vector.*counts must be between 0")
redsem_bad_input(rma_huge_stride ARGS rma ${RMA_IN}/huge_stride.rma RC 2 ERR ":2: hvector.*the stride reaches beyond ±1099511627776 bytes")
string(REPEAT ")" 60000 rma_closing)
redsem_bad_input_file(rma_deep_type.rma HEAD "window 16\nrank 0: accumulate op=sum type=" CONTENT "contiguous(1,"
  COUNT 60000 TAIL "int${rma_closing} disp=0 origin=1\n")
redsem_bad_input(rma_deep_type ARGS rma ${BAD_GENERATED}/rma_deep_type.rma RC 2 ERR ":2: datatype nests more than 64 constructors deep")
redsem_bad_input(rma_type_entries_huge ARGS rma ${RMA_IN}/type_entries_huge.rma RC 2 ERR "more than 16384 basic elements")
redsem_bad_input(rma_resized_extreme ARGS rma ${RMA_IN}/resized_extreme.rma RC 2 ERR "resized: lb and extent must be within")
redsem_bad_input(rma_zero_extent_count ARGS rma ${RMA_IN}/zero_extent_count.rma RC 2
  ERR ":2: the calls move more than 16384 basic elements in all")
# A get too: refused before its target buffer's fields are listed (once 2.4 GB for the overlap check).
redsem_bad_input(rma_get_zero_extent_count ARGS rma ${RMA_IN}/get_zero_extent_count.rma RC 2
  ERR ":2: the calls move more than 16384 basic elements in all")

# Displacements and counts that overflow or leave the window: erroneous calls (exit 1, no expect
# line names them), never an offset that wrapped into the window.
redsem_bad_input(rma_disp_near_2_63 ARGS rma ${RMA_IN}/disp_near_2_63.rma RC 1 OUT "target_outside_window.*reaches beyond 2\\^63 bytes")
redsem_bad_input(rma_put_disp_near_2_63 ARGS rma ${RMA_IN}/put_disp_near_2_63.rma RC 1
  OUT "target_outside_window.*spans window bytes \\[9223372036854775800, 9223372036854775804\\) of a 16-byte window")
redsem_bad_input(rma_disp_unit_overflow ARGS rma ${RMA_IN}/disp_unit_overflow.rma RC 1
  OUT "target_disp 4 × disp_unit 4611686018427387904.*reaches beyond 2\\^63")
redsem_bad_input(rma_disp_unit_overflow_put ARGS rma ${RMA_IN}/disp_unit_overflow_put.rma RC 1 OUT "target_outside_window")
redsem_bad_input(rma_count_huge ARGS rma ${RMA_IN}/count_huge.rma RC 1 OUT "target_outside_window.*spans window bytes \\[0, 400000000000\\)")
redsem_bad_input(rma_acc_count_huge ARGS rma ${RMA_IN}/acc_count_huge.rma RC 1 OUT "target_outside_window")
redsem_bad_input(rma_init_at_huge ARGS rma ${RMA_IN}/init_at_huge.rma RC 2 ERR ":2: init writes outside the 16-byte window")

# Sizes and ranks: checked before the session allocates windows or ranks.
redsem_bad_input(rma_window_huge ARGS rma ${RMA_IN}/window_huge.rma RC 2 ERR ":1: window BYTES needs 1 to 65536 bytes")
redsem_bad_input(rma_rank_huge ARGS rma ${RMA_IN}/rank_huge.rma RC 2 ERR ":2: rank 2000000000 is beyond the limit of 1024 ranks")
redsem_bad_input(rma_ranks_zero ARGS rma ${RMA_IN}/ranks_zero.rma RC 2 ERR ":2: ranks needs an integer from 1 to 1024")
redsem_bad_input(rma_rank_negative ARGS rma ${RMA_IN}/rank_negative.rma RC 2 ERR ":2: '-5' is not a rank")
redsem_bad_input(rma_origin_beyond_ranks ARGS rma ${RMA_IN}/origin_beyond_ranks.rma RC 2 ERR ":3: rank 7 is beyond 'ranks 2'")
redsem_bad_input(rma_target_beyond_ranks ARGS rma ${RMA_IN}/target_beyond_ranks.rma RC 2 ERR ":3: target 5 is beyond 'ranks 2'")
redsem_bad_input(rma_max_states_zero ARGS rma ${RMA_IN}/serializable_10.rma --max-states 0 RC 2 ERR "max-states")
redsem_bad_input(rma_max_memory_zero ARGS rma ${RMA_IN}/serializable_10.rma --max-memory 0 RC 2 ERR "max-memory")

# A search that stopped early confirms nothing: `expect serializable` is unknown, exit 1.
redsem_bad_input(rma_state_limit_unknown ARGS rma ${RMA_IN}/serializable_10.rma --max-states 50 RC 1
  OUT "expect serializable \\(line 13\\): unknown \\(incomplete\\).*verdict: incomplete")
redsem_bad_input(rma_state_limit_unknown_json ARGS rma ${RMA_IN}/serializable_10.rma --max-states 50 --json RC 1
  OUT "\"status\": \"unknown_incomplete\".*\"verdict\": \"incomplete\"")
redsem_bad_input(rma_memory_budget_unknown ARGS rma ${RMA_IN}/serializable_16.rma --max-memory 1 RC 1
  OUT "INCOMPLETE: a search hit its memory budget of 1 MiB \\(--max-memory\\).*unknown \\(incomplete\\)" MEMORY_MB 256)
redsem_bad_input(rma_serializable_complete ARGS rma ${RMA_IN}/serializable_10.rma RC 0
  OUT "expect serializable \\(line 13\\): met.*verdict: as_expected" TIMEOUT 120)

# Exit status says whether the program has undefined behaviour no expect line names.
redsem_bad_input(rma_racy_exits_1 ARGS rma ${RMA_IN}/racy_no_expect.rma RC 1
  OUT "undefined behaviour that no expect line names: lines 3 and 4: racing_access.*verdict: unexpected_findings")
redsem_bad_input(rma_racy_json_verdict ARGS rma ${RMA_IN}/racy_no_expect.rma --json RC 1 OUT "\"verdict\": \"unexpected_findings\"")
redsem_bad_input(rma_fixed_exits_0 ARGS rma ${RMA_IN}/fixed_no_expect.rma RC 0 OUT "verdict: as_expected")

# The default memory budget bounds a search that would pass the default state limit.
redsem_bad_input(rma_default_memory_budget ARGS rma ${RMA_IN}/serializable_18.rma RC 1
  OUT "INCOMPLETE: a search hit its memory budget of 512 MiB.*verdict: incomplete" TIMEOUT 180 MEMORY_MB 1536)
redsem_bad_input(rma_reads_never_race ARGS rma ${RMA_IN}/reads_only.rma RC 0 OUT "no verdicts: every call is legal")

# Found by rma_fuzz: a fetch_and_op or compare_and_swap result buffer was sized by its datatype's
# extent (9 GB for resized(int,0,9223372036)) before the call was checked; a NUL byte ended a
# number early, so the text after it was ignored.
redsem_bad_input(rma_cas_result_extent_huge ARGS rma ${RMA_IN}/cas_result_extent_huge.rma RC 1
  OUT "derived_type_not_allowed" MEMORY_MB 512)
redsem_bad_input(rma_fop_result_extent_huge ARGS rma ${RMA_IN}/fop_result_extent_huge.rma RC 1
  OUT "derived_type_not_allowed" MEMORY_MB 512)
redsem_bad_input(rma_nul_in_number ARGS rma ${RMA_IN}/nul_in_number.rma RC 2 ERR ":2: resized needs integer lb and extent")

# Origin-side buffers (sim/rma/scenario.h): names, indices and requests are checked as the file is
# read; a store into a pending call's origin buffer is an erroneous finding no expect line names.
redsem_bad_input(rma_unknown_buffer ARGS rma ${RMA_IN}/unknown_buffer.rma RC 2
  ERR "unknown_buffer.rma:2: origin= @nope: rank 1 has no buffer 'nope' declared before this line")
redsem_bad_input(rma_buffer_index_out_of_range ARGS rma ${RMA_IN}/buffer_index_out_of_range.rma RC 2
  ERR ":4: origin= @a\\[2\\]: index out of range; buffer a has 2 elements")
redsem_bad_input(rma_wait_without_request ARGS rma ${RMA_IN}/wait_without_request.rma RC 2
  ERR ":4: wait r: no earlier call of rank 1 names req=r")
set(rma_buffers "window 8\n")
foreach(i RANGE 1 17)
  string(APPEND rma_buffers "rank 1: buffer b${i} double 8192\n")  # 64 KiB each: the 17th passes 1 MiB
endforeach()
redsem_bad_input_file(rma_buffers_huge.rma CONTENT "${rma_buffers}")
redsem_bad_input(rma_buffers_huge ARGS rma ${BAD_GENERATED}/rma_buffers_huge.rma RC 2
  ERR ":18: buffer .* needs 1 or more elements, and the buffers of all ranks at most 1048576 bytes")
redsem_bad_input(rma_origin_reuse_exits_1 ARGS rma ${RMA_IN}/origin_reuse_no_expect.rma RC 1
  OUT "erroneous, line 6: rank 1 store @a.*undefined behaviour that no expect line names: line 6: erroneous origin_buffer_updated_before_completion")
redsem_bad_input(rma_origin_reuse_json ARGS rma ${RMA_IN}/origin_reuse_no_expect.rma --json RC 1
  OUT "\"line\": 6,.*\"rule\": \"origin_buffer_updated_before_completion\",.*\"section\": \"MPI-4.1 §13.3\"")
# A lock is shared or exclusive, nothing else; a post's group is a list of ranks.
redsem_bad_input(rma_lock_mode_misspelt ARGS rma ${RMA_IN}/lock_mode_misspelt.rma RC 2
  ERR "lock_mode_misspelt.rma:3: rank R: lock \\[TARGET\\] shared\\|exclusive")
redsem_bad_input(rma_post_group_not_ranks ARGS rma ${RMA_IN}/post_group_not_ranks.rma RC 2
  ERR "post_group_not_ranks.rma:3: local: post RANK,RANK,…: 'one' is not a rank")
