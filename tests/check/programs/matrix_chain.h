/* SPDX-License-Identifier: BSD-3-Clause */
/* The total transfer matrix of a chain of 2x2 linear maps, one segment per rank: a user op
 * multiplying 2x2 matrices (row-major, on a derived datatype of 4 doubles). Matrix product is
 * associative but not commutative. The entries are small integers, so every product is exact.
 * Included by matrix_chain_bad.c and matrix_chain_ok.c, which differ only in the commute flag. */
#include <mpi.h>
#include <stdio.h>

typedef struct {
  double a[4];
} mat2;

/* inout[i] = in[i] * inout[i]: `in` holds the lower ranks' segments, applied last. */
static void mat2_product(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  const mat2 *x = in;
  mat2 *y = inout;
  for (int i = 0; i < *len; ++i) {
    const double *p = x[i].a, *q = y[i].a;
    const mat2 r = {
        {p[0] * q[0] + p[1] * q[2], p[0] * q[1] + p[1] * q[3], p[2] * q[0] + p[3] * q[2], p[2] * q[1] + p[3] * q[3]}};
    y[i] = r;
  }
}

static int run_chain(int commute) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Datatype mat2_type;
  MPI_Type_contiguous(4, MPI_DOUBLE, &mat2_type);
  MPI_Type_commit(&mat2_type);
  MPI_Op product;
  MPI_Op_create(mat2_product, commute, &product);
  /* Two chains: a shear and a scaling step per segment, different on every rank. */
  const mat2 segment[2] = {{{rank + 1.0, 1.0, 0.0, 1.0}}, {{1.0, 0.0, rank + 2.0, 1.0}}};
  mat2 total[2];
  MPI_Allreduce(segment, total, 2, mat2_type, product, MPI_COMM_WORLD);
  if (rank == 0) printf("chain 0: [%g %g; %g %g]\n", total[0].a[0], total[0].a[1], total[0].a[2], total[0].a[3]);
  MPI_Op_free(&product);
  MPI_Type_free(&mat2_type);
  return 0;
}
