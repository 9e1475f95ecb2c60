/* SPDX-License-Identifier: BSD-3-Clause */
/* OpenMP threads beside MPI (MPI_THREAD_MULTIPLE), shaped like a hybrid code whose master thread
 * fetches a word of rank 0's window into its own rank's window (MPI_Get under a shared lock, the
 * epoch in one helper called every round) while a worker thread reads that word. The first rounds
 * fetch into another word; in the last the worker reads base[0] just before the master's get into
 * base[0]. Correct when the worker waits for the master's flag, set after the unlock; built with
 * -DRMA_KNOWN_ERROR it reads at once: nothing orders the read with the get, a race.
 *
 * What it tests (check/runtime/watch_delay.h, hold_clock.h): delay injection holds the worker at
 * its read's fault, and the master's whole epoch, its holds past the schedule's first (the earlier
 * rounds took them), fits within that one hold. The hold must end as soon as the get keeps its
 * result buffer pending, and look then; a hold that looked only at its end found the buffer
 * released, recorded the read before the get, and the race was missed. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#include "omp_team.h"
#include "thread_window.h"

#define ROUNDS 6 /* the call sites' first 4 holds taken, then index 5: none (watch_delay.h) */

static int began, fetched;

__attribute__((noinline)) static int read_word(void) { return *(volatile int *)&base[0]; }

static volatile int epochs; /* after the unlock: no tail call, whose caller would be the team's */

/* One epoch fetching rank 0's element 0 into `into`, at the same call sites every round. */
__attribute__((noinline)) static void fetch_epoch(int *into) {
  MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
  MPI_Get(into, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
  MPI_Win_unlock(0, win);
  epochs = epochs + 1;
}

static void team_of_two(int last) {
#pragma omp parallel num_threads(2)
  {
    require_team_of_two();
    if (omp_get_thread_num() == 0) {
      if (last) {
        while (!__atomic_load_n(&began, __ATOMIC_ACQUIRE)) pause_ms(1);
        pause_ms(10); /* the worker is at its read */
      }
      fetch_epoch(last ? &base[0] : &base[1]);
      if (last) __atomic_store_n(&fetched, 1, __ATOMIC_RELEASE);
    } else if (last) {
      __atomic_store_n(&began, 1, __ATOMIC_RELEASE);
#ifndef RMA_KNOWN_ERROR
      while (!__atomic_load_n(&fetched, __ATOMIC_ACQUIRE)) pause_ms(1);
#endif
      if (read_word() < 0) printf("a negative word\n");
    }
  }
}

int main(int argc, char **argv) {
  const int rank = open_thread_window(&argc, &argv);
  for (int round = 0; round < ROUNDS; ++round) {
    if (rank == 1) team_of_two(round == ROUNDS - 1);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  return close_thread_window();
}
