/* SPDX-License-Identifier: BSD-3-Clause */
/* OpenMP threads beside MPI (MPI_THREAD_MULTIPLE), shaped like a hybrid code in which one thread of
 * the target's team synchronises with the origin while the other reads the window: in each round
 * rank 0 puts into rank 1's element 0 under a lock and then enters a barrier; on rank 1 one thread
 * of a team of two (`omp single`) enters that barrier and the other loads element 0; a second
 * barrier ends the round. Correct when the single construct's own barrier orders the load after
 * the first barrier. Built with -DRMA_KNOWN_ERROR (`single nowait`) the load is ordered with the
 * put by nothing: a race. Rank 0 enters the first barrier late (it sleeps first), so the load comes
 * while the barrier waits; delay injection holds it there, mostly across the barrier's return: its
 * line, written after the retry, carries the fault's time (`held_from`), so the barrier does not
 * order it after the put. With -DORIGIN_AFTER rank 0 makes its epoch after the first barrier
 * instead: the load, held across the barrier's return, ran after it and is ordered before the put
 * by nothing (a race that a line standing at the fault, before the barrier, hid). The pattern runs
 * ROUNDS times, within the holds' schedule and budget, so that one round held so suffices.
 *
 * Built with -DLOAD_AFTER_MS=30 -DORIGIN_LATE_MS=0 (rma_omp_returned), it is shaped like
 * RMARaceBench's hybrid-single-remote-yes instead: rank 0 enters the barrier at once after its
 * epoch, and the other thread loads element 0 LOAD_AFTER_MS later, longer than the barrier takes
 * here: after the barrier returned. The default policy (lines ordered by time) took that load for
 * ordered after the barrier; delay injection holds the thread returning from the barrier before its
 * line's time is taken, so the load comes during the hold, before the return. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#include "omp_team.h"
#include "thread_window.h"

#ifndef ROUNDS
#define ROUNDS 4
#endif
#ifndef LOAD_AFTER_MS
#define LOAD_AFTER_MS 0 /* the other thread's load, after the single construct */
#endif
#ifndef ORIGIN_LATE_MS
#define ORIGIN_LATE_MS 50 /* rank 0's sleep before its epoch and the barrier */
#endif

static void put_epoch(void) {
  const int value = 42;
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
  MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  MPI_Win_unlock(1, win);
}

static void team_of_two(void) {
#pragma omp parallel num_threads(2)
  {
    require_team_of_two();
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
      if (LOAD_AFTER_MS > 0) {
        pause_ms(LOAD_AFTER_MS);
      }
      if (*(volatile int *)&base[0] < 0) printf("thread %d read a negative\n", omp_get_thread_num());
    }
  }
}

/* Rank 0, and the others of a larger run, which only enter the barriers. */
static void origin(int rank) {
  if (ORIGIN_LATE_MS > 0) {
    pause_ms(ORIGIN_LATE_MS);
  }
#ifdef ORIGIN_AFTER
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) put_epoch();
#else
  if (rank == 0) put_epoch();
  MPI_Barrier(MPI_COMM_WORLD);
#endif
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
