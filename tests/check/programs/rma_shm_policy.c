/* SPDX-License-Identifier: BSD-3-Clause */
/* A producer and a consumer of a block in a shared-memory window (MPI_Win_allocate_shared,
 * MPI-4.1 §13.2.3), in passive target (MPI_Win_lock_all): rank 1 fills rank 0's segment through
 * MPI_Win_shared_query, rank 2 sums it. What orders the fill before the sum decides the
 * finding under the policy win_sync (docs/design.md, "Shared memory ordered by process
 * synchronisation alone"): MPI_Win_sync, a barrier, MPI_Win_sync (§13.7) orders them; a barrier
 * alone orders them only as far as the architecture does (§13.2.3: shared_memory_no_win_sync, a
 * warning); nothing at all is a race (shared_memory_race).
 * SYNC_CASE 53: a barrier alone (the warning); the racy twin has no synchronisation between the
 *   fill and the sum.
 * SYNC_CASE 54: MPI_Win_sync, a barrier, MPI_Win_sync (ordered); the twin leaves both
 *   MPI_Win_sync calls out: a barrier alone (the warning).
 * SYNC_CASE 80: case 53 over a block of 256 ints filled and summed by loops of four accesses an
 *   iteration (four instructions each side, 256 offsets): one warning for the pair of ranks,
 *   counting the pairs of accesses, never one a store; the twin, one race. */
#include <mpi.h>
#include <stdio.h>

#if SYNC_CASE == 80
#define N 256
#else
#define N 8
#endif

static void fill(volatile int *block, int rank) {
  if (rank != 1) return;
#if SYNC_CASE == 80
  for (int i = 0; i < N; i += 4) {
    block[i] = i + 1;
    block[i + 1] = i + 2;
    block[i + 2] = i + 3;
    block[i + 3] = i + 4;
  }
#else
  for (int i = 0; i < N; ++i) block[i] = i + 1;
#endif
}

static void sum(volatile const int *block, int rank) {
  if (rank != 2) return;
  int total = 0;
#if SYNC_CASE == 80
  for (int i = 0; i < N; i += 4) total += block[i] + block[i + 1] + block[i + 2] + block[i + 3];
#else
  for (int i = 0; i < N; ++i) total += block[i];
#endif
  printf("rank 2 sums %d\n", total);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *mine;
  MPI_Win win;
  MPI_Win_allocate_shared(rank == 0 ? N * sizeof(int) : 0, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
  MPI_Aint size;
  int unit;
  volatile int *block;
  MPI_Win_shared_query(win, 0, &size, &unit, (void *)&block);
  MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
  /* Each rank's lock_all before the other's access: no window call of either orders the two. */
  MPI_Barrier(MPI_COMM_WORLD);
  fill(block, rank);
#if SYNC_CASE == 53 || SYNC_CASE == 80
#ifndef RMA_KNOWN_ERROR
  MPI_Barrier(MPI_COMM_WORLD);
#endif
#elif SYNC_CASE == 54
#ifndef RMA_KNOWN_ERROR
  MPI_Win_sync(win);
#endif
  MPI_Barrier(MPI_COMM_WORLD);
#ifndef RMA_KNOWN_ERROR
  MPI_Win_sync(win);
#endif
#endif
  sum(block, rank);
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
