/* SPDX-License-Identifier: BSD-3-Clause */
/* A correct program with large messages in passive-target epochs opened with MPI_MODE_NOCHECK, into
 * memory the program gave to MPI_Win_create: each rank puts 64 KiB into its right neighbour's
 * window under MPI_Win_lock(MPI_LOCK_EXCLUSIVE, right, MPI_MODE_NOCHECK) (only it ever locks that
 * target, so the assertion holds), then adds 64 KiB there under MPI_Win_lock_all(MPI_MODE_NOCHECK)
 * and gets it back. Under the check's Open MPI policy the window is served by osc pt2pt, whose
 * puts too long for one of its fragments wait for a lock acknowledgement that a NOCHECK epoch
 * never asks for: the run must end, every value right and no finding (docs/design.md, "Memory
 * given to MPI_Win_create"). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ELEMENTS (1 << 14) /* 64 KiB of int: well past osc pt2pt's 8 KiB fragments */

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
  int wrong = 0;
  for (int i = 0; i < ELEMENTS; ++i) {
    wrong += mine[i] != 2 * (left * 1000 + i % 1000);
    wrong += got[i] != 2 * out[i];
  }
  if (wrong) fprintf(stderr, "rank %d: %d values wrong\n", rank, wrong);
  MPI_Win_free(&win);
  free(mine);
  free(out);
  free(got);
  MPI_Finalize();
  return wrong != 0;
}
