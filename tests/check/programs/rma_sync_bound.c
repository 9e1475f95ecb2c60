/* SPDX-License-Identifier: BSD-3-Clause */
/* A put whose completion comes after the window's record stopped (the bound of 512
 * synchronisation calls recorded per window, `rma_limit` `sync_events`, docs/check_records.md),
 * as in ARMCI-MPI's test_location_consistency: rank 1 puts into element 1 of rank 0's window in
 * a long MPI_Win_lock_all epoch, completes it locally (MPI_Win_flush_local), then at the target
 * (MPI_Win_flush), then a barrier; rank 0 reads the element after the barrier.
 * SYNC_CASE 62: the flush_local is the 512th synchronisation recorded and the flush is not
 *   recorded: the put is ordered before the read all the same, and must not be taken for still
 *   in flight (the analysis sets it aside as not analysed). The racy twin swaps the two: the
 *   flush that completes the put is recorded, and rank 0 reads before the barrier. */
#include "lock_put_read.h"

enum { recorded_syncs = 512 };

/* Rank 1's synchronisation calls: MPI_Win_lock_all and flush_locals up to just before the put,
 * the put, then the last recorded call and the one after it. */
static void put_at_the_bound(MPI_Win win) {
  static const int seven = 7;
  MPI_Win_lock_all(0, win);
  for (int i = 0; i < recorded_syncs - 2; ++i) MPI_Win_flush_local(0, win);
#ifdef RMA_KNOWN_ERROR
  usleep(200000);
#endif
  MPI_Put(&seven, 1, MPI_INT, 0, 1, 1, MPI_INT, win);
#ifndef RMA_KNOWN_ERROR
  MPI_Win_flush_local(0, win);
  MPI_Win_flush(0, win);
#else
  MPI_Win_flush(0, win);
  MPI_Win_flush_local(0, win);
#endif
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *base;
  MPI_Win win;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  if (rank == 1) put_at_the_bound(win);
#ifdef RMA_KNOWN_ERROR
  if (rank == 0) read_element(base);
#endif
  MPI_Barrier(MPI_COMM_WORLD);
#ifndef RMA_KNOWN_ERROR
  if (rank == 0) read_element(base);
#endif
  if (rank == 1) MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
