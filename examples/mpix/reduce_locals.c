/* SPDX-License-Identifier: BSD-3-Clause */
/* MPIX_Reduce_locals: the five forms of the #530 proposal, with a non-commutative op.
 *   mpicc.openmpi reduce_locals.c -lredsem_mpix_openmpi && mpirun.openmpi -n 2 ./a.out
 * Each rank builds a string-like value "<digits>" and shows which operand lands left. */
#include <stdio.h>

#include "redsem_mpix.h"

/* Concatenation of decimal digit strings, kept as numbers: 12 ∘ 3 = 123. */
static void concat(void *in, void *inout, int *len, MPI_Datatype *datatype) {
  (void)datatype;
  const long *left = in;
  long *right = inout;
  for (int k = 0; k < *len; ++k) {
    long shift = 10;
    while (shift <= right[k]) shift *= 10;
    right[k] = left[k] * shift + right[k];
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Op op;
  MPI_Op_create(concat, 0, &op);
  const long x = 1 + rank, y = 7;
  long a = 5;
  MPIX_Reduce_locals(&x, &y, &a, 1, MPI_LONG, op);
  printf("rank %d: A = X op Y      -> %ld\n", rank, a);
  MPIX_Reduce_locals(MPI_IN_PLACE, &y, &a, 1, MPI_LONG, op);
  printf("rank %d: A = A op Y      -> %ld\n", rank, a);
  MPIX_Reduce_locals(&x, MPI_IN_PLACE, &a, 1, MPI_LONG, op);
  printf("rank %d: A = X op A      -> %ld (MPI_Reduce_local)\n", rank, a);
  a = 12;
  MPIX_Reduce_locals(MPI_IN_PLACE, MPI_IN_PLACE, &a, 1, MPI_LONG, op);
  printf("rank %d: A = A op A      -> %ld\n", rank, a);
  const int rc = MPIX_Reduce_locals(&x, &y, MPI_IN_PLACE, 1, MPI_LONG, op);
  printf("rank %d: inoutbuf = MPI_IN_PLACE -> %s\n", rank, rc == MPI_ERR_BUFFER ? "MPI_ERR_BUFFER" : "unexpected");
  MPI_Op_free(&op);
  MPI_Finalize();
  return 0;
}
