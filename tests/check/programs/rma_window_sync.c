/* SPDX-License-Identifier: BSD-3-Clause */
/* Window calls that order a target's own accesses before other ranks' calls (MPI-4.1 §13.5.1,
 * check/analysis/rma_fence_order.h): rank 0 stores into its window, then every rank calls a
 * fence that ends the fence epochs; rank 1 then puts into the same element under a shared lock,
 * and rank 0 reads it after a barrier that follows rank 1's unlock.
 * SYNC_CASE 40: the fence asserts MPI_MODE_NOSUCCEED (MPICH's acc_loc test has this shape): the
 *   put, made after rank 1's fence returned, reaches rank 0 only after rank 0 called its fence,
 *   and so after the store. The racy twin puts before its fence, which orders nothing of it.
 * SYNC_CASE 41: the fence asserts MPI_MODE_NOPRECEDE and MPI_MODE_NOSUCCEED, which completes and
 *   starts nothing and need not synchronise: taken to order nothing, so the correct program
 *   orders the store by a barrier before it, and the racy twin does not.
 * SYNC_CASE 42: no fence: every rank frees another window between the store and the put, and
 *   MPI_Win_free returns only once every member called it (MPI-4.1 §13.2.5). The racy twin gives
 *   that window the `no_locks` info key, which lets a member free it without waiting.
 * Rank 1 waits before it locks in the racy twins, so that the store usually comes first in time:
 * the race is found from the synchronisation, not from the order the run happened to take. */
#include "lock_put_read.h"

#if SYNC_CASE == 42
/* Creates and frees a window of its own (with no_locks in the racy twin). */
static void free_another(int rank) {
  MPI_Info info = MPI_INFO_NULL;
#ifdef RMA_KNOWN_ERROR
  MPI_Info_create(&info);
  MPI_Info_set(info, "no_locks", "true");
#endif
  int *other;
  MPI_Win freed;
  MPI_Win_allocate(sizeof(int), sizeof(int), info, MPI_COMM_WORLD, &other, &freed);
  if (info != MPI_INFO_NULL) MPI_Info_free(&info);
  if (rank == 1) usleep(200000); /* the other ranks are then in MPI_Win_free, or past it */
  MPI_Win_free(&freed);
}
#endif

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *base;
  MPI_Win win;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  if (rank == 0) *(volatile int *)&base[1] = 1;
#if SYNC_CASE == 40
#ifdef RMA_KNOWN_ERROR
  if (rank == 1) put_seven(win);
#endif
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
#ifndef RMA_KNOWN_ERROR
  if (rank == 1) put_seven(win);
#endif
#elif SYNC_CASE == 42
  free_another(rank);
  if (rank == 1) put_seven(win);
#elif SYNC_CASE == 41
#ifndef RMA_KNOWN_ERROR
  MPI_Barrier(MPI_COMM_WORLD);
#endif
  MPI_Win_fence(MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED, win);
  if (rank == 1) put_seven(win);
#endif
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) read_element(base);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
