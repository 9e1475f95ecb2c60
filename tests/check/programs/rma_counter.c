/* SPDX-License-Identifier: BSD-3-Clause */
/* A shared work counter (MPI-4.1 §13.3.4.4): ranks take task numbers from a counter on rank 0
 * with MPI_Fetch_and_op(MPI_SUM, MPI_LONG) under a shared lock, flushing each to learn its
 * number, until the tasks run out. Fetch-and-ops of one type and op are atomic: no finding. */
#include <mpi.h>
#include <stdio.h>

#define TASKS 12

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long *counter;
  MPI_Win win;
  MPI_Win_allocate(rank == 0 ? sizeof(long) : 0, sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &counter, &win);
  if (rank == 0) *counter = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  const long one = 1;
  long task = 0, done = 0;
  MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
  for (;;) {
    MPI_Fetch_and_op(&one, &task, MPI_LONG, 0, 0, MPI_SUM, win);
    MPI_Win_flush(0, win);
    if (task >= TASKS) break;
    ++done;
  }
  MPI_Win_unlock(0, win);
  long total = 0;
  MPI_Reduce(&done, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("counter: %ld tasks done\n", total);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
