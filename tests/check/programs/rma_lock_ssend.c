/* SPDX-License-Identifier: BSD-3-Clause */
/* Rank 0 sends rank 1 a message with MPI_Ssend, then reads an element of its own window that
 * rank 1 puts into, under a shared lock, before it receives the message. MPI_Ssend returns only
 * once the matching receive has started (MPI-4.1 §3.4), so the put is complete before the read.
 * Built with -DRMA_KNOWN_ERROR the send is a plain MPI_Send, which may return at once:
 * window_access_race. */
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
  int token = 1;
  if (rank == 0) {
#ifdef RMA_KNOWN_ERROR
    MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
#else
    MPI_Ssend(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
#endif
    printf("element 1: %d\n", *(volatile int *)&base[1]);
  }
  if (rank == 1) {
    usleep(200000);
    static const int seven = 7;
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Put(&seven, 1, MPI_INT, 0, 1, 1, MPI_INT, win);
    MPI_Win_unlock(0, win);
    MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
