/* SPDX-License-Identifier: BSD-3-Clause */
/* How many ranks flagged each cell: per-cell 0/1 flags in a char array, summed with MPI_SUM.
 * Included by flag_count_bad.c and flag_count_ok.c, which differ only in the datatype. */
#include <mpi.h>
#include <stdio.h>

#define CELLS 16

static void count_flags(MPI_Datatype type) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  signed char flags[CELLS], counts[CELLS];
  for (int i = 0; i < CELLS; ++i) flags[i] = (signed char)((i + rank) % 3 == 0);
  MPI_Allreduce(flags, counts, CELLS, type, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("cell 0 flagged by %d ranks\n", counts[0]);
}
