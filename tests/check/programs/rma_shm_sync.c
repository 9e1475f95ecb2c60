/* SPDX-License-Identifier: BSD-3-Clause */
/* Rank 1 stores into rank 0's segment of a shared-memory window through the pointer
 * MPI_Win_shared_query gave it; rank 2 then loads that element through its own. Between them,
 * the pattern MPI-4.1 §13.7 gives for shared memory: MPI_Win_sync, a barrier, MPI_Win_sync.
 * Built with -DRMA_KNOWN_ERROR the three calls are left out: the store and the load are not
 * synchronised (shared_memory_race). The barrier after MPI_Win_lock_all keeps each rank's lock_all
 * before the other's access, so no window synchronisation of either rank can order the two, however
 * they fall in time. */
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
  volatile int *segment0;
  MPI_Win_shared_query(win, 0, &size, &unit, (void *)&segment0);
  MPI_Win_lock_all(0, win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) segment0[0] = 42;
#ifndef RMA_KNOWN_ERROR
  MPI_Win_sync(win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_sync(win);
#endif
  if (rank == 2) printf("rank 2 reads %d\n", segment0[0]);
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
