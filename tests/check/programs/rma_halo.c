/* SPDX-License-Identifier: BSD-3-Clause */
/* A 1-D halo exchange with fences (MPI-4.1 §13.5.1): each rank owns CELLS cells of a ring and
 * puts its first and last cell into its neighbours' halo slots, staged in a send buffer that
 * stays untouched until the closing fence: no finding.
 *
 * Built with -DRMA_KNOWN_ERROR (check_rma_halo_reuse), one send slot serves both neighbours: the
 * second boundary value overwrites the first MPI_Put's origin buffer before the closing fence
 * completes it (MPI-4.1 §13.3: origin_buffer_updated_before_completion). */
#include <mpi.h>
#include <stdio.h>

#define CELLS 8
#define STEPS 3

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double field[CELLS], halo[2] = {0, 0}, send[2];
  for (int i = 0; i < CELLS; ++i) field[i] = rank * CELLS + i;
  MPI_Win win;
  MPI_Win_create(halo, sizeof halo, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  const int left = (rank + size - 1) % size, right = (rank + 1) % size;
  for (int step = 0; step < STEPS; ++step) {
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
#ifndef RMA_KNOWN_ERROR
    send[0] = field[0];
    send[1] = field[CELLS - 1];
    MPI_Put(&send[0], 1, MPI_DOUBLE, left, 1, 1, MPI_DOUBLE, win);  /* my first cell: left's right halo */
    MPI_Put(&send[1], 1, MPI_DOUBLE, right, 0, 1, MPI_DOUBLE, win); /* my last cell: right's left halo */
#else
    send[0] = field[0];
    MPI_Put(&send[0], 1, MPI_DOUBLE, left, 1, 1, MPI_DOUBLE, win);
    send[0] = field[CELLS - 1]; /* the error: the first put may not have read send[0] yet */
    MPI_Put(&send[0], 1, MPI_DOUBLE, right, 0, 1, MPI_DOUBLE, win);
#endif
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    field[0] = 0.5 * (field[0] + halo[0]);
    field[CELLS - 1] = 0.5 * (field[CELLS - 1] + halo[1]);
  }
  MPI_Win_free(&win);
  if (rank == 0) printf("halo: field[0] = %g\n", field[0]);
  MPI_Finalize();
  return 0;
}
