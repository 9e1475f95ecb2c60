/* SPDX-License-Identifier: BSD-3-Clause */
/* What the lock-epoch test programs (rma_lock_others.c, rma_lock_self.c) share: each rank's two
 * windows of 2 * HALF ints, one from MPI_Win_allocate and one over heap memory given to
 * MPI_Win_create, whose first halves the left neighbour's puts of `out` fill, and the end of the
 * run, where each rank checks those halves in an exclusive epoch of its own and frees everything.
 * The including program defines HALF. Each program is one file: these are static. */
#ifndef REDSEM_TEST_TWO_WINDOWS_H
#define REDSEM_TEST_TWO_WINDOWS_H

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

struct two_windows {
  int rank, right, left;    /* this rank and its neighbours in MPI_COMM_WORLD */
  int *allocated, *created; /* this rank's memory of each window */
  int *out;                 /* what it puts into its right neighbour's: rank * 1000 + i */
  MPI_Win on_allocated, on_created;
};

/* After MPI_Init. */
static inline struct two_windows two_windows_open(void) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct two_windows t = {.rank = rank,
                          .right = (rank + 1) % size,
                          .left = (rank + size - 1) % size,
                          .created = calloc(2 * HALF, sizeof(int)),
                          .out = malloc(HALF * sizeof(int))};
  if (!t.created || !t.out) MPI_Abort(MPI_COMM_WORLD, 1);
  for (int i = 0; i < HALF; ++i) t.out[i] = rank * 1000 + i;
  MPI_Win_allocate(2 * HALF * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &t.allocated, &t.on_allocated);
  MPI_Win_create(t.created, 2 * HALF * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &t.on_created);
  return t;
}

/* The first half of `mine`, which the left neighbour's puts fill, is as they left it. */
static inline int two_windows_wrong(const int *mine, int left) {
  int wrong = 0;
  for (int i = 0; i < HALF; ++i) wrong += mine[i] != left * 1000 + i;
  return wrong;
}

/* After every put is done (a barrier): checks the halves the left neighbour filled, each in an
 * exclusive epoch of this rank's own (the MPI_Win_create one only when `check_created`: a racy
 * twin's stores changed it), frees both windows and returns the program's exit status. */
static inline int two_windows_close(struct two_windows *t, int wrong, int check_created) {
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, t->rank, 0, t->on_allocated);
  wrong += two_windows_wrong(t->allocated, t->left);
  MPI_Win_unlock(t->rank, t->on_allocated);
  if (check_created) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, t->rank, 0, t->on_created);
    wrong += two_windows_wrong(t->created, t->left);
    MPI_Win_unlock(t->rank, t->on_created);
  }
  if (wrong) printf("rank %d: %d values wrong\n", t->rank, wrong);
  MPI_Win_free(&t->on_created);
  MPI_Win_free(&t->on_allocated);
  free(t->created);
  free(t->out);
  return wrong != 0;
}

#endif
