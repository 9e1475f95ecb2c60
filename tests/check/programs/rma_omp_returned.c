/* SPDX-License-Identifier: BSD-3-Clause */
/* OpenMP threads beside MPI (MPI_THREAD_MULTIPLE), shaped like RMARaceBench's
 * hybrid-single-remote-yes: in each round rank 0 puts into rank 1's element 0 under a lock and at
 * once enters a barrier; on rank 1 one thread of a team of two (`omp single`) enters that barrier,
 * and the other loads element 0 a moment later (LOAD_AFTER_MS, longer than the barrier takes
 * here): after the barrier returned. Correct when the single construct's own barrier orders the
 * load after the first barrier. Built with -DRMA_KNOWN_ERROR (`single nowait`) the load is ordered
 * with the put by nothing: a race, which the default policy (lines ordered by time) took for
 * ordered after the barrier, the load coming after its return. Delay injection holds the thread
 * returning from the barrier before its line's time is taken, so the load comes during the hold,
 * before the return. The pattern runs ROUNDS times, within the holds' schedule and budget. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <time.h>

#include "thread_window.h"

#define ROUNDS 2
#define LOAD_AFTER_MS 30

static void team_of_two(void) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_num_threads() != 2) {
      printf("a team of 2 threads was not given\n");
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int synchronised = 0;
#ifdef RMA_KNOWN_ERROR
#pragma omp single nowait
#else
#pragma omp single
#endif
    {
      MPI_Barrier(MPI_COMM_WORLD);
      synchronised = 1;
    }
    if (!synchronised) {
      const struct timespec later = {0, LOAD_AFTER_MS * 1000 * 1000};
      nanosleep(&later, NULL);
      if (*(volatile int *)&base[0] < 0) printf("thread %d read a negative\n", omp_get_thread_num());
    }
  }
}

/* Rank 0's epoch, then the barrier; the others of a larger run only enter it. */
static void origin(int rank) {
  if (rank == 0) {
    const int value = 42;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_unlock(1, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  const int rank = open_thread_window(&argc, &argv);
  for (int round = 0; round < ROUNDS; ++round) {
    if (rank == 1)
      team_of_two();
    else
      origin(rank);
    MPI_Barrier(MPI_COMM_WORLD); /* the round's end: the next round's put after this round's load */
  }
  return close_thread_window();
}
