/* SPDX-License-Identifier: BSD-3-Clause */
/* One known error: the send and receive buffers of MPI_Allreduce overlap (recvbuf is sendbuf
 * shifted by one element), which MPI-4.1 §2.3 forbids. Open MPI refuses only identical pointers
 * and runs the call; MPICH aborts it. Expected finding: buffers_overlap, written before the
 * call on every rank that reaches it. */
#include <mpi.h>
#include <stdio.h>

#define N 8

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  /* A halo exchange buffer: the interior starts one cell in, and is "reduced in place". */
  double cells[N + 1];
  for (int i = 0; i <= N; ++i) cells[i] = rank + i;
  MPI_Allreduce(cells, cells + 1, N, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0) printf("cell 1: %g\n", cells[1]);
  MPI_Finalize();
  return 0;
}
