/* SPDX-License-Identifier: BSD-3-Clause */
/* A correct program with more result buffers pending at once than the watcher's table holds
 * (RC_WATCH_MAX_RANGES, check/runtime/watch_state.h), as GA's strided gets make them: each rank
 * gets PENDING single ints of its right neighbour's window into the elements of one heap array,
 * then completes them all with MPI_Win_flush, for ROUNDS rounds (MPI_Win_flush_all: MPICH 4.0.2
 * left a round's gets undone now and then, without the check too). The buffers past the table
 * are not watched, which a `watch_unavailable` line says once per round (epoch), not once per call
 * (the `unwatched_said_once` expectation, tests/check/rma_records_check.cpp). It checks what it got. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define PENDING 300
#define ROUNDS 4

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *mine;
  MPI_Win win;
  MPI_Win_allocate(PENDING * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
  for (int i = 0; i < PENDING; ++i) mine[i] = rank * 1000 + i;
  MPI_Barrier(MPI_COMM_WORLD);
  int *got = malloc(PENDING * sizeof *got);
  const int right = (rank + 1) % size;
  int wrong = 0;
  MPI_Win_lock_all(0, win);
  for (int round = 0; round < ROUNDS; ++round) {
    for (int i = 0; i < PENDING; ++i) MPI_Get(&got[i], 1, MPI_INT, right, i, 1, MPI_INT, win);
    MPI_Win_flush(right, win);
    for (int i = 0; i < PENDING; ++i) wrong += got[i] != right * 1000 + i;
  }
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (wrong) fprintf(stderr, "rank %d: %d values read wrong\n", rank, wrong);
  free(got);
  MPI_Win_free(&win);
  MPI_Finalize();
  return wrong != 0;
}
