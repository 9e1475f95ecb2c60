/* SPDX-License-Identifier: BSD-3-Clause */
/* One known error: only rank 0 passes MPI_IN_PLACE to MPI_Allreduce; MPI-4.1 §7.9.6 takes it at
 * all processes or none. The libraries run the call (each rank reads its own input from where
 * it says). Expected finding: in_place_mixed, from comm rank 0. */
#include <mpi.h>
#include <stdio.h>

#define N 4

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int local[N], total[N];
  for (int i = 0; i < N; ++i) local[i] = total[i] = rank + i;
  /* Rank 0 "optimises" its call: its input is already in total. */
  MPI_Allreduce(rank == 0 ? MPI_IN_PLACE : (const void *)local, total, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("total[0] = %d\n", total[0]);
  MPI_Finalize();
  return 0;
}
