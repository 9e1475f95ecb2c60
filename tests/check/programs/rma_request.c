/* SPDX-License-Identifier: BSD-3-Clause */
/* Rank 1 reads an int of rank 0 with MPI_Rget under a shared lock, waits for it, then writes the
 * int with MPI_Put: the wait means the data was read (MPI-4.1 §13.3.5), so no finding. Built with
 * -DRMA_KNOWN_ERROR (rma_request_unwaited) the put comes before the wait: the get and the put of
 * one epoch conflict, racing_access (§13.7). */
#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *value;
  MPI_Win win;
  MPI_Win_allocate(rank == 0 ? sizeof(int) : 0, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &value, &win);
  if (rank == 0) *value = 5;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
    int seen = 0;
    const int next = 6;
    MPI_Request request;
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Rget(&seen, 1, MPI_INT, 0, 0, 1, MPI_INT, win, &request);
#ifndef RMA_KNOWN_ERROR
    MPI_Wait(&request, MPI_STATUS_IGNORE);
#endif
    MPI_Put(&next, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
#ifdef RMA_KNOWN_ERROR
    MPI_Wait(&request, MPI_STATUS_IGNORE);
#endif
    MPI_Win_unlock(0, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
