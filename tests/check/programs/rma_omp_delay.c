/* SPDX-License-Identifier: BSD-3-Clause */
/* OpenMP threads beside MPI (MPI_THREAD_MULTIPLE), shaped like a hybrid code whose master thread
 * gets a value into window memory while the team reads it: on rank 0 the master thread of a team of
 * two locks rank 1, gets rank 1's element into rank 0's own window memory and unlocks, and every
 * thread of the team then loads that element. Correct with an `omp barrier` between the unlock and
 * the loads. Built with -DRMA_KNOWN_ERROR, nothing orders the other thread's load with the get: a
 * race, which the default policy finds only when the load comes inside the get's span (between the
 * get's return and the unlock's). By this run's own timing the load mostly comes before the get
 * (the master first takes the lock) or after the unlock, and is missed; delay injection
 * (check/runtime/watch_delay.h) holds the loading thread at its access to the watched window and
 * the master at the unlock, so that they overlap. The pattern runs ROUNDS times, each after a
 * barrier of the team, so that one overlap of the rounds suffices. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#include "omp_team.h"
#include "thread_window.h"

#define ROUNDS 8

static void round_of_two(int round) {
#pragma omp parallel num_threads(2)
  {
    require_team_of_two();
#pragma omp master
    {
      MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
      MPI_Get(&base[0], 1, MPI_INT, 1, round % 4, 1, MPI_INT, win);
      MPI_Win_unlock(1, win);
    }
#ifndef RMA_KNOWN_ERROR
#pragma omp barrier
#endif
    const int seen = *(volatile int *)&base[0];
    if (seen < 0) printf("round %d: thread %d read %d\n", round, omp_get_thread_num(), seen);
  }
}

int main(int argc, char **argv) {
  const int rank = open_thread_window(&argc, &argv);
  for (int round = 0; rank == 0 && round < ROUNDS; ++round) round_of_two(round);
  return close_thread_window();
}
