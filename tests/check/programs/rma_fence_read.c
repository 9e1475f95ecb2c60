/* SPDX-License-Identifier: BSD-3-Clause */
/* Rank 1 puts a value into rank 0's window in a fence epoch; rank 0 reads its window after the
 * closing fence. Built with -DRMA_KNOWN_ERROR rank 0 reads it inside the epoch, while the put
 * may be updating it (MPI-4.1 §13.7): window_access_race. A barrier orders the put before the
 * read, so the run shows the race every time. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *mine;
  MPI_Win win;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
  for (int i = 0; i < 4; ++i) mine[i] = 0;
  static const int value = 42;
  volatile int seen = 0;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  if (rank == 1) MPI_Put(&value, 1, MPI_INT, 0, 2, 1, MPI_INT, win);
  MPI_Barrier(MPI_COMM_WORLD);
#ifdef RMA_KNOWN_ERROR
  if (rank == 0) seen = mine[2];
#endif
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  if (rank == 0) seen += mine[2];
  if (rank == 0) printf("rank 0 reads %d\n", (int)seen);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
