/* SPDX-License-Identifier: BSD-3-Clause */
/* Correct: in each fence epoch of a window no other rank accesses, every thread of a rank
 * (MPI_THREAD_MULTIPLE) stores into its own elements of the rank's window memory, all on one
 * watched page, as fast as it can: their faults on that page come at once and must each be
 * stepped through without another thread protecting the page under it. Expected: exit 0, the
 * sums right, no finding. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

#include "thread_multiple.h"

#define THREADS 4
#define STORES 3000
#define EPOCHS 3

static volatile int *base;

static void *store_many(void *arg) {
  const long t = (long)arg;
  for (int i = 0; i < STORES; ++i) base[t] += 1;
  return NULL;
}

int main(int argc, char **argv) {
  const int rank = init_thread_multiple(&argc, &argv);
  int *memory;
  MPI_Win win;
  MPI_Win_allocate(THREADS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &memory, &win);
  base = memory;
  for (int t = 0; t < THREADS; ++t) base[t] = 0;
  int failed = 0;
  for (int epoch = 0; epoch < EPOCHS; ++epoch) {
    MPI_Win_fence(0, win);
    pthread_t threads[THREADS];
    for (long t = 0; t < THREADS; ++t) pthread_create(&threads[t], NULL, store_many, (void *)t);
    for (int t = 0; t < THREADS; ++t) pthread_join(threads[t], NULL);
    MPI_Win_fence(0, win);
    for (int t = 0; t < THREADS; ++t) failed |= base[t] != (epoch + 1) * STORES;
  }
  if (failed) printf("rank %d: a store was lost\n", rank);
  MPI_Win_free(&win);
  MPI_Finalize();
  return failed;
}
