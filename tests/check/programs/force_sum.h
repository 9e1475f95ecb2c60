/* SPDX-License-Identifier: BSD-3-Clause */
/* The total force on each of a few bodies: every rank adds its contributions, and MPI_Allreduce
 * sums 3-component vectors. Included by force_sum_bad.c and force_sum_ok.c, which differ only in
 * how they describe the vectors to MPI. */
#include <mpi.h>
#include <stdio.h>

#define BODIES 4

typedef struct {
  double x, y, z;
} vec3;

/* Sums `BODIES` vectors given as `count` elements of `type`. */
static void total_forces(MPI_Datatype type, int count) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  vec3 mine[BODIES], total[BODIES];
  for (int b = 0; b < BODIES; ++b) mine[b] = (vec3){rank + b, 0.5 * b, -1.0 * rank};
  MPI_Allreduce(mine, total, count, type, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("body 0: (%g, %g, %g)\n", total[0].x, total[0].y, total[0].z);
}
