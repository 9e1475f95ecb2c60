/* SPDX-License-Identifier: BSD-3-Clause */
/* The window of the threaded RMA test programs (rma_omp.c, rma_omp_remote.c, rma_thread_get.c,
 * rma_thread_handoff.c): MPI started for MPI_THREAD_MULTIPLE (thread_multiple.h), then on every
 * rank 4 ints of MPI_Win_allocate, element i holding 10 * rank + i, before a barrier; at the end
 * a barrier, the window freed and MPI finalised. Each program is one file: `base` and `win` are
 * its window. */
#ifndef REDSEM_TEST_THREAD_WINDOW_H
#define REDSEM_TEST_THREAD_WINDOW_H

#include <mpi.h>

#include "thread_multiple.h"

static int *base;
static MPI_Win win;

/* Returns the rank in MPI_COMM_WORLD. */
static int open_thread_window(int *argc, char ***argv) {
  const int rank = init_thread_multiple(argc, argv);
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  for (int i = 0; i < 4; ++i) base[i] = 10 * rank + i;
  MPI_Barrier(MPI_COMM_WORLD);
  return rank;
}

/* main's exit status. */
static int close_thread_window(void) {
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}

#endif
