# SPDX-License-Identifier: BSD-3-Clause
# An adversarial pass over the command line: inputs a user could type or feed that crashed
# redsem, hung it or earned it a verdict it had not, with their neighbours.
set(ADV ${BAD_INPUTS}/adversary)

# probe --tracer: the tracer's output is read, not trusted. Each stand-in tracer prints one
# flaw; a number past the trace's bounds (probe/trace.cpp) or a job that is not this one is
# exit 2, never an allocation of its size, a verdict about ranks the job did not have, a
# restart loop or a stack overflow.
find_program(adv_mpirun_openmpi mpirun.openmpi)
if(adv_mpirun_openmpi)
  function(adversary_probe name rc pattern)
    set(stream ERR)
    if(NOT rc EQUAL 2)
      set(stream OUT)
    endif()
    redsem_bad_input(adversary_probe_${name} ARGS probe --mpi openmpi --procs 2 --counts 1 --tracer
                     ${ADV}/probe_${name}.sh RC ${rc} ${stream} "${pattern}" TIMEOUT 60)
  endfunction()
  adversary_probe(rank_outside 2 "rank outside the job's 2 ranks: R 0 1000000 ")
  adversary_probe(count_huge 2 "element count outside 0 .* 1048576: S 0 Reduce 0 0 2147483647 ")
  adversary_probe(elements_outside 2 "elements outside the case's 1: R 0 0 0 3 ")
  adversary_probe(root_outside 2 "root outside the job's 2 ranks: S 0 Reduce 0 0 1 99 ")
  adversary_probe(size_huge 2 "job size outside 1 .* 36: P 1000000000 ")
  adversary_probe(size_mismatch 2 "probe_size_mismatch.sh reported 3 processes in a job of 2")
  adversary_probe(restart_from_zero 2 "restarted at case 1, ran case 0 again")
  adversary_probe(case_id_huge 2 "case number outside 0 .* 1048576: S 2147483647 ")
  # Text nested deeper than any tree over 36 ranks is what the buffer held, not a tree.
  adversary_probe(deep_tree 1 "VIOLATES.*case 0: the result is not a combination of the inputs")
  adversary_probe(reduce_scatter_uneven 0 "1 cases, 0 violations: conforming")
endif()

# fuzz --kernel: each call's child may add at most 256 MiB to redsem's address space, so a
# kernel that allocates without end fails there as a crash (exit 1). Under this case's 3 GiB
# cap the unbounded child filled the cap on each of the shrinker's runs and took minutes.
# A sanitizer build sets no such cap (its shadow mappings make the address-space size
# meaningless), so there the case would only fill the machine's memory: it runs elsewhere.
if(NOT bad_input_sanitized)
  add_library(adversary_leaking_kernel MODULE ${ADV}/leaking_kernel.c)
  redsem_bad_input(adversary_fuzz_kernel_leaks ARGS fuzz --kernel $<TARGET_FILE:adversary_leaking_kernel>:sum_int32_leaking
                   --op MPI_SUM --type MPI_INT32_T --cases 1 --max-len 4 RC 1
                   OUT "the kernel crashed: signal 11.*allocates without end: a call may add at most 256 MiB"
                   TIMEOUT 120 MEMORY_MB 3072)
endif()
