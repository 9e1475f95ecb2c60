/* SPDX-License-Identifier: BSD-3-Clause */
/* Ranks 1 and 2 each put their rank into element 0 of rank 0's window under a shared lock, one
 * after the other: a barrier between rank 1's unlock and rank 2's lock orders the two puts.
 * Built with -DRMA_KNOWN_ERROR nothing orders them (rank 2 only sleeps first, so that the two
 * epochs rarely overlap in time): racing_access, found from the synchronisation, not from the
 * order the run happened to take. */
#include "lock_put_read.h"

static void exchange(int rank, const int *base, MPI_Win win) {
  if (rank == 1) put_locked(&rank, 0, win);
#ifdef RMA_KNOWN_ERROR
  if (rank == 2) usleep(200000);
#else
  MPI_Barrier(MPI_COMM_WORLD);
#endif
  if (rank == 2) put_locked(&rank, 0, win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("element 0: %d\n", base[0]);
}

int main(int argc, char **argv) { return put_read_main(argc, argv, exchange); }
