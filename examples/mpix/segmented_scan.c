/* SPDX-License-Identifier: BSD-3-Clause */
/* A segmented prefix sum over ranks with MPIX_SEGMENTED_SUM: a flag starts a new segment.
 *   mpicc.mpich segmented_scan.c -lredsem_mpix_mpich && mpirun.mpich -n 4 ./a.out
 * With 4 ranks, values 1,2,3,4 and segment starts at ranks 0 and 2, the scan is 1,3,3,7; the
 * select sum of the even ranks' values is 4, and all-equal-min tells whether all ranks agree. */
#include <stdio.h>

#include "redsem_mpix.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPIX_Ops_init();

  const MPIX_double_int mine = {rank + 1.0, rank % 2 == 0}, selected = {rank + 1.0, rank % 2 == 0};
  MPIX_double_int scan, sum, agree;
  MPI_Scan(&mine, &scan, 1, MPI_DOUBLE_INT, MPIX_SEGMENTED_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&selected, &sum, 1, MPI_DOUBLE_INT, MPIX_SELECT_SUM, MPI_COMM_WORLD);
  const MPIX_2int step = {rank < 2 ? 10 : 20, 1};
  MPIX_2int lowest;
  MPI_Allreduce(&step, &lowest, 1, MPI_2INT, MPIX_ALL_EQUAL_MIN, MPI_COMM_WORLD);
  agree.value = lowest.value;
  agree.index = lowest.index;

  printf("rank %d: segmented scan %g (in a segment: %d), sum of even ranks %g, min %g (all equal: %d)\n",
         rank, scan.value, scan.index, sum.value, agree.value, agree.index);
  MPIX_Ops_finalize();
  MPI_Finalize();
  return 0;
}
