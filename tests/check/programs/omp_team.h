/* SPDX-License-Identifier: BSD-3-Clause */
/* What the OpenMP test programs (rma_omp*.c) share inside their parallel regions: a team of exactly
 * two threads, or the run is aborted (a test of two threads' accesses that ran on one proves
 * nothing), and a pause of a number of milliseconds. Each program is one file: these are static. */
#ifndef REDSEM_TEST_OMP_TEAM_H
#define REDSEM_TEST_OMP_TEAM_H

#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <time.h>

/* Called by every thread of a `num_threads(2)` region. */
static inline void require_team_of_two(void) {
  if (omp_get_num_threads() != 2) {
    printf("a team of 2 threads was not given\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
}

static inline void pause_ms(long ms) {
  const struct timespec t = {ms / 1000, (ms % 1000) * 1000 * 1000};
  nanosleep(&t, NULL);
}

#endif
