/* SPDX-License-Identifier: BSD-3-Clause */
/* Two call sites of MPI_Get on one window: a busy one, BUSY_CALLS gets each used after its
 * MPI_Win_flush, and a rare one, called once after them. The watcher arms result buffers on the
 * sampled calls of each call site (the first 8, then the powers of two: check/runtime/watch_sampling.c),
 * so the rare site's one call is armed however many calls the busy one made; the busy site's are
 * armed on 11 of its 40. Built with -DRMA_KNOWN_ERROR the rare site loads its result before the
 * flush (MPI-4.1 §13.3): result_buffer_accessed_before_completion. Counted per call and window
 * instead, that call would be the 41st MPI_Get on the window, not sampled, and the load unseen. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BUSY_CALLS 40

/* Not inlined: each is one call site of MPI_Get, whatever the compiler does with main. */
__attribute__((noinline)) static int busy_get(int *got, int right, MPI_Win win) {
  MPI_Get(got, 1, MPI_INT, right, 0, 1, MPI_INT, win);
  MPI_Win_flush(right, win);
  return *got;
}

__attribute__((noinline)) static int rare_get(int *got, int right, MPI_Win win) {
  volatile int seen = 0;
  MPI_Get(got, 1, MPI_INT, right, 0, 1, MPI_INT, win);
#ifdef RMA_KNOWN_ERROR
  seen = *got;
#endif
  MPI_Win_flush(right, win);
  return seen + *got;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *mine;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
  *mine = 100 + rank;
  MPI_Barrier(MPI_COMM_WORLD);
  int *got = malloc(sizeof *got); /* on the heap: watched by page protection */
  const int right = (rank + 1) % size;
  long sum = 0;
  MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
  for (int c = 0; c < BUSY_CALLS; ++c) sum += busy_get(got, right, win);
  sum += rare_get(got, right, win);
  MPI_Win_unlock(right, win);
  if (rank == 0) printf("rank 0 read %ld\n", sum);
  free(got);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
