/* SPDX-License-Identifier: BSD-3-Clause */
/* One known error: MPI_Reduce_local with inbuf and inoutbuf overlapping (a running sum over a
 * window that slides by one element); MPI-4.1 §2.3 forbids an INOUT buffer that aliases an
 * input. Expected finding: inout_aliases_input. */
#include <mpi.h>
#include <stdio.h>

#define N 8

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long window[N + 1];
  for (int i = 0; i <= N; ++i) window[i] = rank + i;
  MPI_Reduce_local(window, window + 1, N, MPI_LONG, MPI_SUM);
  if (rank == 0) printf("window[N] = %ld\n", window[N]);
  MPI_Finalize();
  return 0;
}
