/* SPDX-License-Identifier: BSD-3-Clause */
/* Each rank puts element 0 of a heap array into its right neighbour's window and gets that
 * neighbour's element 2 into element 1 of the same array, under one shared lock, and loads
 * element 0 before MPI_Win_unlock: legal (a pending put's origin may be read, MPI-4.1 §13.3),
 * though the load faults, the get's pending result on the same page being watched for loads.
 * Built with -DRMA_KNOWN_ERROR it stores into element 0 before the unlock, while the put may still
 * read it: origin_buffer_stored_before_completion, and the comparison at the unlock names the
 * changed bytes (origin_buffer_updated_before_completion). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *base;
  MPI_Win win;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  for (int i = 0; i < 4; ++i) base[i] = 10 * rank + i;
  int *pair = malloc(2 * sizeof(int)); /* origin and result side by side: one page */
  pair[0] = rank;
  pair[1] = -1;
  MPI_Barrier(MPI_COMM_WORLD);
  const int right = (rank + 1) % size;
  MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
  MPI_Put(&pair[0], 1, MPI_INT, right, 1, 1, MPI_INT, win);
  MPI_Get(&pair[1], 1, MPI_INT, right, 2, 1, MPI_INT, win);
#ifdef RMA_KNOWN_ERROR
  *(volatile int *)&pair[0] = -1;
#else
  const int sent = *(volatile int *)&pair[0];
#endif
  MPI_Win_unlock(right, win);
  MPI_Barrier(MPI_COMM_WORLD);
#ifndef RMA_KNOWN_ERROR
  printf("rank %d sent %d, got %d, holds %d\n", rank, sent, pair[1], base[1]);
#endif
  free(pair);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
