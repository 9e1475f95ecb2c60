# The RMA test programs of `redsem check` (tests/check/CMakeLists.txt runs them), included by
# mpix/per_mpi: plain MPI programs, built by this MPI's wrapper and linked with nothing else,
# as a user's program would be.
foreach(program rma_halo rma_halo_reuse rma_histogram rma_histogram_mixed rma_counter)
  add_executable(check_${program} ${REDSEM_SOURCE_DIR}/tests/check/programs/${program}.c)
endforeach()
