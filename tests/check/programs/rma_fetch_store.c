/* SPDX-License-Identifier: BSD-3-Clause */
/* Each rank takes a ticket from a counter on rank 0 with MPI_Fetch_and_op and clears its copy
 * after MPI_Win_unlock. Built with -DRMA_KNOWN_ERROR it stores into the result buffer before the
 * unlock, while MPI may still write the fetched value there (MPI-4.1 §13.3):
 * result_buffer_accessed_before_completion. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long *counter;
  MPI_Win win;
  MPI_Win_allocate(sizeof(long), sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &counter, &win);
  *counter = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  static const long one = 1;
  long *ticket = malloc(sizeof *ticket);
  MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
  MPI_Fetch_and_op(&one, ticket, MPI_LONG, 0, 0, MPI_SUM, win);
#ifdef RMA_KNOWN_ERROR
  *ticket = 0;
#endif
  MPI_Win_unlock(0, win);
  const long taken = *ticket;
  *ticket = 0;
  long total = 0;
  MPI_Reduce(&taken, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("tickets: %ld\n", total);
  free(ticket);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
