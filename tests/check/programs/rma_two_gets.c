/* SPDX-License-Identifier: BSD-3-Clause */
/* Each rank reads both neighbours' values with two MPI_Gets in one fence epoch, into two
 * buffers. Built with -DRMA_KNOWN_ERROR both gets write one buffer in the same epoch: two
 * concurrent writes to the same origin memory (MPI-4.1 §13.7): overlapping_result_buffers. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *mine;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
  *mine = rank;
  static int left_value, right_value;
#ifdef RMA_KNOWN_ERROR
  int *second = &left_value;
#else
  int *second = &right_value;
#endif
  MPI_Win_fence(0, win);
  MPI_Get(&left_value, 1, MPI_INT, (rank + size - 1) % size, 0, 1, MPI_INT, win);
  MPI_Get(second, 1, MPI_INT, (rank + 1) % size, 0, 1, MPI_INT, win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  if (rank == 0) printf("rank 0: %d %d\n", left_value, right_value);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
