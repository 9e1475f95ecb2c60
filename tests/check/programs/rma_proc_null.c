/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_PROC_NULL is a valid target of every RMA communication call, which then moves no data
 * (MPI-4.1 §13.3): in one MPI_Win_lock_all epoch each rank gets twice into one buffer and puts from
 * a buffer it refills before MPI_Win_unlock_all, all to MPI_PROC_NULL: no buffer is pending, no
 * finding. Built with -DRMA_KNOWN_ERROR the target is the right neighbour: the two gets write the
 * same bytes (overlapping_result_buffers) and the refill races the put's read of its origin
 * (origin_buffer_stored_before_completion, origin_buffer_updated_before_completion). */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *mine;
  MPI_Win win;
  MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
  mine[0] = rank;
  mine[1] = -1;
#ifdef RMA_KNOWN_ERROR
  const int target = (rank + 1) % size;
#else
  const int target = MPI_PROC_NULL;
#endif
  static int got, sent;
  sent = rank;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  MPI_Get(&got, 1, MPI_INT, target, 0, 1, MPI_INT, win);
  MPI_Get(&got, 1, MPI_INT, target, 0, 1, MPI_INT, win);
  MPI_Put(&sent, 1, MPI_INT, target, 1, 1, MPI_INT, win);
  sent = -rank;
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("rank 0: got %d\n", got);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
