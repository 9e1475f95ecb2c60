/* SPDX-License-Identifier: BSD-3-Clause */
/* Ranks 1 and 2 store directly, through the pointer MPI_Win_shared_query gave them, into rank 0's
 * segment of a shared-memory window in one fence epoch, each to its own element. Built with
 * -DRMA_KNOWN_ERROR both store to the same element: two unsynchronised stores to the same bytes
 * (MPI-4.1 §13.7): shared_memory_race, decided by the fence epoch both stores are in, whatever
 * their order in time. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *mine;
  MPI_Win win;
  MPI_Win_allocate_shared(rank == 0 ? 4 * sizeof(int) : 0, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
  MPI_Aint size;
  int unit;
  int *segment0;
  MPI_Win_shared_query(win, 0, &size, &unit, &segment0);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  if (rank == 1) segment0[1] = 1;
#ifdef RMA_KNOWN_ERROR
  if (rank == 2) segment0[1] = 2;
#else
  if (rank == 2) segment0[2] = 2;
#endif
  MPI_Win_fence(0, win);
  if (rank == 0) printf("rank 0 reads %d\n", mine[1]);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
