/* SPDX-License-Identifier: BSD-3-Clause */
/* Direct loads and stores in a shared-memory window (MPI_Win_allocate_shared, MPI-4.1 §13.2.3),
 * ordered or not by the window's synchronisation (the unified model, §13.4: a consistent view
 * takes a window synchronisation call on both sides and a process synchronisation between them,
 * and a fence that ends an epoch is both). Rank 1 stores an element of a segment, rank 2 loads
 * it; built with -DRMA_KNOWN_ERROR the two are not ordered (shared_memory_race), whatever their
 * order in time, or ordered by process synchronisation alone (70, 78: shared_memory_no_win_sync).
 * SYNC_CASE 70: in passive target (MPI_Win_lock_all), MPI_Win_sync, a message from rank 1 to
 *   rank 2, MPI_Win_sync between them; the racy twin leaves rank 1's MPI_Win_sync out: the
 *   message alone does not make the store visible (§13.2.3): shared_memory_no_win_sync, the
 *   warning of the policy win_sync (rma_shm_policy.c). (Inside a fence epoch no
 *   MPI_Win_sync is allowed: MPICH rejects it, so a fence epoch's accesses are ordered only by
 *   its fences.)
 * SYNC_CASE 71: in consecutive fence epochs; the racy twin's fence between them asserts
 *   MPI_MODE_NOPRECEDE, which ends no epoch and need not be a barrier (§13.5.1).
 * SYNC_CASE 72: rank 1 reaches rank 2's segment by address from its own base (segments are
 *   contiguous unless alloc_shared_noncontig, §13.2.3), with no MPI_Win_shared_query, in one
 *   fence epoch in which rank 2 loads its own memory; the race-free twin stores a neighbour.
 * SYNC_CASE 73: rank 0's segment is empty; ranks 1 and 2 reach rank 1's segment through
 *   MPI_Win_shared_query(MPI_PROC_NULL) (the first segment of non-zero size), in one fence
 *   epoch; the race-free twin loads a neighbour.
 * SYNC_CASE 74: rank 1's store in passive target (MPI_Win_lock_all after a fence sequence), rank
 *   2's load in the next fence epoch, opened by MPI_MODE_NOPRECEDE: a barrier between rank 1's
 *   MPI_Win_unlock_all and those fences orders them; the racy twin has none.
 * SYNC_CASE 77: alloc_shared_noncontig: rank 1 stores into rank 2's segment through
 *   MPI_Win_shared_query while rank 3 puts into another element of it (the library's copy, in
 *   rank 3's process, into a segment that process watches, is not the program's access), in one
 *   fence epoch in which rank 2 loads its own memory; the race-free twin stores a neighbour.
 * SYNC_CASE 78: after a fence sequence ended (MPI_MODE_NOSUCCEED), rank 1 stores and rank 2
 *   loads, each inside MPI_Win_lock_all and MPI_Win_unlock_all, a barrier between; the racy twin
 *   leaves the window synchronisation out, the barrier alone (§13.2.3): the policy win_sync's
 *   warning, shared_memory_no_win_sync.
 * SYNC_CASE 79: PSCW: rank 1 stores into rank 0's segment in an access epoch to rank 0, rank 0
 *   loads it after MPI_Win_wait of its exposure epoch to rank 1 (the wait returns once rank 1
 *   completed, §13.5.2); the racy twin loads before the wait. */
#include <mpi.h>
#include <stdio.h>

#define N 4

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *mine;
  MPI_Win win;
#if SYNC_CASE == 72 || SYNC_CASE == 77
  const MPI_Aint bytes = N * sizeof(int);
#elif SYNC_CASE == 73
  const MPI_Aint bytes = rank == 0 ? 0 : N * sizeof(int);
#else
  const MPI_Aint bytes = rank == 0 ? N * sizeof(int) : 0;
#endif
  MPI_Info info = MPI_INFO_NULL;
#if SYNC_CASE == 77
  MPI_Info_create(&info);
  MPI_Info_set(info, "alloc_shared_noncontig", "true");
#endif
  MPI_Win_allocate_shared(bytes, sizeof(int), info, MPI_COMM_WORLD, &mine, &win);
  if (info != MPI_INFO_NULL) MPI_Info_free(&info);
#if SYNC_CASE != 72
  MPI_Aint size;
  int unit;
  volatile int *segment;
  MPI_Win_shared_query(win, SYNC_CASE == 73 ? MPI_PROC_NULL : SYNC_CASE == 77 ? 2 : 0, &size, &unit, (void *)&segment);
#endif
#if SYNC_CASE == 70
  MPI_Win_lock_all(0, win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
    segment[1] = 1;
#ifndef RMA_KNOWN_ERROR
    MPI_Win_sync(win);
#endif
    MPI_Send(NULL, 0, MPI_INT, 2, 0, MPI_COMM_WORLD);
  }
  if (rank == 2) {
    MPI_Recv(NULL, 0, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Win_sync(win);
    printf("rank 2 reads %d\n", segment[1]);
  }
  MPI_Win_unlock_all(win);
#elif SYNC_CASE == 71
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  if (rank == 1) segment[1] = 1;
#ifdef RMA_KNOWN_ERROR
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
#else
  MPI_Win_fence(0, win);
#endif
  if (rank == 2) printf("rank 2 reads %d\n", segment[1]);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
#elif SYNC_CASE == 72
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  /* rank 2's segment begins where rank 1's ends (contiguous, §13.2.3) */
#ifdef RMA_KNOWN_ERROR
  if (rank == 1) ((volatile int *)mine)[N + 1] = 1;
#else
  if (rank == 1) ((volatile int *)mine)[N + 2] = 1;
#endif
  if (rank == 2) printf("rank 2 reads %d\n", ((volatile int *)mine)[1]);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
#elif SYNC_CASE == 73
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  if (rank == 1) segment[1] = 1;
#ifdef RMA_KNOWN_ERROR
  if (rank == 2) printf("rank 2 reads %d\n", segment[1]);
#else
  if (rank == 2) printf("rank 2 reads %d\n", segment[2]);
#endif
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
#elif SYNC_CASE == 74
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  if (rank == 1) {
    MPI_Win_lock_all(0, win);
    segment[1] = 1;
    MPI_Win_unlock_all(win);
  }
#ifndef RMA_KNOWN_ERROR
  MPI_Barrier(MPI_COMM_WORLD);
#endif
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  if (rank == 2) printf("rank 2 reads %d\n", segment[1]);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
#elif SYNC_CASE == 77
  static const int three = 3;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  if (rank == 3) MPI_Put(&three, 1, MPI_INT, 2, 3, 1, MPI_INT, win);
#ifdef RMA_KNOWN_ERROR
  if (rank == 1) segment[1] = 1;
#else
  if (rank == 1) segment[2] = 1;
#endif
  if (rank == 2) printf("rank 2 reads %d\n", ((volatile int *)mine)[1]);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
#elif SYNC_CASE == 78
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
#ifndef RMA_KNOWN_ERROR
  MPI_Win_lock_all(0, win);
#endif
  if (rank == 1) segment[1] = 1;
#ifndef RMA_KNOWN_ERROR
  MPI_Win_unlock_all(win);
#endif
  MPI_Barrier(MPI_COMM_WORLD);
#ifndef RMA_KNOWN_ERROR
  MPI_Win_lock_all(0, win);
#endif
  if (rank == 2) printf("rank 2 reads %d\n", segment[1]);
#ifndef RMA_KNOWN_ERROR
  MPI_Win_unlock_all(win);
#endif
#elif SYNC_CASE == 79
  MPI_Group all, peer;
  MPI_Win_get_group(win, &all);
  const int other = rank == 0 ? 1 : 0;
  MPI_Group_incl(all, 1, &other, &peer);
  if (rank == 1) {
    MPI_Win_start(peer, 0, win);
    segment[1] = 1;
    MPI_Win_complete(win);
  }
  if (rank == 0) {
    MPI_Win_post(peer, 0, win);
#ifdef RMA_KNOWN_ERROR
    printf("rank 0 reads %d\n", ((volatile int *)mine)[1]);
    MPI_Win_wait(win);
#else
    MPI_Win_wait(win);
    printf("rank 0 reads %d\n", ((volatile int *)mine)[1]);
#endif
  }
  MPI_Group_free(&peer);
  MPI_Group_free(&all);
#endif
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
