/* SPDX-License-Identifier: BSD-3-Clause */
/* Ranks 1 and 2 each put their rank into element 0 of rank 0's window under a shared lock, one
 * after the other: a barrier between rank 1's unlock and rank 2's lock orders the two puts.
 * Built with -DRMA_KNOWN_ERROR nothing orders them (rank 2 only sleeps first, so that the two
 * epochs rarely overlap in time): racing_access, found from the synchronisation, not from the
 * order the run happened to take. */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *base;
  MPI_Win win;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  for (int i = 0; i < 4; ++i) base[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Put(&rank, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_unlock(0, win);
  }
#ifdef RMA_KNOWN_ERROR
  if (rank == 2) usleep(200000);
#else
  MPI_Barrier(MPI_COMM_WORLD);
#endif
  if (rank == 2) {
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Put(&rank, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_unlock(0, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("element 0: %d\n", base[0]);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
