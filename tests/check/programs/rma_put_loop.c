/* SPDX-License-Identifier: BSD-3-Clause */
/* Each rank puts one value CALLS times into its right neighbour's window under MPI_Win_lock_all,
 * flushing after each put and refilling its buffer after the flush. The watcher arms the origin
 * buffer on the sampled puts only (the first 8, then the powers of two: check/runtime/watch_sampling.c),
 * which its `watch_sampled` line says. Built with -DRMA_KNOWN_ERROR it refills the buffer before
 * the flush of put 20, which is not sampled: the comparison at the flush still finds the changed
 * bytes (origin_buffer_updated_before_completion), and the watcher, not armed there, says nothing. */
#include <mpi.h>
#include <stdio.h>

#define CALLS 40
#define UNSAMPLED_CALL 20

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double *mine;
  MPI_Win win;
  MPI_Win_allocate(sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
  static double value; /* static: a buffer on the stack is not watched */
  const int right = (rank + 1) % size;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  for (int c = 0; c < CALLS; ++c) {
    value = rank + c;
    MPI_Put(&value, 1, MPI_DOUBLE, right, 0, 1, MPI_DOUBLE, win);
#ifdef RMA_KNOWN_ERROR
    if (c == UNSAMPLED_CALL) value = -1.0;
#endif
    MPI_Win_flush(right, win);
  }
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("rank 0 holds %g\n", *mine);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
