/* SPDX-License-Identifier: BSD-3-Clause */
/* Each rank sweeps its own window under its own shared lock (MPI-4.1 §13.5.3), round after round:
 * a loop storing every element, a memset of the whole window, and a loop over a heap array that
 * shares the window's last page; then, ordered by barriers, its neighbour puts into it and gets it
 * back. The shape of MPICH's `at_complete` and `adlb_mimic1` tests. Correct: no finding. Every store
 * of the loops is the program's own access to watched window bytes, and the array's elements are
 * beside them: the check must not step each one (the `finalize` line's `watch_faults`), nor give up
 * watching the window for the rest of the epoch (a `watch_unavailable` line).
 * -DRMA_KNOWN_ERROR: the neighbour's put into element PUT_ELEMENT is made between the same barriers
 * as the sweep, unordered with it: window_access_race. Its default, the first element of the window's
 * 17th page, is reached in the part of the loop whose pages are left open to the program (past the
 * accesses recorded one by one): the loop's first access on each page is still recorded exactly, and
 * the memset's (a `rep stosb`, run whole by the watcher) over exactly the bytes it stores. With
 * -DPUT_ELEMENT in the middle of a page and -DSWEEP_LOOP_ONLY (no memset), the racing access is one
 * not seen one by one: the race is not claimed, and the report says so (not analysed: a partial
 * verdict). */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROUNDS 8
#define PAGE_INTS 1024 /* ints in a 4 KiB page */
#define WINDOW_INTS (40 * PAGE_INTS + PAGE_INTS / 2)
#define BESIDE_INTS 4096
#ifndef PUT_ELEMENT
#define PUT_ELEMENT (16 * PAGE_INTS)
#endif

/* A put into the neighbour's window, then (`get`) a get of its first element. */
static void neighbour_round(int value, int get, int rank, int size, MPI_Win win) {
  const int target = (rank + 1) % size;
  int got = 0;
  MPI_Win_lock(MPI_LOCK_SHARED, target, 0, win);
  MPI_Put(&value, 1, MPI_INT, target, PUT_ELEMENT, 1, MPI_INT, win);
  MPI_Win_unlock(target, win);
  if (!get) return;
  MPI_Win_lock(MPI_LOCK_SHARED, target, 0, win);
  MPI_Get(&got, 1, MPI_INT, target, 0, 1, MPI_INT, win);
  MPI_Win_unlock(target, win);
}

static long sweep(int *window, const int *beside, int round, int rank, MPI_Win win) {
  long sum = 0;
  MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
  for (int i = 0; i < WINDOW_INTS; ++i) window[i] = round + i;
  MPI_Win_unlock(rank, win);
  MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
#ifndef SWEEP_LOOP_ONLY
  memset(window, 0, sizeof(int) * WINDOW_INTS);
#endif
  for (int i = 0; i < BESIDE_INTS; ++i) sum += beside[i];
  MPI_Win_unlock(rank, win);
  return sum;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *block = NULL; /* the window, page-aligned, then the array beside it on its last page */
  if (posix_memalign((void **)&block, 4096, sizeof(int) * (WINDOW_INTS + BESIDE_INTS)) != 0)
    MPI_Abort(MPI_COMM_WORLD, 1);
  int *window = block, *beside = block + WINDOW_INTS;
  for (int i = 0; i < BESIDE_INTS; ++i) beside[i] = i;
  MPI_Win win;
  MPI_Win_create(window, (MPI_Aint)(sizeof(int) * WINDOW_INTS), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  long sum = 0;
  for (int round = 0; round < ROUNDS; ++round) {
    MPI_Barrier(MPI_COMM_WORLD);
#ifdef RMA_KNOWN_ERROR
    if (round == ROUNDS - 1) neighbour_round(-1, 0, rank, size, win);
#endif
    sum += sweep(window, beside, round, rank, win);
    MPI_Barrier(MPI_COMM_WORLD);
    neighbour_round(round, 1, rank, size, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  long total = 0;
  MPI_Reduce(&sum, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("window sweep: %d rounds, sum %ld\n", ROUNDS, total);
  MPI_Win_free(&win);
  free(block);
  MPI_Finalize();
  return 0;
}
