/* SPDX-License-Identifier: BSD-3-Clause */
/* Ranks 1 and 2 each write their rank into one int on rank 0 under MPI_Win_lock: exclusive
 * locks keep the two epochs apart (MPI-4.1 §13.5.3), so no finding. Built with
 * -DRMA_KNOWN_ERROR (rma_lock_shared) the locks are shared and both puts are in flight across a
 * barrier: racing_access (§13.7). */
#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *value;
  MPI_Win win;
  MPI_Win_allocate(rank == 0 ? sizeof(int) : 0, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &value, &win);
  if (rank == 0) *value = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  const int mine = rank;
  const int writer = rank == 1 || rank == 2;
#ifdef RMA_KNOWN_ERROR
  if (writer) {
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Put(&mine, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
  }
  MPI_Barrier(MPI_COMM_WORLD); /* both puts are in flight here */
  if (writer) MPI_Win_unlock(0, win);
#else
  if (writer) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
    MPI_Put(&mine, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_unlock(0, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
#endif
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
