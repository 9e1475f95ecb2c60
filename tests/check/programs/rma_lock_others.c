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

#define EPOCHS 400
#define HALF 512 /* ints: the puts land in [0, HALF), the owner's stores in [HALF, 2 * HALF) */

#include "two_windows.h"

/* One epoch on window `win`: a put of `out` into the right neighbour's first half, then a store
 * into this rank's own `mine`. */
static void epoch(MPI_Win win, int right, const int *out, int *mine, int e) {
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, right, 0, win);
  MPI_Put(out, HALF, MPI_INT, right, 0, HALF, MPI_INT, win);
  MPI_Win_unlock(right, win);
  mine[HALF + e % HALF] = e;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  struct two_windows t = two_windows_open();
  for (int e = 0; e < EPOCHS; ++e) {
    epoch(t.on_allocated, t.right, t.out, t.allocated, e);
    epoch(t.on_created, t.right, t.out, t.created, e);
#ifdef RMA_KNOWN_ERROR
    t.created[e % HALF] = e; /* the left neighbour's puts land here, in no order with this store */
#endif
  }
  MPI_Barrier(MPI_COMM_WORLD); /* every put done: each rank reads its own windows in its own epoch */
#ifdef RMA_KNOWN_ERROR
  const int status = two_windows_close(&t, 0, 0);
#else
  const int status = two_windows_close(&t, 0, 1);
#endif
  MPI_Finalize();
  return status;
}
