/* SPDX-License-Identifier: BSD-3-Clause */
/* An MPI program whose rank 1 makes an erroneous reduction (MPI_BAND on MPI_DOUBLE, MPI-4.1
 * §7.9.2), which the check library records, and is then killed, for the tests of records from
 * other nodes: the finding must reach the report although the rank never reaches MPI_Finalize
 * and its node's files are out of the launcher's reach. */
#include <mpi.h>
#include <signal.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
    double in = 1, inout = 2;
    MPI_Reduce_local(&in, &inout, 1, MPI_DOUBLE, MPI_BAND);
    raise(SIGKILL);
  }
  MPI_Barrier(MPI_COMM_WORLD); /* the others wait here until the launcher ends the job */
  MPI_Finalize();
  return 0;
}
