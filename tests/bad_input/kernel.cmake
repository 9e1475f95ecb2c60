# SPDX-License-Identifier: BSD-3-Clause
# Running other people's code (fuzz --kernel, fuzz --mpi): a kernel or library that hangs,
# ends the process, writes *len, invec or bytes away from its buffers gets a verdict naming
# what it did, within a time limit per call; a bad --call-timeout is exit 2. The kernels are
# in tests/fuzz/hostile; short limits keep the suite fast.
set(hostile $<TARGET_FILE:fuzz_hostile_kernels>)
set(sum_int32 --op MPI_SUM --type MPI_INT32_T --cases 50)

# Hangs: a call that spins is killed once it has used --call-timeout seconds of CPU time, and
# shrunk. A call that blocks uses none: it gets the wall-clock backstop (10 times the limit, at
# least 5 s), whose expiry is no verdict (exit 3), since a loaded machine looks the same.
redsem_bad_input(kernel_spinning_call_is_a_hang ARGS fuzz --kernel ${hostile}:sum_int32_spins ${sum_int32}
  --call-timeout 0.2 RC 1 OUT "hang: a call did not return within the time limit.*time limit per call: 0.2 s"
  TIMEOUT 20)
redsem_bad_input(kernel_spinning_call_is_a_hang_json ARGS fuzz --kernel ${hostile}:sum_int32_spins ${sum_int32}
  --call-timeout 0.2 --json RC 1 OUT "\"count\": 1,.*\"minimal_case_verdict\": \"hang\"" TIMEOUT 20)
redsem_bad_input(kernel_blocking_call_is_slow_not_a_hang ARGS fuzz --kernel ${hostile}:sum_int32_blocks ${sum_int32}
  --call-timeout 0.2 RC 3
  ERR "redsem fuzz: slow: a call of the kernel did not finish within 5 s of wall time.*nor use its 0.2 s of CPU time.*no verdict"
  TIMEOUT 30)
redsem_bad_input(kernel_blocking_call_is_slow_in_process ARGS fuzz --kernel ${hostile}:sum_int32_blocks ${sum_int32}
  --call-timeout 0.2 --in-process RC 3 OUT "redsem fuzz: slow: a call did not finish within 5 s of wall time" TIMEOUT 30)
redsem_bad_input(kernel_library_constructor_loops ARGS fuzz
  --kernel $<TARGET_FILE:fuzz_looping_constructor>:sum_int32_behind_a_looping_constructor ${sum_int32}
  --call-timeout 0.3 RC 2 ERR "used 0.3 s of CPU time without finishing.*constructor" TIMEOUT 20)
redsem_bad_input(kernel_correct_passes_under_a_short_limit ARGS fuzz
  --kernel $<TARGET_FILE:fuzz_correct_kernels>:sum_int32_unrolled ${sum_int32} --call-timeout 2
  RC 0 OUT "PASS: 50 cases" TIMEOUT 60)

# --call-timeout is seconds, more than 0, at most a day.
foreach(bad 0 -1 abc nan inf 1e9 "" 2s)
  string(MAKE_C_IDENTIFIER "call_timeout_${bad}" id)
  redsem_bad_input(kernel_${id} ARGS fuzz --kernel ${hostile}:sum_int32_spins ${sum_int32} --call-timeout=${bad}
    RC 2 ERR "call-timeout")
endforeach()

# *len: MPI passes it as the call's element count; a kernel that writes it is reported, and
# the fuzzer's chunk loop does not follow it (0 stalled it; -1 ran it backwards).
redsem_bad_input(kernel_sets_len_zero ARGS fuzz --kernel ${hostile}:sum_int32_sets_len_zero ${sum_int32}
  RC 1 OUT "wrote \\*len.*7.9.5" TIMEOUT 30)
redsem_bad_input(kernel_sets_len_minus_one_in_process ARGS fuzz --kernel ${hostile}:sum_int32_sets_len_minus_one
  ${sum_int32} --in-process --json RC 1 OUT "\"verdict\": \"changed_len\"" TIMEOUT 30)

# invec: an input of the user function (MPI_Reduce_local passes its const inbuf there).
redsem_bad_input(kernel_clears_invec ARGS fuzz --kernel ${hostile}:sum_int32_clears_invec ${sum_int32}
  RC 1 OUT "wrote inbuf \\(byte 0, in element 0\\): invec is an input" TIMEOUT 30)

# Stray writes: beyond the old 48-byte guard, after the buffer, near inbuf, and far enough to
# land in the inaccessible fence (a crash in the isolated child).
redsem_bad_input(kernel_writes_100_bytes_before_inoutbuf ARGS fuzz --kernel ${hostile}:sum_int32_writes_100_before
  ${sum_int32} RC 1 OUT "outside inoutbuf's elements: at byte offset -100 " TIMEOUT 30)
redsem_bad_input(kernel_writes_100_bytes_before_in_process ARGS fuzz --kernel ${hostile}:sum_int32_writes_100_before
  ${sum_int32} --in-process --json RC 1 OUT "\"byte_offset\": -100" TIMEOUT 30)
redsem_bad_input(kernel_writes_1000_bytes_after_inoutbuf ARGS fuzz --kernel ${hostile}:sum_int32_writes_1000_after
  ${sum_int32} RC 1 OUT "outside inoutbuf's elements: at byte offset 1004 from its start \\(it holds 4 bytes\\)" TIMEOUT 30)
redsem_bad_input(kernel_writes_after_inbuf ARGS fuzz --kernel ${hostile}:sum_int32_writes_after_inbuf ${sum_int32}
  RC 1 OUT "outside inbuf's elements: at byte offset 104 " TIMEOUT 30)
redsem_bad_input(kernel_writes_into_the_fence ARGS fuzz --kernel ${hostile}:sum_int32_writes_20000_before
  ${sum_int32} RC 1 OUT "the kernel crashed: signal 11 \\(Segmentation fault\\) on an access at byte offset -20000 from inoutbuf's start" TIMEOUT 30)
redsem_bad_input(kernel_writes_into_the_fence_json ARGS fuzz --kernel ${hostile}:sum_int32_writes_20000_before
  ${sum_int32} --json RC 1 OUT "\"buffer\": \"inoutbuf\",.*\"byte_offset\": -20000" TIMEOUT 30)

# Ending the process: exit(0) in a call is a finding, in the isolated child and in process.
redsem_bad_input(kernel_exits ARGS fuzz --kernel ${hostile}:sum_int32_exits ${sum_int32}
  RC 1 OUT "ended without answering" TIMEOUT 30)
redsem_bad_input(kernel_exits_in_process ARGS fuzz --kernel ${hostile}:sum_int32_exits ${sum_int32} --in-process
  RC 1 OUT "FAIL: the kernel ended the process \\(exit or quick_exit\\) inside a call" TIMEOUT 30)
redsem_bad_input(kernel_crashes_in_process ARGS fuzz --kernel ${hostile}:sum_int32_writes_20000_before ${sum_int32}
  --in-process RC 1 OUT "FAIL: the kernel crashed inside a call: signal 11; run without --in-process" TIMEOUT 20)
redsem_bad_input(kernel_aborts_in_process_json ARGS fuzz --kernel ${hostile}:sum_int32_checks_handle ${sum_int32}
  --in-process --json RC 1 OUT "\"explanation\": \"the kernel crashed inside a call: signal 6;" TIMEOUT 20)
redsem_bad_input(kernel_spins_in_process ARGS fuzz --kernel ${hostile}:sum_int32_spins ${sum_int32} --in-process
  --call-timeout 0.3 RC 1 OUT "FAIL: hang: a call used 0.3 s of CPU time without returning" TIMEOUT 20)
redsem_bad_input(kernel_exits_in_process_json ARGS fuzz --kernel ${hostile}:sum_int32_exits ${sum_int32}
  --in-process --json RC 1 OUT "\"verdict\": \"kernel_error\"" TIMEOUT 30)

# A kernel that crashes on every call may be checking its datatype handle: the verdict says so.
redsem_bad_input(kernel_checks_its_handle ARGS fuzz --kernel ${hostile}:sum_int32_checks_handle ${sum_int32}
  RC 1 OUT "every call: the kernel crashed on every call tried.*datatype argument" TIMEOUT 30)
redsem_bad_input(kernel_crash_on_long_vectors_gets_no_handle_hint ARGS fuzz
  --kernel $<TARGET_FILE:fuzz_buggy_kernels>:sum_int32_crashes_on_long_vectors --op MPI_SUM --type MPI_INT32_T
  RC 1 OUT "signal 11.*length: only at length >= 100: every shorter length, 1–99, passes[^:]*$" TIMEOUT 60)

# A kernel that ignores *len (it always combines 8 elements) gets wrong results from length 9
# and overruns both buffers below 8: the length it needs is said with what shorter lengths do,
# never "no shorter failing case" while lengths 1–7 fail.
redsem_bad_input(kernel_ignoring_len_names_its_shorter_failures ARGS fuzz
  --kernel $<TARGET_FILE:opcheck_user_ops>:sum_int_fixed_len ${sum_int32}
  RC 1 OUT "length: shorter cases fail too, the shortest at length 1 \\(of every shorter length, 1–8\\): wrote_outside at length 1–7; this case: wrong at length 9" TIMEOUT 60)

# fuzz --mpi: a helper that stops answering and spins (the fake helper does on MPI_BOR/MPI_SHORT
# after reading its buffers, and on MPI_BOR/MPI_LONG before reading them) is a hung pair; one
# that blocks (MPI_BAND/MPI_SHORT) is slowness past the wall backstop, no verdict.
set(fake_helper --mpi openmpi --mpi-helper $<TARGET_FILE:fuzz_fake_mpi_helper> --op MPI_BOR)
redsem_bad_input(kernel_mpi_helper_stalls ARGS fuzz ${fake_helper} --type MPI_SHORT --call-timeout 0.3
  RC 1 OUT "MPI_SHORT +hung" TIMEOUT 30)
redsem_bad_input(kernel_mpi_helper_stops_reading ARGS fuzz ${fake_helper} --type MPI_LONG --call-timeout 0.3 --json
  RC 1 OUT "\"status\": \"hung\"" TIMEOUT 30)
redsem_bad_input(kernel_mpi_helper_blocks ARGS fuzz --mpi openmpi --mpi-helper $<TARGET_FILE:fuzz_fake_mpi_helper>
  --op MPI_BAND --type MPI_SHORT --call-timeout 0.3 RC 3 ERR "redsem fuzz: slow: an answer of the MPI helper .* did not finish within 5 s of wall time" TIMEOUT 30)
# --mpi-helper may name any program: a version answer that is not "ok LENGTH" is exit 2 (it
# used to throw from std::stoul, or allocate what it said).
foreach(helper huge_version bad_version)
  redsem_bad_input(kernel_mpi_helper_${helper} ARGS fuzz --mpi mpich --mpi-helper ${BAD_INPUTS}/kernel/helper_${helper}.sh
    --op MPI_SUM --type MPI_INT RC 2 ERR "helper did not start: helper answered 'version' with 'ok " TIMEOUT 30)
  # With --kernel too: the user op cannot be prepared in a helper that did not start.
  redsem_bad_input(kernel_user_op_mpi_helper_${helper} ARGS fuzz --kernel ${hostile}:sum_int32_spins --mpi mpich
    --mpi-helper ${BAD_INPUTS}/kernel/helper_${helper}.sh --op MPI_SUM --type MPI_INT
    RC 2 ERR "in the mpich helper: helper answered 'version' with 'ok " TIMEOUT 30)
endforeach()

# A wrong result whose shorter variants hang: shrinking stops after a few hangs, and the
# verdict says why it was not probed further.
redsem_bad_input(kernel_wrong_with_hanging_variants ARGS fuzz --kernel ${hostile}:sum_int32_wrong_long_spins_short
  ${sum_int32} --call-timeout 0.2 RC 1 OUT "wrong result.*hang: 4 smaller variants of the case hung" TIMEOUT 30)

# The same misbehaviour in an MPI helper (fuzz --kernel --mpi): the helper ships the bytes
# around each buffer back, and a stray byte within a page, so *len, invec and stray writes get
# the same verdicts; a crash or an exit ends only the helper's forked worker, and a hang kills
# the helper (restarted for the next call).
foreach(flavour openmpi mpich)
  if(NOT REDSEM_MPICC_${flavour})
    continue()
  endif()
  set(in_mpi --mpi ${flavour} ${sum_int32})
  redsem_bad_input(kernel_${flavour}_sets_len_zero ARGS fuzz --kernel ${hostile}:sum_int32_sets_len_zero ${in_mpi}
    RC 1 OUT "wrote \\*len.*7.9.5" TIMEOUT 60)
  redsem_bad_input(kernel_${flavour}_clears_invec ARGS fuzz --kernel ${hostile}:sum_int32_clears_invec ${in_mpi}
    RC 1 OUT "wrote inbuf \\(byte 0, in element 0\\): invec is an input" TIMEOUT 60)
  redsem_bad_input(kernel_${flavour}_writes_after_inbuf ARGS fuzz --kernel ${hostile}:sum_int32_writes_after_inbuf
    ${in_mpi} RC 1 OUT "outside inbuf's elements: at byte offset 104 " TIMEOUT 60)
  redsem_bad_input(kernel_${flavour}_writes_into_the_fence ARGS fuzz --kernel ${hostile}:sum_int32_writes_20000_before
    ${in_mpi} RC 1 OUT "the kernel crashed: signal 11 \\(Segmentation fault\\)" TIMEOUT 60)
  redsem_bad_input(kernel_${flavour}_exits ARGS fuzz --kernel ${hostile}:sum_int32_exits ${in_mpi}
    RC 1 OUT "ended without answering" TIMEOUT 60)
  redsem_bad_input(kernel_${flavour}_spins ARGS fuzz --kernel ${hostile}:sum_int32_spins ${in_mpi} --call-timeout 0.3
    RC 1 OUT "hang: a call did not return within the time limit" TIMEOUT 90)
  redsem_bad_input(kernel_${flavour}_blocks ARGS fuzz --kernel ${hostile}:sum_int32_blocks ${in_mpi} --call-timeout 0.3
    RC 3 ERR "redsem fuzz: slow: an answer of the MPI helper .* did not finish within 5 s of wall time" TIMEOUT 60)
endforeach()

# A datatype whose entries overlap describes inoutvec, which the function writes: erroneous as
# a receive buffer's datatype (MPI-4.1 §7.9.1), so bad input, never a "holds" nor a search on
# elements whose two fields are one int.
set(correct_sum $<TARGET_FILE:fuzz_correct_kernels>:sum_int32_unrolled)
set(overlap_rule "the entries of indexed\\([^)]*\\) overlap \\(byte 0 of an element is in two of them\\), and the buffer it describes is written: .*MPI-4.1 §7.9.1")
redsem_bad_input(kernel_opcheck_overlapping_type ARGS opcheck --kernel ${correct_sum} --type "indexed(1:1,0:0,MPI_INT)"
  --commute true RC 2 ERR "redsem opcheck: --type 'indexed\\(1:1,0:0,MPI_INT\\)': ${overlap_rule}")
redsem_bad_input(kernel_orders_overlapping_type ARGS orders --kernel ${correct_sum} --type "indexed(1:1,0:0,MPI_INT)"
  --commute true --values 1:2,3:4,5:6 RC 2 ERR "--type 'indexed\\(1:1,0:0,MPI_INT\\)': ${overlap_rule}")
redsem_bad_input(kernel_simulate_overlapping_type ARGS simulate --collective reduce --algorithm binomial --procs 4
  --kernel ${correct_sum} --type "indexed(2:1,0:1,MPI_INT)" --commute true RC 2 ERR "overlap \\(byte 4 of an element")
if(REDSEM_MPICC_mpich)
  redsem_bad_input(kernel_fuzz_mpi_overlapping_datatype ARGS fuzz --kernel ${correct_sum} --mpi mpich ${sum_int32}
    --datatype "indexed(1:1,0:0,MPI_INT)" RC 2 ERR "--datatype 'indexed\\(1:1,0:0,MPI_INT\\)': ${overlap_rule}" TIMEOUT 60)
endif()
