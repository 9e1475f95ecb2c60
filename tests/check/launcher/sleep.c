/* SPDX-License-Identifier: BSD-3-Clause */
/* An MPI program that sleeps inside its run (between MPI_Init and MPI_Finalize) for the
 * seconds given as its first argument (120 by default): the launcher's test interrupts
 * redsem check while it runs and looks for what is left behind. */
#include <mpi.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, sum = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  sleep(argc > 1 ? (unsigned)atoi(argv[1]) : 120u);
  MPI_Finalize();
  return 0;
}
