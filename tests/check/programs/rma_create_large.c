/* SPDX-License-Identifier: BSD-3-Clause */
/* A correct program with large messages into memory the program gave to MPI_Win_create: each
 * rank puts 1 MiB into its right neighbour's window in a fence epoch, adds 1 MiB there with
 * MPI_Accumulate under a shared lock, and gets its left neighbour's 1 MiB into a heap buffer
 * that stays pending (watched) until MPI_Win_flush. A library that copied these with a kernel
 * copy (process_vm_readv/writev) into a protected page would fail the call: the run must end
 * cleanly, every value right and no finding. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ELEMENTS (1 << 18) /* 1 MiB of int */

static int count_wrong(const int *p, int base, int scale) {
  int wrong = 0;
  for (int i = 0; i < ELEMENTS; ++i) wrong += p[i] != scale * (base + i % 1000);
  return wrong;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int right = (rank + 1) % size, left = (rank + size - 1) % size;
  int *mine = malloc(ELEMENTS * sizeof(int)), *out = malloc(ELEMENTS * sizeof(int));
  int *got = malloc(ELEMENTS * sizeof(int));
  for (int i = 0; i < ELEMENTS; ++i) {
    mine[i] = 0;
    out[i] = rank * 1000 + i % 1000;
  }
  MPI_Win win;
  MPI_Win_create(mine, ELEMENTS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
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
  if (wrong) fprintf(stderr, "rank %d: %d values wrong\n", rank, wrong);
  MPI_Win_free(&win);
  free(mine);
  free(out);
  free(got);
  MPI_Finalize();
  return wrong != 0;
}
