/* SPDX-License-Identifier: BSD-3-Clause */
/* Rank 0 attaches two ints to a dynamic window (MPI_Win_create_dynamic, MPI_Win_attach,
 * MPI-4.1 §13.2.4) and sends their address to every rank; in one fence epoch ranks 1 and 2 each
 * put their rank into their own int, addressed from MPI_BOTTOM: no finding. Built with
 * -DRMA_KNOWN_ERROR (rma_dynamic_same_bytes) both put into the first int: racing_access
 * (§13.7). */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win win;
  MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  int *values = NULL;
  MPI_Aint base = 0;
  if (rank == 0) {
    values = calloc(2, sizeof(int));
    MPI_Win_attach(win, values, 2 * sizeof(int));
    MPI_Get_address(values, &base);
  }
  MPI_Bcast(&base, 1, MPI_AINT, 0, MPI_COMM_WORLD);
  const int mine = rank;
#ifdef RMA_KNOWN_ERROR
  const MPI_Aint at = base;
#else
  const MPI_Aint at = MPI_Aint_add(base, (rank - 1) * (MPI_Aint)sizeof(int));
#endif
  MPI_Win_fence(0, win);
  if (rank == 1 || rank == 2) MPI_Put(&mine, 1, MPI_INT, 0, at, 1, MPI_INT, win);
  MPI_Win_fence(0, win);
  if (rank == 0) {
    MPI_Win_detach(win, values);
    free(values);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
