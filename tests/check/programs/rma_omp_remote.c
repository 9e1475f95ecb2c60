/* SPDX-License-Identifier: BSD-3-Clause */
/* A put made by one OpenMP thread, ordered with another rank's read by another thread's barrier,
 * checked under `--thread-sync calls`: on rank 0 one section puts a value into rank 1's window
 * under a lock; rank 1 reads that element after an MPI_Barrier. Correct: rank 0's main thread
 * enters the barrier after the parallel region, whose end joins the section's thread. Built with
 * -DRMA_KNOWN_ERROR, another section enters the barrier, with nothing ordering the put's unlock
 * before it: rank 1's read races with the put (window_access_race), whatever the order in time
 * (the section sleeps so that the put usually completes first, which a rank's calls taken as one
 * sequence would wrongly take as ordered; the threads' clocks decide, not the sleep). */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

#include "thread_window.h"

static void put_value(void) {
  static int value = 42;
  MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
  MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  MPI_Win_unlock(1, win);
}

int main(int argc, char **argv) {
  const int rank = open_thread_window(&argc, &argv);
  if (rank == 0) {
#pragma omp parallel num_threads(2)
#pragma omp sections
    {
#pragma omp section
      put_value();
#pragma omp section
      {
        usleep(100000);
#ifdef RMA_KNOWN_ERROR
        MPI_Barrier(MPI_COMM_WORLD);
#endif
      }
    }
#ifndef RMA_KNOWN_ERROR
    MPI_Barrier(MPI_COMM_WORLD);
#endif
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) printf("read %d\n", *(volatile int *)&base[0]);
  }
  return close_thread_window();
}
