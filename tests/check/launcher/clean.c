/* SPDX-License-Identifier: BSD-3-Clause */
/* A correct MPI program for the launcher's tests: one Allreduce of integers, then it exits with
 * the status given as its first argument (0 by default), so that a test can see redsem check
 * pass the program's own status through when there is no finding. */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, sum = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return argc > 1 ? atoi(argv[1]) : 0;
}
