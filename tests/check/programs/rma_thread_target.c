/* SPDX-License-Identifier: BSD-3-Clause */
/* Rank 0 puts into rank 1's window under a lock, then meets rank 1 in a barrier. Rank 1
 * (MPI_THREAD_MULTIPLE) makes the barrier on its main thread while a second thread reads the
 * element. Correct: the second thread reads once the main thread's barrier has returned, which
 * orders the read after the put (MPI-4.1 §13.7). Built with -DRMA_KNOWN_ERROR it reads while the
 * main thread is still in the barrier, with nothing ordering it with the put: window_access_race.
 * So that every run reads before the barrier returns whatever the machine's load, rank 0 enters
 * the barrier only once rank 1's reader has said, through a flag in POSIX shared memory that MPI
 * does not see, that it has read. */
#include <fcntl.h>
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "thread_multiple.h"

static atomic_int stage; /* rank 1: 1 the barrier was entered, 2 it returned */
static int *base;
static atomic_int *read_done; /* shared by ranks 0 and 1 of this node */

static void wait_for(atomic_int *flag, int s) {
  while (atomic_load(flag) < s) sched_yield();
}

static void *reader(void *arg) {
  (void)arg;
#ifdef RMA_KNOWN_ERROR
  wait_for(&stage, 1);
#else
  wait_for(&stage, 2);
#endif
  printf("element 0: %d\n", *(volatile int *)&base[0]);
  atomic_store(read_done, 1);
  return NULL;
}

int main(int argc, char **argv) {
  const int rank = init_thread_multiple(&argc, &argv);
  long owner = (long)getpid(); /* the flag's name: rank 0's process id */
  MPI_Bcast(&owner, 1, MPI_LONG, 0, MPI_COMM_WORLD);
  char name[64];
  snprintf(name, sizeof name, "/redsem_rma_thread_target_%ld", owner);
  const int fd = shm_open(name, O_CREAT | O_RDWR, 0600);
  if (fd < 0 || ftruncate(fd, sizeof(atomic_int)) != 0) MPI_Abort(MPI_COMM_WORLD, 2);
  read_done = mmap(NULL, sizeof(atomic_int), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  MPI_Win win;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  for (int i = 0; i < 4; ++i) base[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    static const int seven = 7;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(&seven, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_unlock(1, win);
#ifdef RMA_KNOWN_ERROR
    wait_for(read_done, 1);
#endif
    MPI_Barrier(MPI_COMM_WORLD);
  } else if (rank == 1) {
    pthread_t other;
    pthread_create(&other, NULL, reader, NULL);
    atomic_store(&stage, 1);
    MPI_Barrier(MPI_COMM_WORLD);
    atomic_store(&stage, 2);
    pthread_join(other, NULL);
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  munmap(read_done, sizeof(atomic_int));
  if (rank == 0) shm_unlink(name);
  MPI_Finalize();
  return 0;
}
