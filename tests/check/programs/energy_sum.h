/* SPDX-License-Identifier: BSD-3-Clause */
/* A global energy sum: each rank adds its particles' energies and MPI_Allreduce sums the partial
 * sums with MPI_SUM on MPI_DOUBLE. Included by energy_sum_bad.c and energy_sum_ok.c, which
 * differ only in the values. Rank r contributes partial[r % 4] as its first element and
 * r + 0.25 as its second. */
#include <mpi.h>
#include <stdio.h>

static void energy_sum(const double partial[4]) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const double mine[2] = {partial[rank % 4], rank + 0.25};
  double total[2];
  MPI_Allreduce(mine, total, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("energy %.17g, check %.17g\n", total[0], total[1]);
}
