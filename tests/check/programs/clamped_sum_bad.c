/* SPDX-License-Identifier: BSD-3-Clause */
/* One known error: a clamped sum as a user op, min(a + b, limit), where `limit` is a rank-local
 * setting (each rank derives it from its own part of the mesh). The library applies the op on
 * several ranks, so they end up with different Allreduce results, which MPI-4.1 §7.9.6 forbids
 * ("all processes ... receive identical results"). Expected finding: allreduce_results_differ. */
#include <mpi.h>
#include <stdio.h>

static double limit;

static void clamped_sum(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  const double *a = in;
  double *b = inout;
  for (int i = 0; i < *len; ++i) b[i] = a[i] + b[i] < limit ? a[i] + b[i] : limit;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  limit = 25.0 + rank;
  MPI_Op op;
  MPI_Op_create(clamped_sum, 1, &op);
  const double load[2] = {10.0, 1.0};
  double total[2];
  MPI_Allreduce(load, total, 2, MPI_DOUBLE, op, MPI_COMM_WORLD);
  printf("rank %d: total load %g\n", rank, total[0]);
  MPI_Op_free(&op);
  MPI_Finalize();
  return 0;
}
