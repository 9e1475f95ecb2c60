/* SPDX-License-Identifier: BSD-3-Clause */
/* OpenMP threads beside MPI (MPI_THREAD_MULTIPLE), shaped like a hybrid code whose master thread
 * closes a fence epoch while a worker thread goes on with the rank's own window. Rank 1 puts into
 * rank 0's element 0 and enters the closing fence late; rank 0's master is inside that fence
 * meanwhile. Correct when rank 0's worker reads element 0 after its master's fence returned (a
 * flag); built with -DRMA_KNOWN_ERROR it reads while the fence is still running: nothing orders the
 * read after the put, which completes only as the fence returns (MPI-4.1 §13.5.1), a race.
 *
 * What it tests (check/runtime/watch_window_sync.c, watch_rma.c): the window stays armed through
 * the master's fence, so the worker's read faults during it, in the epoch the put is in; the fence
 * then moves the watched range to the next epoch in place. The read's line must say the epoch its
 * fault saw: one written with the range as it is at the next drain was put in the next epoch, and
 * the race was missed. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#include "omp_team.h"
#include "thread_window.h"

static int entering, fenced;

__attribute__((noinline)) static int read_word(void) { return *(volatile int *)&base[0]; }

static void fence_beside_a_reader(void) {
#pragma omp parallel num_threads(2)
  {
    require_team_of_two();
    if (omp_get_thread_num() == 0) {
      __atomic_store_n(&entering, 1, __ATOMIC_RELEASE);
      MPI_Win_fence(0, win);
      __atomic_store_n(&fenced, 1, __ATOMIC_RELEASE);
    } else {
#ifdef RMA_KNOWN_ERROR
      while (!__atomic_load_n(&entering, __ATOMIC_ACQUIRE)) pause_ms(1);
      pause_ms(50); /* the master is in its fence: rank 1 enters it a second late */
#else
      while (!__atomic_load_n(&fenced, __ATOMIC_ACQUIRE)) pause_ms(1);
#endif
      if (read_word() < 0) printf("a negative word\n");
    }
  }
}

int main(int argc, char **argv) {
  const int rank = open_thread_window(&argc, &argv);
  MPI_Win_fence(0, win);
  if (rank == 1) {
    const int value = 99;
    MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    pause_ms(1000);
    MPI_Win_fence(0, win);
  } else
    fence_beside_a_reader();
  return close_thread_window();
}
