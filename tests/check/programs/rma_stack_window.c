/* SPDX-License-Identifier: BSD-3-Clause */
/* Window memory on the call stack, given to MPI_Win_create (watched by debug registers:
 * check/runtime/watch_window.c). Rank 1 puts into rank 0's window under a shared lock; rank 0
 * reads the element after a barrier that follows rank 1's unlock, which orders the read after
 * the put (MPI-4.1 §13.7). The window is four ints, one per debug register (MPICH 4.0.2, ch4:ucx,
 * puts into a window of two ints on the stack somewhere else on the stack, checked or not).
 * Built with
 *   RMA_KNOWN_ERROR: rank 0 reads it between the same two barriers as rank 1's lock epoch, with
 *     nothing ordering the two: window_access_race (rank 1 waits before it locks, so that the read
 *     comes first in time in most runs: the race is found from the synchronisation, not the timing);
 *   RMA_LARGE_WINDOW: the window is 16 ints, more than the 4 registers reach: not watched, and
 *     said with its size;
 *   RMA_SHARED_REGISTERS: rank 0 also gets into a local variable while its window holds all 4
 *     registers: that result buffer is not watched, and said (the window took them first);
 *   RMA_TWO_WINDOWS: a window of two doubles on the stack, created first, holds two registers: the
 *     second half of the window of four ints is not watched, and said;
 *   RMA_THREAD_MULTIPLE: it asks for MPI_THREAD_MULTIPLE: only the creating thread's accesses are
 *     watched, which the coverage says. */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

#ifdef RMA_LARGE_WINDOW
#define ELEMENTS 16
#else
#define ELEMENTS 4
#endif

int main(int argc, char **argv) {
#ifdef RMA_THREAD_MULTIPLE
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
#else
  MPI_Init(&argc, &argv);
#endif
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifdef RMA_TWO_WINDOWS
  double other[2] = {0, 0};
  MPI_Win other_win;
  MPI_Win_create(other, sizeof other, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &other_win);
#endif
  int mine[ELEMENTS] = {0};
  MPI_Win win;
  MPI_Win_create(mine, sizeof mine, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
#ifdef RMA_SHARED_REGISTERS
  if (rank == 0) {
    int got = -1;
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    MPI_Get(&got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_unlock(1, win);
    printf("rank 1's element 0: %d\n", got);
  }
#endif
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
#ifdef RMA_KNOWN_ERROR
    usleep(200000);
#endif
    static const int seven = 7;
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Put(&seven, 1, MPI_INT, 0, 1, 1, MPI_INT, win);
    MPI_Win_unlock(0, win);
  }
#ifndef RMA_KNOWN_ERROR
  MPI_Barrier(MPI_COMM_WORLD);
#endif
  if (rank == 0) printf("element 1: %d\n", *(volatile int *)&mine[1]);
#ifdef RMA_KNOWN_ERROR
  MPI_Barrier(MPI_COMM_WORLD);
#endif
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
#ifdef RMA_TWO_WINDOWS
  MPI_Win_free(&other_win);
#endif
  MPI_Finalize();
  return 0;
}
