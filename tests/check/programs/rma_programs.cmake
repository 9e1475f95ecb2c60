# The RMA test programs of `redsem check` (tests/check/CMakeLists.txt runs them), included by
# mpix/per_mpi: plain MPI programs, built by this MPI's wrapper and linked with nothing else, as
# a user's program would be. A program with a known error is its correct twin built with
# -DRMA_KNOWN_ERROR, so the two differ only where the error is.
foreach(program rma_halo rma_histogram rma_counter rma_columns)
  add_executable(check_${program} ${REDSEM_SOURCE_DIR}/tests/check/programs/${program}.c)
endforeach()
foreach(twin rma_halo:rma_halo_reuse rma_histogram:rma_histogram_mixed rma_columns:rma_columns_early)
  string(REPLACE ":" ";" twin ${twin})
  list(GET twin 0 correct)
  list(GET twin 1 erroneous)
  add_executable(check_${erroneous} ${REDSEM_SOURCE_DIR}/tests/check/programs/${correct}.c)
  target_compile_definitions(check_${erroneous} PRIVATE RMA_KNOWN_ERROR)
endforeach()
