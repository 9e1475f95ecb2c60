/* SPDX-License-Identifier: BSD-3-Clause */
/* Correct: two threads of each rank (MPI_THREAD_MULTIPLE) make reductions at the same time, each
 * on its own communicator, after the program set MPI_ERRORS_RETURN on MPI_COMM_WORLD. The check's
 * own queries swap error handlers around its work; whichever threads overlap, the program's
 * handler must be the one left in place. Expected: exit 0, no finding. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

#define CALLS 300

static void *reduce_many(void *arg) {
  MPI_Comm comm = *(MPI_Comm *)arg;
  for (int i = 0; i < CALLS; ++i) {
    int one = 1, sum = 0;
    MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, comm);
  }
  return NULL;
}

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm comms[2];
  MPI_Comm_dup(MPI_COMM_WORLD, &comms[0]);
  MPI_Comm_dup(MPI_COMM_WORLD, &comms[1]);
  int failed = 0;
  if (provided == MPI_THREAD_MULTIPLE) {
    pthread_t other;
    pthread_create(&other, NULL, reduce_many, &comms[1]);
    reduce_many(&comms[0]);
    pthread_join(other, NULL);
    MPI_Errhandler now;
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &now);
    failed = now != MPI_ERRORS_RETURN;
    if (failed) printf("MPI_COMM_WORLD's error handler is no longer the program's\n");
    MPI_Errhandler_free(&now);
  }
  MPI_Comm_free(&comms[1]);
  MPI_Comm_free(&comms[0]);
  MPI_Finalize();
  return failed;
}
