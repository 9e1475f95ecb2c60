/* SPDX-License-Identifier: BSD-3-Clause */
/* Rank 1 puts into rank 0's window under a shared lock; rank 0 reads the element after a barrier
 * that follows rank 1's unlock, which orders the read after the put (MPI-4.1 §13.7). Built with
 * -DRMA_KNOWN_ERROR rank 0 reads it between the same two barriers as rank 1's lock epoch, with
 * nothing ordering the two: window_access_race. Rank 1 then waits before it locks, so that in
 * most runs the read comes first in time: the race is found from the synchronisation, not from
 * the order the run happened to take. */
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
#ifdef RMA_KNOWN_ERROR
    usleep(200000);
#endif
    static const int seven = 7;
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Put(&seven, 1, MPI_INT, 0, 1, 1, MPI_INT, win);
    MPI_Win_unlock(0, win);
  }
#ifndef RMA_KNOWN_ERROR
  MPI_Barrier(MPI_COMM_WORLD);
#endif
  if (rank == 0) printf("element 1: %d\n", *(volatile int *)&base[1]);
#ifdef RMA_KNOWN_ERROR
  MPI_Barrier(MPI_COMM_WORLD);
#endif
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
