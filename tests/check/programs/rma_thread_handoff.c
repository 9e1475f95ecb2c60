/* SPDX-License-Identifier: BSD-3-Clause */
/* A pthreads handoff beside MPI (MPI_THREAD_MULTIPLE), checked under `--thread-sync calls`: on
 * rank 0 a worker thread gets rank 1's element into rank 0's own window memory under a lock, then
 * says so under a mutex with a condition variable; the main thread waits for that and reads the
 * element. Correct: the mutex and the condition variable order the read after the unlock, which
 * the policy sees through the intercepted pthreads calls. The main thread reads the element's
 * neighbour before, and the worker sleeps before its get, so that without the calls' order the
 * clocks would have nothing to go by but them. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#include "thread_window.h"

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ready_changed = PTHREAD_COND_INITIALIZER;
static int ready;

static void *worker(void *arg) {
  (void)arg;
  usleep(50000);
  MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
  MPI_Get(&base[0], 1, MPI_INT, 1, 2, 1, MPI_INT, win);
  MPI_Win_unlock(1, win);
  pthread_mutex_lock(&mutex);
  ready = 1;
  pthread_cond_signal(&ready_changed);
  pthread_mutex_unlock(&mutex);
  return NULL;
}

int main(int argc, char **argv) {
  const int rank = open_thread_window(&argc, &argv);
  if (rank == 0) {
    pthread_t other;
    pthread_create(&other, NULL, worker, NULL);
    printf("neighbour %d\n", *(volatile int *)&base[1]);
    pthread_mutex_lock(&mutex);
    while (!ready) pthread_cond_wait(&ready_changed, &mutex);
    pthread_mutex_unlock(&mutex);
    printf("read %d\n", *(volatile int *)&base[0]);
    pthread_join(other, NULL);
  }
  return close_thread_window();
}
