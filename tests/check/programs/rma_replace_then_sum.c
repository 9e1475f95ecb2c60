/* SPDX-License-Identifier: BSD-3-Clause */
/* ARMCI-MPI's location consistency: each rank puts 4 bytes into its own slot of rank 0's window
 * as ARMCI does, MPI_Accumulate(MPI_REPLACE) on MPI_BYTE, then adds to the same bytes with
 * MPI_Accumulate(MPI_SUM) on MPI_INT, in one MPI_Win_lock_all epoch with only MPI_Win_flush_local
 * between them. Whether accumulate_ordering orders the two (MPI-4.1 §13.7.2, "per-datatype
 * granularity") is the policy key ordering_types: mismatched_accumulates under its default (same,
 * the standard's words), no finding under ordering_types=any (as both MPIs apply them). */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *slots;
  MPI_Win win;
  const MPI_Aint bytes = rank == 0 ? (MPI_Aint)(size * sizeof(int)) : 0;
  MPI_Win_allocate(bytes, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &slots, &win);
  if (rank == 0) memset(slots, 0, (size_t)bytes);
  MPI_Barrier(MPI_COMM_WORLD);
  const int value = 10 * rank, one = 1;
  const MPI_Aint disp = (MPI_Aint)(rank * sizeof(int));
  MPI_Win_lock_all(0, win);
  MPI_Accumulate(&value, sizeof value, MPI_BYTE, 0, disp, sizeof value, MPI_BYTE, MPI_REPLACE, win);
  MPI_Win_flush_local(0, win);
  MPI_Accumulate(&one, 1, MPI_INT, 0, disp, 1, MPI_INT, MPI_SUM, win);
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    for (int r = 0; r < size; ++r) printf("slot %d: %d\n", r, slots[r]);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
