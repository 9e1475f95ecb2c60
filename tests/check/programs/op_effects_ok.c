/* SPDX-License-Identifier: BSD-3-Clause */
/* Correct: user ops with state the program relies on. MPI_Reduce_local calls a one-element op
 * once; a non-commutative op only ever gets its operands in ascending rank order (MPI-4.1
 * §7.9.5), so `first_of` never sees a lower rank's value on its inout side. The check's own calls
 * of these functions must change neither count: exit 0, no finding. */
#include <mpi.h>
#include <stdio.h>

static int max_calls, out_of_order;

static void counted_max(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  const int *a = in;
  int *b = inout;
  ++max_calls;
  for (int i = 0; i < *len; ++i) b[i] = a[i] > b[i] ? a[i] : b[i];
}

/* left(x, y) = x, counting the calls whose operands come out of rank order. */
static void first_of(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  const int *a = in;
  int *b = inout;
  for (int i = 0; i < *len; ++i) {
    if (a[i] > b[i]) ++out_of_order;
    b[i] = a[i];
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Op max, first;
  MPI_Op_create(counted_max, 1, &max);
  MPI_Op_create(first_of, 0, &first);

  int mine = rank, local = 100 - rank;
  MPI_Reduce_local(&mine, &local, 1, MPI_INT, max);
  int first_rank = -1;
  MPI_Allreduce(&mine, &first_rank, 1, MPI_INT, first, MPI_COMM_WORLD);

  const int failed = max_calls != 1 || out_of_order != 0 || first_rank != 0 || local != 100 - rank;
  if (failed) printf("rank %d: %d call(s) of counted_max, %d out of order, first %d\n", rank, max_calls, out_of_order, first_rank);
  MPI_Op_free(&first);
  MPI_Op_free(&max);
  MPI_Finalize();
  return failed;
}
