/* SPDX-License-Identifier: BSD-3-Clause */
/* Each rank reads its left neighbour's value with MPI_Rget inside MPI_Win_lock_all and uses it
 * after MPI_Wait. Built with -DRMA_KNOWN_ERROR it loads the result before MPI_Wait completed the
 * request (MPI-4.1 §13.3.5): result_buffer_accessed_before_completion. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double *mine;
  MPI_Win win;
  MPI_Win_allocate(sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
  *mine = 0.5 * rank;
  MPI_Barrier(MPI_COMM_WORLD);
  double *got = malloc(sizeof *got);
  volatile double seen = 0;
  MPI_Request request;
  MPI_Win_lock_all(0, win);
  MPI_Rget(got, 1, MPI_DOUBLE, (rank + size - 1) % size, 0, 1, MPI_DOUBLE, win, &request);
#ifdef RMA_KNOWN_ERROR
  seen = *got;
#endif
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  seen += *got;
  MPI_Win_unlock_all(win);
  if (rank == 0) printf("rank 0 read %g\n", (double)seen);
  free(got);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
