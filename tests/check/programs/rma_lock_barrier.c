/* SPDX-License-Identifier: BSD-3-Clause */
/* Rank 1 puts into rank 0's window under a shared lock; rank 0 reads the element after a barrier
 * that follows rank 1's unlock, which orders the read after the put (MPI-4.1 §13.7). Built with
 * -DRMA_KNOWN_ERROR rank 0 reads it between the same two barriers as rank 1's lock epoch, with
 * nothing ordering the two: window_access_race. Rank 1 then waits before it locks, so that in
 * most runs the read comes first in time: the race is found from the synchronisation, not from
 * the order the run happened to take. */
#include "lock_put_read.h"

static void exchange(int rank, const int *base, MPI_Win win) {
  if (rank == 1) put_seven(win);
#ifndef RMA_KNOWN_ERROR
  MPI_Barrier(MPI_COMM_WORLD);
#endif
  if (rank == 0) read_element(base);
#ifdef RMA_KNOWN_ERROR
  MPI_Barrier(MPI_COMM_WORLD);
#endif
}

int main(int argc, char **argv) { return put_read_main(argc, argv, exchange); }
