/* SPDX-License-Identifier: BSD-3-Clause */
/* OpenMP threads beside MPI (MPI_THREAD_MULTIPLE), checked under `--thread-sync calls`: on rank 0
 * one thread of a team of two gets rank 1's element into rank 0's own window memory under a lock,
 * and the team reads that element. OMP_CASE picks the construct:
 *   1 master: the master thread gets, then every thread reads; correct with a barrier between;
 *   2 sections: one section gets, another reads; correct with the read in a second sections
 *     construct (the first one's implied barrier orders them);
 *   3 task: a task gets, the team reads; correct with the creator reading after a taskwait;
 *   4 doacross: a doacross loop (not modelled: the policy is given up, a thread_sync_off line),
 *     then the correct master case.
 * Built with -DRMA_KNOWN_ERROR, nothing orders the read with the get: thread_race_with_rma_buffer,
 * decided by the threads' clocks whatever the order the run took. The racy getter waits, through
 * an atomic flag the clocks do not see, until another thread has read: the read then comes before
 * the get, which the default policy (a race only when the access overlaps the pending call in
 * time) cannot see, and away from the get's library work (a read made while another thread is
 * stepped past the MPI library's own access to the same page is not seen: docs/design.md,
 * "Threads"), whatever the machine's load. A section or task is a logical thread of its own to the
 * clocks, so the racy sections and task cases are found whichever thread runs which section or
 * task. */
#include <mpi.h>
#include <omp.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "omp_team.h"
#include "thread_window.h"

static atomic_int reads_done; /* an order between threads that no call shows */

static void get_element(void) {
#ifdef RMA_KNOWN_ERROR
  while (atomic_load_explicit(&reads_done, memory_order_acquire) == 0) sched_yield();
#endif
  MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
  MPI_Get(&base[0], 1, MPI_INT, 1, 2, 1, MPI_INT, win);
  MPI_Win_unlock(1, win);
}

static void read_element(const char *who) {
  printf("%s read %d\n", who, *(volatile int *)&base[0]);
  atomic_fetch_add_explicit(&reads_done, 1, memory_order_release);
}

static void master_case(void) {
#pragma omp parallel num_threads(2)
  {
    require_team_of_two();
#pragma omp master
    get_element();
#ifndef RMA_KNOWN_ERROR
#pragma omp barrier
#endif
    read_element("master case");
  }
}

static void sections_case(void) {
#pragma omp parallel num_threads(2)
  {
    require_team_of_two();
#ifdef RMA_KNOWN_ERROR
#pragma omp sections
    {
#pragma omp section
      get_element();
#pragma omp section
      read_element("sections case");
    }
#else
#pragma omp sections
    {
#pragma omp section
      get_element();
#pragma omp section
      usleep(1000);
    }
#pragma omp sections
    {
#pragma omp section
      read_element("sections case");
    }
#endif
  }
}

static void task_case(void) {
#pragma omp parallel num_threads(2)
  {
    require_team_of_two();
#ifdef RMA_KNOWN_ERROR
    /* whichever thread runs the task, the other one reads without waiting for it */
#pragma omp single nowait
    {
#pragma omp task
      get_element();
    }
    read_element("task case");
#else
#pragma omp single
    {
#pragma omp task
      get_element();
#pragma omp taskwait
      read_element("task case");
    }
#endif
  }
}

/* A prefix sum whose iterations wait for the previous one: ordered(1) with depend(sink/source). */
static void doacross_case(void) {
  int sums[16] = {1};
#pragma omp parallel for ordered(1) num_threads(2)
  for (int i = 1; i < 16; ++i) {
#pragma omp ordered depend(sink : i - 1)
    sums[i] = sums[i - 1] + i;
#pragma omp ordered depend(source)
  }
  printf("doacross sum %d\n", sums[15]);
  master_case();
}

int main(int argc, char **argv) {
  const int rank = open_thread_window(&argc, &argv);
  if (rank == 0) {
    if (OMP_CASE == 1) master_case();
    if (OMP_CASE == 2) sections_case();
    if (OMP_CASE == 3) task_case();
    if (OMP_CASE == 4) doacross_case();
  }
  return close_thread_window();
}
