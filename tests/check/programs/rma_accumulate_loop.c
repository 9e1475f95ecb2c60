/* SPDX-License-Identifier: BSD-3-Clause */
/* The RMA-heavy benchmark's loop (bench/check/rma_heavy.c) at a test's size: each rank accumulates
 * one double CALLS times into its right neighbour's 4 KiB MPI_Win_allocate window under
 * MPI_Win_lock_all, flushing after each and refilling its origin after the flush. Under Open MPI
 * osc sm lays the windows out back to back off page boundaries, so a rank's armed window shares a
 * page with the next rank's, where its own accumulates land: the MPI library's faults there leave
 * the page to the sampled hooks once 1024 were taken (check/runtime/watch_signals.c), instead of
 * one fault a call, which the `few_library_faults` expectation bounds. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define CALLS 3000

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double *base = NULL;
  MPI_Win win;
  MPI_Win_allocate(4096, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  *base = 0.0;
  MPI_Win_unlock(rank, win);
  double *origin = malloc(sizeof *origin); /* on the heap: watched by page protection */
  const int right = (rank + 1) % size;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  for (int c = 0; c < CALLS; ++c) {
    *origin = (double)(c % 4); /* legal: the last accumulate from it was flushed */
    MPI_Accumulate(origin, 1, MPI_DOUBLE, right, 0, 1, MPI_DOUBLE, MPI_SUM, win);
    MPI_Win_flush(right, win);
  }
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  const double sum = *base;
  MPI_Win_unlock(rank, win);
  if (rank == 0) printf("rank 0 holds %g\n", sum);
  free(origin);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
