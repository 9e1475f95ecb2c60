/* SPDX-License-Identifier: BSD-3-Clause */
/* One known error: a hand-written double sum as a user op (created non-commutative, to "keep
 * the order"), which is not associative on this program's values: (1e16 + 1) + 1 != 1e16 +
 * (1 + 1). MPI assumes user ops are associative (MPI-4.1 §7.9.5) and brackets as it likes.
 * Expected finding: user_op_not_associative. */
#include <mpi.h>
#include <stdio.h>

static void add_doubles(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  const double *a = in;
  double *b = inout;
  for (int i = 0; i < *len; ++i) b[i] = a[i] + b[i];
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Op add;
  MPI_Op_create(add_doubles, 0, &add);
  const double mine = rank == 0 ? 1e16 : 1.0, check = rank;
  const double in[2] = {mine, check};
  double total[2];
  MPI_Reduce(in, total, 2, MPI_DOUBLE, add, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("total %.17g\n", total[0]);
  MPI_Op_free(&add);
  MPI_Finalize();
  return 0;
}
