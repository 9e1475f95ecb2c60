/* SPDX-License-Identifier: BSD-3-Clause */
/* Many passive-target epochs on other ranks, as MPICH's rma_contig makes them: each rank puts into
 * its right neighbour's two windows (one from MPI_Win_allocate, one over heap memory given to
 * MPI_Win_create) EPOCHS times, each put in its own exclusive lock epoch, and after each epoch
 * stores into the half of its own windows that no put reaches (legal: no other rank accesses those
 * bytes). A lock or unlock of another target changes nothing of what a rank exposes, so its windows
 * stay armed through those calls (check/runtime/watch_window_sync.c), and the library's own
 * accesses to them inside the calls (applying the left neighbour's puts) are stepped aside as the
 * library's: the `few_window_protects` expectation bounds how often a rank's window pages were
 * protected or given back whole (four times an epoch when every lock and unlock disarmed the window
 * and armed it again), and the stores are still recorded, without a finding. Each lock and unlock
 * moves the windows to a new epoch: EPOCHS takes them past the record's bound of synchronisation
 * lines per window, where their `watch` lines stop with the window's other lines. Built with
 * -DRMA_KNOWN_ERROR a rank also stores into the bytes of its MPI_Win_create window that its left
 * neighbour's puts reach, in no order with them: window_access_race, seen on a window armed through
 * the locks. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define EPOCHS 400
#define HALF 512 /* ints: the puts land in [0, HALF), the owner's stores in [HALF, 2 * HALF) */

/* One epoch on window `win`: a put of `out` into the right neighbour's first half, then a store
 * into this rank's own `mine`. */
static void epoch(MPI_Win win, int right, const int *out, int *mine, int e) {
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, right, 0, win);
  MPI_Put(out, HALF, MPI_INT, right, 0, HALF, MPI_INT, win);
  MPI_Win_unlock(right, win);
  mine[HALF + e % HALF] = e;
}

/* The first half of `mine`, which the left neighbour's puts fill, is as they left it. */
static int count_wrong(const int *mine, int left) {
  int wrong = 0;
  for (int i = 0; i < HALF; ++i) wrong += mine[i] != left * 1000 + i;
  return wrong;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *allocated = NULL, *created = calloc(2 * HALF, sizeof(int)), *out = malloc(HALF * sizeof(int));
  if (!created || !out) MPI_Abort(MPI_COMM_WORLD, 1);
  for (int i = 0; i < HALF; ++i) out[i] = rank * 1000 + i;
  MPI_Win on_allocated, on_created;
  MPI_Win_allocate(2 * HALF * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &allocated, &on_allocated);
  MPI_Win_create(created, 2 * HALF * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &on_created);
  const int right = (rank + 1) % size;
  for (int e = 0; e < EPOCHS; ++e) {
    epoch(on_allocated, right, out, allocated, e);
    epoch(on_created, right, out, created, e);
#ifdef RMA_KNOWN_ERROR
    created[e % HALF] = e; /* the left neighbour's puts land here, in no order with this store */
#endif
  }
  MPI_Barrier(MPI_COMM_WORLD); /* every put done: each rank reads its own windows in its own epoch */
  const int left = (rank + size - 1) % size;
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, on_allocated);
  int wrong = count_wrong(allocated, left);
  MPI_Win_unlock(rank, on_allocated);
#ifndef RMA_KNOWN_ERROR
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, on_created);
  wrong += count_wrong(created, left);
  MPI_Win_unlock(rank, on_created);
#endif
  if (wrong) printf("rank %d: %d values wrong\n", rank, wrong);
  MPI_Win_free(&on_created);
  MPI_Win_free(&on_allocated);
  free(created);
  free(out);
  MPI_Finalize();
  return wrong != 0;
}
