/* SPDX-License-Identifier: BSD-3-Clause */
/* The start of the MPI_THREAD_MULTIPLE test programs (rma_thread_*.c): MPI initialised with every
 * thread free to call it, or the run aborted with exit 2 (a test that expects a finding must not
 * pass because the level was refused). Returns the rank in MPI_COMM_WORLD. */
#ifndef REDSEM_TEST_THREAD_MULTIPLE_H
#define REDSEM_TEST_THREAD_MULTIPLE_H

#include <mpi.h>
#include <stdio.h>

static int init_thread_multiple(int *argc, char ***argv) {
  int provided, rank;
  MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (provided < MPI_THREAD_MULTIPLE) {
    printf("MPI_THREAD_MULTIPLE not provided\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return rank;
}

#endif
