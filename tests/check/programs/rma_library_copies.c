/* SPDX-License-Identifier: BSD-3-Clause */
/* Long transfers out of watched window memory, as MPICH's rma_contig makes them: each rank gets its
 * own 1 MiB MPI_Win_create window whole and puts a page into its right neighbour's, each in its own
 * shared lock epoch, EPOCHS times, then reads its own window in an exclusive epoch of its own. The
 * library copies the window's bytes inside the calls, on pages the watcher protects, while the
 * program of one thread cannot run: a fault opens a span of the window that doubles with each fault
 * in the call (check/runtime/watch_library_span.c), so the `few_library_faults` expectation holds
 * (with a fault a page, 256 a get: 8192 a rank). The puts are a page each, so that the faults of
 * serving them (Open MPI's osc pt2pt applies the left neighbour's puts in whichever call the rank is
 * in) stay few however the ranks are scheduled. Built with -DRMA_KNOWN_ERROR a rank also stores into
 * the bytes its left neighbour's puts reach, in no order with them: window_access_race, seen only
 * if the pages the library's copies opened were protected again when their call returned. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EPOCHS 32
#define BYTES (1 << 20)
#define PUT_BYTES 4096

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char *mine = NULL, *got = malloc(BYTES), *out = malloc(PUT_BYTES);
  if (!got || !out || MPI_Alloc_mem(BYTES, MPI_INFO_NULL, &mine) != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, 1);
  memset(mine, rank, BYTES);
  memset(out, rank, PUT_BYTES);
  MPI_Win win;
  MPI_Win_create(mine, BYTES, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  const int right = (rank + 1) % size;
  for (int e = 0; e < EPOCHS; ++e) {
    MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
    MPI_Get(got, BYTES, MPI_BYTE, rank, 0, BYTES, MPI_BYTE, win);
    MPI_Win_unlock(rank, win);
    MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
    MPI_Put(out, PUT_BYTES, MPI_BYTE, right, 0, PUT_BYTES, MPI_BYTE, win);
    MPI_Win_unlock(right, win);
#ifdef RMA_KNOWN_ERROR
    mine[e] = (char)e; /* the left neighbour's puts land here, in no order with this store */
#endif
  }
  MPI_Barrier(MPI_COMM_WORLD); /* every put done: each rank reads its own window in its own epoch */
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  const int wrong = mine[PUT_BYTES - 1] != (char)((rank + size - 1) % size) || mine[BYTES - 1] != (char)rank;
  MPI_Win_unlock(rank, win);
  if (wrong) printf("rank %d: %d values wrong\n", rank, wrong);
  MPI_Win_free(&win);
  MPI_Free_mem(mine);
  free(got);
  free(out);
  MPI_Finalize();
  return wrong != 0;
}
