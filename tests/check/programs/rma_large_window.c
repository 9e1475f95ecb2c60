/* SPDX-License-Identifier: BSD-3-Clause */
/* A correct program that keeps the watcher busy: it fills a 256 KiB window element by element
 * (more faults than a window range is watched for in one epoch), reads its right neighbour's
 * whole window with one MPI_Get completed after an MPI_Barrier (the library copies into a
 * watched result buffer), then takes 200 tickets with MPI_Fetch_and_op and MPI_Win_flush. It
 * checks what it read: the run must end cleanly, with every value right and no finding. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ELEMENTS (1 << 16)
#define TICKETS 200

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *mine;
  MPI_Win win;
  MPI_Win_allocate(ELEMENTS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
  for (volatile int *p = mine; p < mine + ELEMENTS; ++p) *p = rank * 1000 + (int)(p - mine) % 1000;
  MPI_Barrier(MPI_COMM_WORLD);
  int *got = malloc(ELEMENTS * sizeof(int));
  long *ticket = malloc(sizeof *ticket);
  static const long one = 1;
  const int right = (rank + 1) % size;
  MPI_Win_lock_all(0, win);
  MPI_Get(got, ELEMENTS, MPI_INT, right, 0, ELEMENTS, MPI_INT, win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_flush(right, win);
  int wrong = 0;
  for (int i = 0; i < ELEMENTS; ++i) wrong += got[i] != right * 1000 + i % 1000;
  for (int k = 0; k < TICKETS; ++k) {
    MPI_Fetch_and_op(&one, ticket, MPI_LONG, 0, 0, MPI_SUM, win);
    MPI_Win_flush(0, win);
  }
  MPI_Win_unlock_all(win);
  if (wrong) fprintf(stderr, "rank %d: %d values read wrong\n", rank, wrong);
  free(got);
  free(ticket);
  MPI_Win_free(&win);
  MPI_Finalize();
  return wrong != 0;
}
