/* SPDX-License-Identifier: BSD-3-Clause */
/* Rank 1 adds to a counter in rank 0's window under a shared lock; rank 0 resets the counter
 * after rank 1 unlocked, inside an exclusive lock of its own window (MPI-4.1 §13.7: a local
 * store to window memory is not concurrent with any RMA access to it). Built with
 * -DRMA_KNOWN_ERROR rank 0 stores while rank 1's lock epoch, and its accumulate, are still open:
 * window_access_race. Barriers place the store inside the other rank's epoch every run. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long *counter;
  MPI_Win win;
  MPI_Win_allocate(sizeof(long), sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &counter, &win);
  *counter = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  static const long five = 5;
#ifdef RMA_KNOWN_ERROR
  if (rank == 1) {
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Accumulate(&five, 1, MPI_LONG, 0, 0, 1, MPI_LONG, MPI_SUM, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) *counter = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) MPI_Win_unlock(0, win);
#else
  if (rank == 1) {
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Accumulate(&five, 1, MPI_LONG, 0, 0, 1, MPI_LONG, MPI_SUM, win);
    MPI_Win_unlock(0, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
    *counter = 0;
    MPI_Win_unlock(0, win);
  }
#endif
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("counter %ld\n", *counter);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
