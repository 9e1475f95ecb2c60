/* SPDX-License-Identifier: BSD-3-Clause */
/* Each rank reads its right neighbour's value with MPI_Get under a shared lock and uses it after
 * MPI_Win_flush. Built with -DRMA_KNOWN_ERROR it loads the result buffer before the flush, when
 * MPI has not promised the value is there (MPI-4.1 §13.3): result_buffer_accessed_before_completion. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *mine;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
  *mine = 100 + rank;
  MPI_Barrier(MPI_COMM_WORLD);
  int *got = malloc(sizeof *got);
  *got = -1;
  volatile int seen = 0;
  const int right = (rank + 1) % size;
  MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
  MPI_Get(got, 1, MPI_INT, right, 0, 1, MPI_INT, win);
#ifdef RMA_KNOWN_ERROR
  seen = *got;
#endif
  MPI_Win_flush(right, win);
  seen += *got;
  MPI_Win_unlock(right, win);
  if (rank == 0) printf("rank 0 read %d\n", (int)seen);
  free(got);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
