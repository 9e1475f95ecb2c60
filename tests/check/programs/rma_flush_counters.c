/* SPDX-License-Identifier: BSD-3-Clause */
/* Per-rank hit counters in a small heap array given to MPI_Win_create (MPI-4.1 §13.2.1): in
 * rounds, every rank adds its weight to its slot on every rank with MPI_Fetch_and_op under
 * MPI_Win_lock_all, flushing each target to read the old value, then all meet at a barrier: no
 * finding. The window's page shares the heap with the MPI library's own data, which it polls
 * while it waits in MPI_Win_flush; the check must not step each of those polls (a single-threaded
 * program cannot touch memory during the call): its records then say no step was made there. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 20

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long *hits = calloc((size_t)size, sizeof(long));
  long *seen = calloc((size_t)size, sizeof(long));
  MPI_Win win;
  MPI_Win_create(hits, (MPI_Aint)(size * sizeof(long)), sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  const long weight = rank + 1;
  int wrong = 0;
  for (int round = 0; round < ROUNDS; ++round) {
    MPI_Win_lock_all(0, win);
    for (int target = 0; target < size; ++target) {
      MPI_Fetch_and_op(&weight, &seen[target], MPI_LONG, target, rank, MPI_SUM, win);
      MPI_Win_flush(target, win);
    }
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    for (int target = 0; target < size; ++target) wrong += seen[target] != round * weight;
  }
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  for (int i = 0; i < size; ++i) wrong += hits[i] != ROUNDS * (i + 1L);
  MPI_Win_unlock(rank, win);
  int wrong_total = 0;
  MPI_Reduce(&wrong, &wrong_total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("flush counters: %d rounds, %d wrong\n", ROUNDS, wrong_total);
  MPI_Win_free(&win);
  free(seen);
  free(hits);
  MPI_Finalize();
  return 0;
}
