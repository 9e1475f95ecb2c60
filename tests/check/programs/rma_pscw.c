/* SPDX-License-Identifier: BSD-3-Clause */
/* Rank 0 exposes two ints to ranks 1 and 2 in one exposure epoch (MPI_Win_post … MPI_Win_wait);
 * each puts its rank into its own int inside its access epoch (MPI_Win_start … MPI_Win_complete,
 * MPI-4.1 §13.5.2): no finding. Built with -DRMA_KNOWN_ERROR (rma_pscw_same_bytes) both put into
 * the first int: racing_access (§13.7). */
#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *values;
  MPI_Win win;
  MPI_Win_allocate(rank == 0 ? 2 * sizeof(int) : 0, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &values, &win);
  MPI_Group world, group;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  const int origins[2] = {1, 2}, target = 0;
  const int mine = rank;
#ifdef RMA_KNOWN_ERROR
  const MPI_Aint disp = 0;
#else
  const MPI_Aint disp = rank - 1;
#endif
  if (rank == 0) {
    values[0] = values[1] = 0;
    MPI_Group_incl(world, 2, origins, &group);
    MPI_Win_post(group, 0, win);
    MPI_Win_wait(win);
    MPI_Group_free(&group);
  } else if (rank == 1 || rank == 2) {
    MPI_Group_incl(world, 1, &target, &group);
    MPI_Win_start(group, 0, win);
    MPI_Put(&mine, 1, MPI_INT, 0, disp, 1, MPI_INT, win);
    MPI_Win_complete(win);
    MPI_Group_free(&group);
  }
  MPI_Group_free(&world);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
