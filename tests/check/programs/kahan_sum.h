/* SPDX-License-Identifier: BSD-3-Clause */
/* A compensated (Kahan-Babuska) global sum, as numerical libraries write it: each rank sums its
 * values into a (sum, compensation) pair and a user op merges pairs with TwoSum (Knuth), on a
 * derived datatype of 2 doubles. The values are multiples of 1/8, so every sum is exact and the
 * op is then exactly commutative and associative. Included by kahan_sum_bad.c and
 * kahan_sum_ok.c, which differ only in where they pass MPI_IN_PLACE. */
#include <mpi.h>
#include <stdio.h>

typedef struct {
  double sum, compensation;
} kahan_pair;

static void kahan_merge(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  const kahan_pair *x = in;
  kahan_pair *y = inout;
  for (int i = 0; i < *len; ++i) {
    const double s = x[i].sum + y[i].sum;
    const double b = s - x[i].sum;
    const double error = (x[i].sum - (s - b)) + (y[i].sum - b);
    y[i].compensation = x[i].compensation + y[i].compensation + error;
    y[i].sum = s;
  }
}

static kahan_pair local_sum(int rank) {
  kahan_pair p = {0.0, 0.0};
  for (int i = 0; i < 100; ++i) {
    const double v = (rank * 100 + i) / 8.0, y = v - p.compensation, t = p.sum + y;
    p.compensation = (t - p.sum) - y;
    p.sum = t;
  }
  return p;
}

/* Every rank passes MPI_IN_PLACE when `everywhere`, else only the root. */
static void global_sum(int everywhere) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Datatype pair_type;
  MPI_Type_contiguous(2, MPI_DOUBLE, &pair_type);
  MPI_Type_commit(&pair_type);
  MPI_Op merge;
  MPI_Op_create(kahan_merge, 1, &merge);
  kahan_pair p = local_sum(rank);
  const void *sendbuf = rank == 0 || everywhere ? MPI_IN_PLACE : (const void *)&p;
  MPI_Reduce(sendbuf, &p, 1, pair_type, merge, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("sum %.17g (compensation %g)\n", p.sum + p.compensation, p.compensation);
  MPI_Op_free(&merge);
  MPI_Type_free(&pair_type);
}
