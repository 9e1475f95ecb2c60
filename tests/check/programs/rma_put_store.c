/* SPDX-License-Identifier: BSD-3-Clause */
/* Each rank puts a block of values into its right neighbour's window under a shared lock and
 * refills its buffer after MPI_Win_unlock. Built with -DRMA_KNOWN_ERROR it refills the buffer
 * before the unlock, while the put may still read it (MPI-4.1 §13.3): the watcher names the
 * store (origin_buffer_stored_before_completion), the comparison at the unlock the changed
 * bytes (origin_buffer_updated_before_completion). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define COUNT 8

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double *mine;
  MPI_Win win;
  MPI_Win_allocate(COUNT * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
  double *block = malloc(COUNT * sizeof *block);
  for (int i = 0; i < COUNT; ++i) block[i] = rank + 0.25 * i;
  MPI_Barrier(MPI_COMM_WORLD);
  const int right = (rank + 1) % size;
  MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
  MPI_Put(block, COUNT, MPI_DOUBLE, right, 0, COUNT, MPI_DOUBLE, win);
#ifdef RMA_KNOWN_ERROR
  for (int i = 0; i < COUNT; ++i) block[i] = -1.0;
#endif
  MPI_Win_unlock(right, win);
  for (int i = 0; i < COUNT; ++i) block[i] = -1.0;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("rank 0 holds %g\n", mine[1]);
  free(block);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
