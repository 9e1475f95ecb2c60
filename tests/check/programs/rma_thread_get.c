/* SPDX-License-Identifier: BSD-3-Clause */
/* Two threads of rank 0 (MPI_THREAD_MULTIPLE): the main thread gets rank 1's element into a heap
 * buffer under a lock, and a second thread prints that buffer. Correct: the second thread reads
 * once the main thread's unlock has returned. Built with -DRMA_KNOWN_ERROR it reads while the get
 * is pending (after the call, before the unlock): result_buffer_accessed_before_completion, by
 * another thread than the one that made the call. The threads' order is forced with atomics, so
 * that every run overlaps the read with the pending get whatever the machine's load. */
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "thread_window.h"

static atomic_int stage; /* 1: the get was made; 2: the reader read; 3: the unlock returned */
static int *result;

static void wait_for(int s) {
  while (atomic_load(&stage) < s) sched_yield();
}

static void *reader(void *arg) {
  (void)arg;
#ifdef RMA_KNOWN_ERROR
  wait_for(1);
#else
  wait_for(3);
#endif
  printf("read %d\n", *(volatile int *)result);
#ifdef RMA_KNOWN_ERROR
  atomic_store(&stage, 2);
#endif
  return NULL;
}

int main(int argc, char **argv) {
  const int rank = open_thread_window(&argc, &argv);
  if (rank == 0) {
    result = malloc(64 * sizeof(int));
    result[0] = -1;
    pthread_t other;
    pthread_create(&other, NULL, reader, NULL);
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    MPI_Get(result, 1, MPI_INT, 1, 2, 1, MPI_INT, win);
    atomic_store(&stage, 1);
#ifdef RMA_KNOWN_ERROR
    wait_for(2);
#endif
    MPI_Win_unlock(1, win);
    atomic_store(&stage, 3);
    pthread_join(other, NULL);
    free(result);
  }
  return close_thread_window();
}
