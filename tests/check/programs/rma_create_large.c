/* SPDX-License-Identifier: BSD-3-Clause */
/* Correct programs with large messages into memory the program gave to MPI_Win_create; each rank
 * sends to its right neighbour's window, and the run must end cleanly, every value right and no
 * finding. SYNC_CASE picks the epochs:
 *   none: 1 MiB put in a fence epoch, 1 MiB added with MPI_Accumulate under a shared lock, and
 *         the left neighbour's 1 MiB got into a heap buffer that stays pending (watched) until
 *         MPI_Win_flush. A library that copied these with a kernel copy (process_vm_readv/writev)
 *         into a protected page would fail the call.
 *   47:   64 KiB put under MPI_Win_lock(MPI_LOCK_EXCLUSIVE, right, MPI_MODE_NOCHECK) (only this
 *         rank ever locks that target, so the assertion holds), then added under
 *         MPI_Win_lock_all(MPI_MODE_NOCHECK) and got back. Under the check's Open MPI policy the
 *         window is served by osc pt2pt, whose puts too long for one of its fragments wait for a
 *         lock acknowledgement that a NOCHECK epoch never asks for (docs/design.md, "Memory given
 *         to MPI_Win_create"). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#if SYNC_CASE == 47
#define ELEMENTS (1 << 14) /* 64 KiB of int: well past osc pt2pt's 8 KiB fragments */
#else
#define ELEMENTS (1 << 18) /* 1 MiB of int */
#endif

static int count_wrong(const int *p, int base, int scale) {
  int wrong = 0;
  for (int i = 0; i < ELEMENTS; ++i) wrong += p[i] != scale * (base + i % 1000);
  return wrong;
}

/* The epochs on window `win` over `mine`: `out` sent to the right neighbour, `got` filled from a
 * window; returns how many values came out wrong. */
static int exchange(MPI_Win win, int rank, int size, const int *mine, const int *out, int *got) {
  const int right = (rank + 1) % size, left = (rank + size - 1) % size;
#if SYNC_CASE == 47
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, right, MPI_MODE_NOCHECK, win);
  MPI_Put(out, ELEMENTS, MPI_INT, right, 0, ELEMENTS, MPI_INT, win);
  MPI_Win_unlock(right, win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
  MPI_Accumulate(out, ELEMENTS, MPI_INT, right, 0, ELEMENTS, MPI_INT, MPI_SUM, win);
  MPI_Win_flush(right, win);
  MPI_Get(got, ELEMENTS, MPI_INT, right, 0, ELEMENTS, MPI_INT, win);
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  return count_wrong(mine, left * 1000, 2) + count_wrong(got, rank * 1000, 2);
#else
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  MPI_Put(out, ELEMENTS, MPI_INT, right, 0, ELEMENTS, MPI_INT, win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  int wrong = count_wrong(mine, left * 1000, 1);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
  MPI_Accumulate(out, ELEMENTS, MPI_INT, right, 0, ELEMENTS, MPI_INT, MPI_SUM, win);
  MPI_Win_unlock(right, win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  MPI_Get(got, ELEMENTS, MPI_INT, left, 0, ELEMENTS, MPI_INT, win);
  MPI_Win_flush(left, win);
  MPI_Win_unlock_all(win);
  wrong += count_wrong(got, (left + size - 1) % size * 1000, 2);
  MPI_Barrier(MPI_COMM_WORLD);
  return wrong;
#endif
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *mine = malloc(ELEMENTS * sizeof(int)), *out = malloc(ELEMENTS * sizeof(int));
  int *got = malloc(ELEMENTS * sizeof(int));
  for (int i = 0; i < ELEMENTS; ++i) {
    mine[i] = 0;
    out[i] = rank * 1000 + i % 1000;
  }
  MPI_Win win;
  MPI_Win_create(mine, ELEMENTS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  const int wrong = exchange(win, rank, size, mine, out, got);
  if (wrong) fprintf(stderr, "rank %d: %d values wrong\n", rank, wrong);
  MPI_Win_free(&win);
  free(mine);
  free(out);
  free(got);
  MPI_Finalize();
  return wrong != 0;
}
