# SPDX-License-Identifier: BSD-3-Clause
# The semantics policy's keys for the choices MPI leaves open (issue 20 item 1): a bad value is
# refused naming the key and its choices; the new keys reach every command; a real library's
# legal choice is named policy_choice, never reported as wrong.
redsem_bad_input(policy_complex_prod_unknown_value
  ARGS laws --op MPI_PROD --type MPI_C_DOUBLE_COMPLEX --policy complex_prod=fast
  RC 2 ERR "policy key 'complex_prod' takes one of: textbook annex_g")
redsem_bad_input(policy_loc_tie_unknown_value
  ARGS laws --op MPI_MINLOC --type MPI_DOUBLE_INT --policy loc_tie=last
  RC 2 ERR "policy key 'loc_tie' takes one of: by_value first second")
redsem_bad_input(policy_loc_tie_without_value
  ARGS laws --op MPI_MINLOC --type MPI_DOUBLE_INT --policy loc_tie
  RC 2 ERR "expected key=value, got 'loc_tie'")
redsem_bad_input(policy_unknown_key_lists_the_new_keys
  ARGS laws --policy complex=annex_g
  RC 2 ERR "unknown policy key 'complex'.* loc_tie complex_prod")

# The laws of the new choices, proved or refuted of the model's own definition.
redsem_bad_input(policy_annex_g_prod_commutes
  ARGS laws --op MPI_PROD --type MPI_C_DOUBLE_COMPLEX --law commutativity --policy complex_prod=annex_g --no-cache
  RC 0 OUT "complex_prod=annex_g.*MPI_C_DOUBLE_COMPLEX +proved" TIMEOUT 120)
redsem_bad_input(policy_loc_tie_second_does_not_commute
  ARGS laws --op MPI_MINLOC --type MPI_DOUBLE_INT --law commutativity --policy loc_tie=second --no-cache
  RC 0 OUT "loc_tie=second.*MPI_DOUBLE_INT +refuted" TIMEOUT 120)
# The default policy's text is unchanged by the new keys (it keys the proof cache).
redsem_bad_input(policy_default_text_unchanged
  ARGS laws --op MPI_SUM --type MPI_INT --law commutativity
  RC 0 OUT "policy minmax_nan=propagate,minmax_zero=ordered,loc_nan=extreme,overflow=wrap,truth=nonzero,true_value=one,derived=strict,compare=nan_equal,ulps=0\n")

# Orders under annex_g: (inf + NaN i)(1 + 0i) keeps its infinite real part; the textbook gives
# NaN + NaN i (whose two NaN signs the default run counts as two results).
redsem_bad_input(policy_orders_annex_g
  ARGS orders --op MPI_PROD --type MPI_C_DOUBLE_COMPLEX --procs 2 --values inf:nan,1:0 --policy complex_prod=annex_g
  RC 0 OUT "distinct results: 1\n  \\(inf \\[0x7ff0000000000000\\]")

# The real libraries' complex PROD and floating MINLOC/MAXLOC: choices, named, not findings.
foreach(flavour openmpi mpich)
  if(REDSEM_MPICC_${flavour})
    redsem_bad_input(policy_${flavour}_complex_prod_is_annex_g
      ARGS fuzz --mpi ${flavour} --op MPI_PROD --type MPI_C_DOUBLE_COMPLEX
      RC 0 OUT "MPI_PROD on MPI_C_DOUBLE_COMPLEX +policy_choice +every answer right under complex_prod=annex_g")
    redsem_bad_input(policy_${flavour}_minloc_ties_by_position
      ARGS fuzz --mpi ${flavour} --op MPI_MINLOC --type MPI_DOUBLE_INT
      RC 0 OUT "MPI_MINLOC on MPI_DOUBLE_INT +policy_choice +every answer right under loc_tie=second")
  endif()
endforeach()

# MPI_Reduce_local's argument surface (issue 20 item 2, the single-call part): each library's
# crash under MPI_ERRORS_RETURN, a refusal with the fitting class, and the count past INT_MAX
# (MPICH: accepted with every probed element right; Open MPI 4.1.4: no MPI_Reduce_local_c).
if(REDSEM_MPICC_openmpi)
  redsem_bad_input(policy_surface_openmpi_in_place_crashes
    ARGS fuzz --mpi openmpi --surface
    RC 1 OUT "in_place_inbuf +crashed +signal 11.*negative_count +refused +MPI_ERR_COUNT \\(the fitting class\\).*large_count_c +unsupported +MPI_Reduce_local_c"
    TIMEOUT 300)
endif()
if(REDSEM_MPICC_mpich)
  redsem_bad_input(policy_surface_mpich_negative_count_crashes
    ARGS fuzz --mpi mpich --surface
    RC 1 OUT "in_place_inbuf +refused +MPI_ERR_BUFFER.*negative_count +crashed +signal 11.*negative_count_c +crashed +signal 11.*large_count_c +accepted[^_a-z].*freed_op +accepted_erroneous"
    MEMORY_MB 6144 TIMEOUT 300)  # the large-count case: two buffers of 2 GiB
endif()
redsem_bad_input(policy_surface_needs_mpi
  ARGS fuzz --surface --op MPI_SUM --type MPI_INT
  RC 2 ERR "--surface needs --mpi openmpi\\|mpich")
if(REDSEM_MPICC_mpich)
  # Its document is also the one tools.json_schema.fuzz_surface_mpich validates (the same command).
  redsem_bad_input(policy_surface_mpich_json PRINTED fuzz_surface_mpich
    ARGS fuzz --mpi mpich --surface --json
    RC 1 OUT "\"case\": \"negative_count\",[^}]*\"verdict\": \"crashed\"" MEMORY_MB 6144 TIMEOUT 300)
endif()
