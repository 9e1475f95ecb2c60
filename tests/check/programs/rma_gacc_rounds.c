/* SPDX-License-Identifier: BSD-3-Clause */
/* Rounds of MPI_Get_accumulate on a heap window given to MPI_Win_create (MPI-4.1 §13.3.4), the
 * shape of many RMA test suites: each rank adds into its neighbour's window under an exclusive
 * lock, then all ranks into rank 0's, then every rank into every rank's between two fences; the
 * origin and result buffers are heap arrays beside the window, reset with memset and read back
 * between the epochs. Correct: no finding. The window's, origin's and result's pages are shared,
 * so while the window is watched the MPI library's copies from and into those pages (byte by byte
 * under a single step: rep movs) and the program's own memset beside the watched bytes fault; the
 * check must not step each such byte, and the records count what it stepped (`watch_faults`).
 * -DRMA_KNOWN_ERROR: each rank clears its origin array and the start of its own window, which
 * follows it in one allocation, with one memset, without a lock, while its neighbour's rounds
 * into the window are unordered with it: window_access_race (a memset that begins beside the
 * watched bytes and reaches them is stepped, never run whole by the handler). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROUNDS 20
#define COUNT 1000

static int wrong;

static void reset(int *window, int *result, int *value, int fill, int rank, int size, MPI_Win win) {
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  memset(window, 0, sizeof(int) * (size_t)size * COUNT);
  MPI_Win_unlock(rank, win);
  memset(result, -1, sizeof(int) * (size_t)size * COUNT);
  for (int i = 0; i < COUNT; ++i) value[i] = fill;
  MPI_Barrier(MPI_COMM_WORLD);
}

/* Every rank but `skip` adds to `target` ROUNDS times, each in its own exclusive epoch. */
static void locked_rounds(int *value, int *result, int target, int skip, int rank, MPI_Win win) {
  if (rank == skip) return;
  for (int round = 0; round < ROUNDS; ++round) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, target, 0, win);
    MPI_Get_accumulate(value, COUNT, MPI_INT, result, COUNT, MPI_INT, target, 0, COUNT, MPI_INT, MPI_SUM, win);
    MPI_Win_unlock(target, win);
  }
}

static void check_own(const int *window, int want, int rank, MPI_Win win) {
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  for (int i = 0; i < COUNT; ++i) wrong += window[i] != want;
  MPI_Win_unlock(rank, win);
}

static void fence_rounds(int *value, int *result, int rank, int size, MPI_Win win) {
  for (int round = 0; round < ROUNDS; ++round) {
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    for (int target = 0; target < size; ++target)
      MPI_Get_accumulate(value, COUNT, MPI_INT, &result[target * COUNT], COUNT, MPI_INT, target, rank * COUNT, COUNT,
                         MPI_INT, MPI_SUM, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < size * COUNT; ++i) wrong += result[i] != round * rank;
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *value = malloc(sizeof(int) * ((size_t)size + 1) * COUNT); /* the origin array, then the window */
  int *window = value + COUNT;
  int *result = malloc(sizeof(int) * (size_t)size * COUNT);
  MPI_Win win;
  MPI_Win_create(window, (MPI_Aint)(sizeof(int) * (size_t)size * COUNT), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                 &win);
  reset(window, result, value, 1, rank, size, win);
  locked_rounds(value, result, (rank + 1) % size, -1, rank, win);
#ifdef RMA_KNOWN_ERROR
  memset(value, 0, sizeof(int) * 2 * COUNT);
#endif
  check_own(window, ROUNDS, rank, win);
  reset(window, result, value, 1, rank, size, win);
  locked_rounds(value, result, 0, 0, rank, win);
  check_own(window, rank == 0 ? ROUNDS * (size - 1) : 0, rank, win);
  reset(window, result, value, rank, rank, size, win);
  fence_rounds(value, result, rank, size, win);
  int wrong_total = 0;
  MPI_Reduce(&wrong, &wrong_total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("get_accumulate rounds: %d rounds, %d wrong\n", ROUNDS, wrong_total);
  MPI_Win_free(&win);
  free(result);
  free(value);
  MPI_Finalize();
  return 0;
}
