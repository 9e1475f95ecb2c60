/* SPDX-License-Identifier: BSD-3-Clause */
/* The RMA-heavy program of scripts/bench_check.py: every rank accumulates CALLS times (MPI_SUM of
 * one double) into its right neighbour's window under MPI_Win_lock_all, with MPI_Win_flush after
 * every FLUSH_EVERY accumulates (default 1: after each; at most 512). Each accumulate between two
 * flushes has its own origin double, written only after the flush that completed its last use, as
 * a correct program's would be. Prints the slowest rank's seconds of the loop (MPI_Wtime); exits
 * 1 if a window's sum is wrong.
 *   usage: rma_heavy [CALLS (100000)] [FLUSH_EVERY (1)] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static double *origin_buffer(void) {
  /* A page of its own: the watcher arms the origin's pages, and nothing else the loop touches is
   * on them. */
  void *page = NULL;
  if (posix_memalign(&page, 4096, 4096) != 0) MPI_Abort(MPI_COMM_WORLD, 2);
  return page;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  const long calls = argc > 1 ? atol(argv[1]) : 100000;
  const long flush_every = argc > 2 ? atol(argv[2]) : 1;
  if (flush_every < 1 || flush_every > 512) {
    fprintf(stderr, "rma_heavy: FLUSH_EVERY must be 1 to 512\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double *base = NULL;
  MPI_Win win;
  /* A page, not one double: MPICH 4.0.2 (ch4:ucx) summed wrongly into 8-byte windows. */
  MPI_Win_allocate(4096, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  *base = 0.0;
  MPI_Win_unlock(rank, win);
  double *origin = origin_buffer();
  const int target = (rank + 1) % size;
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  MPI_Win_lock_all(0, win);
  for (long c = 0; c < calls; ++c) {
    double *value = &origin[c % flush_every];
    *value = (double)(c % 4); /* legal: the last accumulate from it was flushed */
    MPI_Accumulate(value, 1, MPI_DOUBLE, target, 0, 1, MPI_DOUBLE, MPI_SUM, win);
    if ((c + 1) % flush_every == 0 || c + 1 == calls) MPI_Win_flush(target, win);
  }
  MPI_Win_unlock_all(win);
  double seconds = MPI_Wtime() - start, slowest = 0.0;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  double expected = 0.0; /* what the left neighbour added: 0, 1, 2, 3, 0, 1 ... */
  for (long c = 0; c < calls; ++c) expected += (double)(c % 4);
  const int wrong = *base != expected;
  MPI_Win_unlock(rank, win);
  int any_wrong = 0;
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(&wrong, &any_wrong, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("%.6f\n", slowest);
  if (rank == 0 && any_wrong) fprintf(stderr, "rma_heavy: a window's sum is wrong\n");
  free(origin);
  MPI_Win_free(&win);
  MPI_Finalize();
  return any_wrong ? 1 : 0;
}
