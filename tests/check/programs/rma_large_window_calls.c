/* SPDX-License-Identifier: BSD-3-Clause */
/* A correct program whose every RMA call makes the watcher protect a large window again: rank 0
 * allocates a 512 MiB window (the others 4 KiB) and takes CALLS tickets from it by
 * MPI_Get_accumulate on itself, each completed by MPI_Win_flush. Inside each call the MPI library
 * applies the operation to the watched window, so the page it faults on is left open until the
 * call returns and protected again there (check/runtime/watch_ranges.c). Doing that must cost in
 * proportion to the pieces of memory the ranges cut, not to the window's pages: rank 0 checks the
 * CPU time its loop took (user and system, getrusage, not the wall clock) against a bound far
 * above that cost, and exits 1 beyond it, as it does when a ticket is wrong. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#define WINDOW_BYTES (512L << 20)
#define CALLS 4000
#define CPU_SECONDS_BOUND 2.0

static double cpu_seconds(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return (double)u.ru_utime.tv_sec + (double)u.ru_stime.tv_sec +
         1e-6 * (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long *base = NULL;
  MPI_Win win;
  MPI_Win_allocate(rank == 0 ? WINDOW_BYTES : 4096, sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  if (rank == 0) base[0] = 0;
  long *one = malloc(sizeof *one), *ticket = malloc(sizeof *ticket); /* on the heap: watched by pages */
  *one = 1;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  int wrong = 0;
  double spent = 0.0;
  if (rank == 0) {
    const double start = cpu_seconds();
    for (long c = 0; c < CALLS && spent <= CPU_SECONDS_BOUND; ++c) {
      MPI_Get_accumulate(one, 1, MPI_LONG, ticket, 1, MPI_LONG, 0, 0, 1, MPI_LONG, MPI_SUM, win);
      MPI_Win_flush(0, win);
      wrong += *ticket != c;
      spent = cpu_seconds() - start;
    }
  }
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (wrong) fprintf(stderr, "rank 0: %d tickets wrong\n", wrong);
  if (spent > CPU_SECONDS_BOUND)
    fprintf(stderr, "rank 0: %d calls on a %ld-byte window took more than %g s of CPU time\n", CALLS, WINDOW_BYTES,
            CPU_SECONDS_BOUND);
  free(one);
  free(ticket);
  MPI_Win_free(&win);
  MPI_Finalize();
  return wrong != 0 || spent > CPU_SECONDS_BOUND;
}
