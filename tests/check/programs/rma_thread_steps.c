/* SPDX-License-Identifier: BSD-3-Clause */
/* A second thread stepped on a watched page while the thread in MPI arms and releases the range
 * on it, over and over (MPI_THREAD_MULTIPLE, run with every call's buffers armed): rank 0's main
 * thread gets rank 1's element into the first int of a page of its own and flushes, 4000 times; a
 * second thread increments a counter in the middle of that page, beside the result buffer, which
 * it never touches: twice while each get is pending (the main thread waits for them), then on
 * through the start of the flush, where the get's range is released, then it pauses until the next
 * get (so that a slow flush does not cost thousands of steps). Correct, and no finding: every
 * access of the second thread is beside the watched bytes, a fault stepped past while a get is
 * pending. What it tests is the watcher: a fault handler that read the ranges while the main thread
 * released one could protect the page again after the release gave it back, and the second
 * thread's next access then faulted with no range there, which killed the program; or note an
 * access to a range slot reused since (docs/design.md, "Threads": the watch lock). */
#include <limits.h>
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "thread_window.h"

#define GETS 4000
#define AFTER 32 /* the second thread's accesses once the main thread is about to flush */

static atomic_int done;
static atomic_long accesses;     /* the second thread's, counted on a page no range watches */
static atomic_long pause_at = 0; /* it pauses once it has made that many */
static int *page;

static void *stepper(void *arg) {
  (void)arg;
  volatile int *counter = page + sysconf(_SC_PAGESIZE) / (2 * sizeof(int));
  while (!atomic_load(&done)) {
    if (atomic_load(&accesses) >= atomic_load(&pause_at)) {
      sched_yield();
      continue;
    }
    *counter = *counter + 1;
    atomic_fetch_add(&accesses, 1);
  }
  return NULL;
}

int main(int argc, char **argv) {
  const int rank = open_thread_window(&argc, &argv);
  if (rank == 0) {
    const long size = sysconf(_SC_PAGESIZE);
    page = aligned_alloc((size_t)size, (size_t)size);
    page[0] = -1;
    pthread_t other;
    pthread_create(&other, NULL, stepper, NULL);
    int sum = 0;
    MPI_Win_lock_all(0, win);
    for (int i = 0; i < GETS; ++i) {
      MPI_Get(page, 1, MPI_INT, 1, 2, 1, MPI_INT, win);
      const long seen = atomic_load(&accesses);
      atomic_store(&pause_at, LONG_MAX);
      while (atomic_load(&accesses) < seen + 2) sched_yield(); /* it accesses the page while the get is pending */
      atomic_store(&pause_at, atomic_load(&accesses) + AFTER); /* and on through the flush's start */
      MPI_Win_flush(1, win);
      sum += page[0];
    }
    MPI_Win_unlock_all(win);
    atomic_store(&done, 1);
    pthread_join(other, NULL);
    printf("sum %d\n", sum);
    free(page);
  }
  return close_thread_window();
}
