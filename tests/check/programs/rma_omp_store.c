/* SPDX-License-Identifier: BSD-3-Clause */
/* OpenMP threads beside MPI (MPI_THREAD_MULTIPLE), checked under the default policy and under
 * `--thread-sync calls`: on rank 0 the master thread of a team of two gets rank 1's element into
 * rank 0's own window memory under a lock, and the other thread stores into that element, as a
 * hybrid code's helper thread fills a buffer its master passed to MPI_Get. STORE_CASE picks how the
 * store is ordered with the get:
 *   1 barrier: after the unlock, by an `omp barrier` (correct);
 *   2 flag: after the unlock, by a release/acquire atomic flag and no OpenMP or pthreads call
 *     (correct: the default never calls it an error; `--thread-sync calls`, whose assumption it
 *     breaks, reports a race that names that assumption).
 * Built with -DRMA_KNOWN_ERROR, the store comes between the get and its unlock, whatever the
 * machine's load: the getter waits for it, through atomic flags no call shows, before unlocking.
 * That overlap in time is what the default finds (docs/design.md, "Threads"); a store before the
 * get or after the unlock with nothing ordering it could not be told from case 2 by any rule. */
#include <mpi.h>
#include <omp.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>

#include "omp_team.h"
#include "thread_window.h"

static atomic_int got, stored, unlocked; /* orders between the two threads that no call shows */

static inline void wait_for(atomic_int *flag) { /* unused by the barrier case */
  while (atomic_load_explicit(flag, memory_order_acquire) == 0) sched_yield();
}

static void getter(void) {
  MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
  MPI_Get(&base[0], 1, MPI_INT, 1, 2, 1, MPI_INT, win);
  atomic_store_explicit(&got, 1, memory_order_release);
#ifdef RMA_KNOWN_ERROR
  wait_for(&stored);
#endif
  MPI_Win_unlock(1, win);
  atomic_store_explicit(&unlocked, 1, memory_order_release);
}

static void storer(void) {
#ifdef RMA_KNOWN_ERROR
  wait_for(&got);
#elif STORE_CASE == 2
  wait_for(&unlocked);
#endif
  *(volatile int *)&base[0] = 7;
  atomic_store_explicit(&stored, 1, memory_order_release);
}

int main(int argc, char **argv) {
  const int rank = open_thread_window(&argc, &argv);
  if (rank == 0) {
#pragma omp parallel num_threads(2)
    {
      require_team_of_two();
      if (omp_get_thread_num() == 0) getter();
#if STORE_CASE == 1 && !defined(RMA_KNOWN_ERROR)
#pragma omp barrier
#endif
      if (omp_get_thread_num() == 1) storer();
    }
    printf("rank 0 holds %d\n", base[0]);
  }
  return close_thread_window();
}
