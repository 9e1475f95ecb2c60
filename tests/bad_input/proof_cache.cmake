# SPDX-License-Identifier: BSD-3-Clause
# The proof cache trusts nothing it cannot check (props/laws/proof_cache.h): a directory that
# others can write could hold planted verdicts, so it is not used, saying which directory and
# how to fix it, and the laws are proved as without a cache (a forged refutation, which is
# replayed, is in tests/props/proof_cache_test.cpp: its entry's name depends on the solver).
set(loose_cache ${BAD_GENERATED}/loose_proof_cache)
file(MAKE_DIRECTORY ${loose_cache})
file(CHMOD ${loose_cache} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_WRITE GROUP_EXECUTE
     WORLD_READ WORLD_WRITE WORLD_EXECUTE)
redsem_bad_input(proof_cache_writable_by_others ARGS laws --op MPI_SUM --type MPI_INT --law commutativity
  --cache-dir ${loose_cache} RC 0
  ERR "redsem laws: not using the proof cache [^\n]*loose_proof_cache: [^\n]*loose_proof_cache can be written by group or others \\(mode 0777\\)[^\n]*`chmod go-w [^\n]*loose_proof_cache`"
  OUT "MPI_SUM +MPI_INT +proved")
