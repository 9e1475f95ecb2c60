/* SPDX-License-Identifier: BSD-3-Clause */
/* Rank 1 puts into rank 0's window under a shared lock, then tells rank 0 with a message; rank 0
 * reads the element after receiving it (from MPI_ANY_SOURCE), which orders the read after the
 * put. Ranks 2 and 3 exchange a value with MPI_Sendrecv meanwhile. Built with -DRMA_KNOWN_ERROR
 * rank 0 reads before it receives: window_access_race, found whatever the order in time (rank 1
 * waits before it locks, so the read usually comes first). */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *base;
  MPI_Win win;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  for (int i = 0; i < 4; ++i) base[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  int token = 1;
  if (rank == 1) {
#ifdef RMA_KNOWN_ERROR
    usleep(200000);
#endif
    static const int seven = 7;
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Put(&seven, 1, MPI_INT, 0, 1, 1, MPI_INT, win);
    MPI_Win_unlock(0, win);
    MPI_Send(&token, 1, MPI_INT, 0, 42, MPI_COMM_WORLD);
  }
  if (rank == 0) {
#ifdef RMA_KNOWN_ERROR
    printf("element 1: %d\n", *(volatile int *)&base[1]);
#endif
    MPI_Recv(&token, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifndef RMA_KNOWN_ERROR
    printf("element 1: %d\n", *(volatile int *)&base[1]);
#endif
  }
  if (rank >= 2 && size >= 4) {
    const int other = rank == 2 ? 3 : 2;
    int mine = rank, theirs = -1;
    MPI_Sendrecv(&mine, 1, MPI_INT, other, 0, &theirs, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
