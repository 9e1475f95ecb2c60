/* SPDX-License-Identifier: BSD-3-Clause */
/* The target's own loads and stores to memory it gave to MPI_Win_create (MPI-4.1 §13.7), one
 * program per synchronisation mode, remote call and local access, chosen when it is built:
 *   RMA_SYNC:   1 fence, 2 lock shared, 3 lock exclusive, 4 lock_all with flush, 5 PSCW;
 *   RMA_CALL:   1 MPI_Put, 2 MPI_Get, 3 MPI_Accumulate;
 *   RMA_ACCESS: 1 load, 2 store (a load never races with a get: both read);
 *   RMA_STATIC: the window is a static array (else it comes from malloc);
 *   RMA_STACK:  the window is an array of four ints in main's frame (debug registers, one each).
 * Rank 1 makes the call on element 2 of rank 0's window. Built with -DRMA_KNOWN_ERROR rank 0
 * makes its access while the call may be in flight: window_access_race; without it, after the
 * synchronisation that completes the call, which is legal. Barriers place the access inside the
 * other rank's epoch every run; every rank makes them. The values are checked: exit 1 when the
 * call did not do what it should (the check must not change what MPI does). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef RMA_STACK
#define ELEMENTS 4
#else
#define ELEMENTS 1024
#endif

#ifdef RMA_STATIC
static int window_memory[ELEMENTS];
#endif

static volatile int seen;
static int got = -1;

/* Rank 1's call on element 2 of rank 0's window. */
static void call(MPI_Win win) {
  static const int value = 42;
  if (RMA_CALL == 1) MPI_Put(&value, 1, MPI_INT, 0, 2, 1, MPI_INT, win);
  if (RMA_CALL == 2) MPI_Get(&got, 1, MPI_INT, 0, 2, 1, MPI_INT, win);
  if (RMA_CALL == 3) MPI_Accumulate(&value, 1, MPI_INT, 0, 2, 1, MPI_INT, MPI_SUM, win);
}

/* Rank 0's own access to the same element: stores 7 (a get never sees it: it comes after the
 * get completed, or races with it). */
static void access_(int *mine) {
  if (RMA_ACCESS == 1) seen = ((volatile int *)mine)[2];
  if (RMA_ACCESS == 2) ((volatile int *)mine)[2] = 7;
}

static void epoch(int rank, int *mine, MPI_Win win, MPI_Group zero, MPI_Group one) {
#ifdef RMA_KNOWN_ERROR
  const int racy = 1;
#else
  const int racy = 0;
#endif
  if (RMA_SYNC == 1) MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  if (RMA_SYNC == 5 && rank == 0) MPI_Win_post(one, 0, win);
  if (rank == 1) {
    if (RMA_SYNC == 2) MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    if (RMA_SYNC == 3) MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
    if (RMA_SYNC == 4) MPI_Win_lock_all(0, win);
    if (RMA_SYNC == 5) MPI_Win_start(zero, 0, win);
    call(win);
    if (!racy && RMA_SYNC == 2) MPI_Win_unlock(0, win);
    if (!racy && RMA_SYNC == 3) MPI_Win_unlock(0, win);
    if (!racy && RMA_SYNC == 4) MPI_Win_flush(0, win);
    if (!racy && RMA_SYNC == 4) MPI_Win_unlock_all(win);
    if (!racy && RMA_SYNC == 5) MPI_Win_complete(win);
  }
  if (!racy && RMA_SYNC == 1) MPI_Win_fence(0, win); /* the access is watched in the next epoch */
  if (!racy && RMA_SYNC == 5 && rank == 0) MPI_Win_wait(win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) access_(mine);
  MPI_Barrier(MPI_COMM_WORLD);
  if (racy && rank == 1) {
    if (RMA_SYNC == 2 || RMA_SYNC == 3) MPI_Win_unlock(0, win);
    if (RMA_SYNC == 4) MPI_Win_flush(0, win);
    if (RMA_SYNC == 4) MPI_Win_unlock_all(win);
    if (RMA_SYNC == 5) MPI_Win_complete(win);
  }
  if (RMA_SYNC == 1) MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  if (racy && RMA_SYNC == 5 && rank == 0) MPI_Win_wait(win);
}

/* What element 2 of rank 0's window holds at the end (rank 0), what rank 1's get read. */
static int wrong(int rank, const int *mine) {
#ifdef RMA_KNOWN_ERROR
  (void)rank;
  (void)mine;
  return 0; /* a race: any outcome is possible */
#else
  if (rank == 0 && RMA_ACCESS == 2) return mine[2] != 7;
  if (rank == 0 && RMA_CALL == 1) return mine[2] != 42;
  if (rank == 0 && RMA_CALL == 3) return mine[2] != 44;
  if (rank == 1 && RMA_CALL == 2) return got != 2;
  return 0;
#endif
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifdef RMA_STATIC
  int *mine = window_memory;
#elif defined(RMA_STACK)
  int stack_memory[ELEMENTS];
  int *mine = stack_memory;
#else
  int *mine = malloc(ELEMENTS * sizeof(int));
#endif
  for (int i = 0; i < ELEMENTS; ++i) mine[i] = i;
  MPI_Group world, zero, one;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  const int ranks[] = {0, 1};
  MPI_Group_incl(world, 1, &ranks[0], &zero);
  MPI_Group_incl(world, 1, &ranks[1], &one);
  MPI_Win win;
  MPI_Win_create(mine, ELEMENTS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Barrier(MPI_COMM_WORLD);
  epoch(rank, mine, win, zero, one);
  MPI_Barrier(MPI_COMM_WORLD);
  const int bad = wrong(rank, mine);
  if (bad) fprintf(stderr, "rank %d: element 2 holds %d, the get read %d\n", rank, mine[2], got);
  if (rank == 0) printf("rank 0 read %d\n", (int)seen);
  MPI_Win_free(&win);
  MPI_Group_free(&zero);
  MPI_Group_free(&one);
  MPI_Group_free(&world);
  MPI_Finalize();
  return bad;
}
