/* SPDX-License-Identifier: BSD-3-Clause */
/* OpenMP threads beside MPI (MPI_THREAD_MULTIPLE), shaped like a hybrid code whose worker thread
 * reads a word of its rank's window through one helper (read_word) in every round, while in the
 * first round the master updates the window under an exclusive lock of its own rank: rank 1's
 * master takes MPI_Win_lock(EXCLUSIVE, 1) just after the worker began its read and keeps it until
 * the read returned. In the second round rank 0 puts into rank 1's element 0 under a lock while
 * rank 1's worker reads it again, through the same instruction at the same address. Correct when
 * rank 0's epoch comes before the barrier that starts the round; built with -DRMA_KNOWN_ERROR,
 * after it: nothing orders the put with the read, a race.
 *
 * What it tests (check/runtime/watch_delay.h): delay injection holds the first round's read at its
 * fault; meanwhile the master's lock disarms the window (this rank alone may access it), so the
 * read's retry runs without a fault. The thread's marker of the access it held must then end at
 * that retry, not at the thread's next fault: the second round's read, at the same instruction and
 * address, was taken for the retry, not recorded, and the race was missed. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#include "omp_team.h"
#include "thread_window.h"

static int began, read_done; /* the worker's read in the first round: begun, returned */

/* The helper a code reads its window through: one instruction for every round's read. */
__attribute__((noinline)) static int read_word(void) { return *(volatile int *)&base[0]; }

static void team_of_two(int round) {
#pragma omp parallel num_threads(2)
  {
    require_team_of_two();
    if (omp_get_thread_num() == 1) {
      __atomic_store_n(&began, 1, __ATOMIC_RELEASE);
      if (read_word() < 0) printf("a negative in round %d\n", round);
      __atomic_store_n(&read_done, 1, __ATOMIC_RELEASE);
    } else if (round == 0) {
      while (!__atomic_load_n(&began, __ATOMIC_ACQUIRE)) pause_ms(1);
      MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
      while (!__atomic_load_n(&read_done, __ATOMIC_ACQUIRE)) pause_ms(1);
      MPI_Win_unlock(1, win);
    }
  }
}

static void put_epoch(void) {
  const int value = 42;
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
  MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  MPI_Win_unlock(1, win);
}

int main(int argc, char **argv) {
  const int rank = open_thread_window(&argc, &argv);
#ifdef RMA_KNOWN_ERROR
  const int racy = 1;
#else
  const int racy = 0;
#endif
  for (int round = 0; round < 2; ++round) {
    if (rank == 0 && round == 1 && !racy) put_epoch();
    MPI_Barrier(MPI_COMM_WORLD); /* the round starts */
    if (rank == 1) team_of_two(round);
    if (rank == 0 && round == 1 && racy) put_epoch();
    MPI_Barrier(MPI_COMM_WORLD); /* the round ends */
  }
  return close_thread_window();
}
