/* SPDX-License-Identifier: BSD-3-Clause */
/* Many lock epochs on a rank's own windows, as MPICH's rma_contig makes them on rank 0: each rank,
 * EPOCHS times on each of its two windows (one from MPI_Win_allocate, one over heap memory given to
 * MPI_Win_create), puts and accumulates into its own window in an exclusive lock epoch of its own
 * rank, stores into the half of its window that no other rank reaches, loads it in a shared lock
 * epoch of its own rank, and puts into its right neighbour's other half in a shared lock epoch.
 * While a rank holds the exclusive lock of its own window no other rank may access it, so the
 * window range is excluded rather than released there (check/runtime/watch_excluded.c): the library's
 * copies into it inside the calls open spans of its pages, and the unlock takes it into the next
 * epoch in place. The `few_window_protects` expectation bounds how often a rank's window pages were
 * protected or given back whole (twice an exclusive epoch when the lock released the window and the
 * unlock armed it again); every 50 epochs, and at the end, a rank reads the half its left
 * neighbour's puts fill inside its own exclusive epoch (legal: that lock excludes them), whose
 * first fault gives the pages back for the rest of that epoch. Built with -DRMA_KNOWN_ERROR a rank
 * also stores into the bytes of its MPI_Win_create window that its left neighbour's puts reach, in
 * no order with them: right after its exclusive unlock (window_access_race, seen only if the unlock
 * watches the window again), or, with -DRACE_IN_SHARED_EPOCH, inside its shared lock epoch on
 * itself, which the neighbour's shared locks do not exclude (seen only if a shared lock is not
 * taken for an exclusive one). */
#include <mpi.h>

#define EPOCHS 100
#define HALF 2048 /* ints: the neighbour's puts land in [0, HALF), the owner's own in [HALF, 2 * HALF) */
#define READ_EVERY 50

#include "two_windows.h"

static volatile int sink; /* what a read inside the exclusive epoch saw */

#ifdef RMA_KNOWN_ERROR
#ifdef RACE_IN_SHARED_EPOCH
enum { racy_after_unlock = 0, racy_in_shared = 1 };
#else
enum { racy_after_unlock = 1, racy_in_shared = 0 };
#endif
#else
enum { racy_after_unlock = 0, racy_in_shared = 0 };
#endif

/* One round on window `win` (this rank's memory `mine`; `racy`: the racy twin's MPI_Win_create one). */
static void round_on(MPI_Win win, int rank, int right, const int *out, int *mine, int e, int racy, int *wrong) {
  const int own = HALF + e % HALF;
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  MPI_Put(&out[e % HALF], 1, MPI_INT, rank, own, 1, MPI_INT, win);
  /* On bytes the put leaves; no get: a value it read could be taken to order the racy twin's store. */
  MPI_Accumulate(&out[e % HALF], 1, MPI_INT, rank, HALF + (e + HALF / 2) % HALF, 1, MPI_INT, MPI_SUM, win);
  const int read = e % READ_EVERY == READ_EVERY - 1;
  if (read) sink = mine[e % HALF]; /* legal: the lock excludes the neighbour's puts */
  MPI_Win_unlock(rank, win);
  /* The left neighbour's puts land here; after an epoch with no read, whose range was kept throughout. */
  if (racy && racy_after_unlock && !read) mine[e % HALF] = e;
  mine[own] = e; /* no other rank reaches these bytes */
  MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
  *wrong += mine[own] != e;
  if (racy && racy_in_shared) mine[e % HALF] = e; /* ... and its shared locks are not excluded */
  MPI_Win_unlock(rank, win);
  MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
  MPI_Put(out, HALF, MPI_INT, right, 0, HALF, MPI_INT, win);
  MPI_Win_unlock(right, win);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  struct two_windows t = two_windows_open();
  int wrong = 0;
  for (int e = 0; e < EPOCHS; ++e) {
    round_on(t.on_allocated, t.rank, t.right, t.out, t.allocated, e, 0, &wrong);
    round_on(t.on_created, t.rank, t.right, t.out, t.created, e, 1, &wrong);
  }
  MPI_Barrier(MPI_COMM_WORLD); /* every put done: each rank reads its own windows in its own epoch */
#ifdef RMA_KNOWN_ERROR
  const int status = two_windows_close(&t, wrong, 0);
#else
  const int status = two_windows_close(&t, wrong, 1);
#endif
  MPI_Finalize();
  return status;
}
