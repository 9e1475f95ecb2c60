# SPDX-License-Identifier: BSD-3-Clause
# The one list of what is compiled per MPI, relative to the source tree (docs/design.md, "What is
# built per MPI"). Read by the recipe (per_mpi/CMakeLists.txt), which the build of the built-in
# MPIs and `redsem`'s on-demand build for `--mpi PATH` both run, and by the install rules, which
# put these files under share/redsem/per_mpi/src for that on-demand build.

# The library `redsem check` preloads into every rank (PMPI interposition, MPI-4.1 §15.2).
set(REDSEM_PER_MPI_CHECK_SOURCES
  check/runtime/record.c check/runtime/record_repeat.c check/runtime/record_sink.c check/runtime/lifecycle.c check/runtime/completion.c
  check/runtime/rma_windows.c check/runtime/rma_attach.c check/runtime/rma_shared_query.c check/runtime/rma_sync.c
  check/runtime/rma_calls.c check/runtime/type_text.c check/runtime/type_contents.c check/runtime/rma_origin.c
  check/runtime/rma_calls_large_count.c check/runtime/rma_call_record.c check/runtime/rma_results.c
  check/runtime/rma_requests.c check/runtime/watch_lock.c check/runtime/watch_ranges.c check/runtime/watch_modules.c check/runtime/watch_signals.c check/runtime/watch_hits.c
  check/runtime/watch_string_ops.c check/runtime/watch_library_span.c check/runtime/watch_excluded.c check/runtime/watch_open.c check/runtime/watch_rma.c check/runtime/watch_sampling.c
  check/runtime/watch_delay.c check/runtime/hold_clock.c check/runtime/delay_budget.c
  check/runtime/watch_unwatched.c
  check/runtime/watch_window.c check/runtime/watch_window_memory.c check/runtime/watch_window_sync.c
  check/runtime/watch_hardware.c check/runtime/watch_policy.c check/runtime/finding.c
  check/runtime/thread_clocks.c check/runtime/thread_races.c check/runtime/thread_sync_omp.c
  check/runtime/thread_sync_omp_tasks.c check/runtime/thread_sync_pthread.c
  check/runtime/predefined.c check/runtime/user_ops.c check/runtime/comm_calls.c check/runtime/process_sync.c
  check/runtime/process_sync_calls.c check/runtime/process_sync_requests.c check/runtime/process_sync_nonblocking.c
  check/runtime/request_index.c
  check/runtime/process_sync_comms.c check/runtime/process_sync_persistent.c check/runtime/process_sync_flow.c
  check/runtime/process_sync_neighbor.c check/runtime/process_sync_large_count.c check/runtime/process_sync_names.c
  check/runtime/process_sync_unmodelled.c check/runtime/process_sync_messages.c
  check/runtime/process_sync_request_calls.c
  check/runtime/buffer_span.c check/runtime/reduction_checks.c
  check/runtime/reduction_sample.c check/runtime/reduction_report.c check/runtime/user_op_laws.c
  check/runtime/law_child.c check/runtime/query_guard.c check/runtime/typemap_runs.c
  check/runtime/reduce_blocking.c check/runtime/reduce_nonblocking.c check/runtime/reduce_persistent.c
  check/runtime/reduce_large_count.c)
# `fuzz --mpi`'s helper: the library's MPI_Reduce_local, and a user's kernel with real handles.
set(REDSEM_PER_MPI_FUZZ_HELPER_SOURCES
  tools/mpi/mpi_fuzz_helper.c tools/mpi/mpi_user_op_helper.c mpix/src/proposal_ops.c check/runtime/type_text.c
  check/runtime/type_contents.c)
# `fuzz --mpi --surface`'s helper: one MPI_Reduce_local call of the argument surface per process.
set(REDSEM_PER_MPI_SURFACE_HELPER_SOURCES tools/mpi/mpi_surface_helper.c)
# `redsem probe`'s tracer of the library's collective trees.
set(REDSEM_PER_MPI_TRACER_SOURCES probe/tracer/tracer.c probe/tracer/trace_element.c)
# redsem-mpi's calls into the MPI (its split searches' collectives), loaded by redsem-mpi --mpi.
set(REDSEM_PER_MPI_SEARCH_SOURCES tools/mpi/mpi_search_transport.c)
# Says which library a program of this MPI loads (`redsem mpi list`, the cache's identity).
set(REDSEM_PER_MPI_VERSION_SOURCES per_mpi/mpi_version.c)
# The MPIX add-on (built-in MPIs only: it links redsem's C++ kernels, which an installed redsem
# does not ship as libraries).
set(REDSEM_PER_MPI_MPIX_SOURCES
  mpix/src/reduce_locals.c mpix/src/typed_buffer.c mpix/src/native_seam.c mpix/src/proposal_ops.c)

# What else those sources read: their headers, the helper's export list, the probes.
set(REDSEM_PER_MPI_OTHER_FILES
  tools/mpi/mpi_user_op_helper.h tools/mpi/search_transport.h tools/mpi/helper_exports.list mpix/include/redsem_mpix.h
  mpix/src/native_seam.h mpix/src/typed_buffer.h probe/tracer/trace_element.h
  per_mpi/CMakeLists.txt per_mpi/sources.cmake per_mpi/features.cmake per_mpi/features.h.in)
file(GLOB REDSEM_PER_MPI_CHECK_HEADERS RELATIVE ${CMAKE_CURRENT_LIST_DIR}/.. ${CMAKE_CURRENT_LIST_DIR}/../check/runtime/*.h)
file(GLOB REDSEM_PER_MPI_PROBES RELATIVE ${CMAKE_CURRENT_LIST_DIR}/.. ${CMAKE_CURRENT_LIST_DIR}/probes/*.c)
list(APPEND REDSEM_PER_MPI_OTHER_FILES ${REDSEM_PER_MPI_CHECK_HEADERS} ${REDSEM_PER_MPI_PROBES})
