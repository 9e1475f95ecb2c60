/* SPDX-License-Identifier: BSD-3-Clause */
/* Correct: the send and receive buffers of MPI_Allreduce are the even and the odd doubles of one
 * array (vector(4,1,2,MPI_DOUBLE) from a and from a + 1). Their extents overlap but no byte is
 * in both typemaps, which is all MPI-4.1 §2.3 asks. Expected: exit 0, no finding. */
#include <mpi.h>
#include <stdio.h>

#define BLOCKS 4

/* The larger of each double of one strided element (every other double, BLOCKS of them). */
static void strided_max(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  const double *a = in;
  double *b = inout;
  for (int e = 0; e < *len; ++e)
    for (int i = 0; i < BLOCKS; ++i) {
      const int at = e * (2 * BLOCKS - 1) + 2 * i; /* the element's extent is 2 * BLOCKS - 1 doubles */
      b[at] = a[at] > b[at] ? a[at] : b[at];
    }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype every_other;
  MPI_Type_vector(BLOCKS, 1, 2, MPI_DOUBLE, &every_other);
  MPI_Type_commit(&every_other);
  MPI_Op max;
  MPI_Op_create(strided_max, 1, &max);
  double a[2 * BLOCKS];
  for (int i = 0; i < 2 * BLOCKS; ++i) a[i] = i % 2 ? -1 : rank + i;
  MPI_Allreduce(a, a + 1, 1, every_other, max, MPI_COMM_WORLD);
  int failed = 0;
  for (int i = 0; i < BLOCKS; ++i) failed |= a[2 * i + 1] != size - 1 + 2 * i || a[2 * i] != rank + 2 * i;
  if (failed) printf("rank %d: wrong result\n", rank);
  MPI_Op_free(&max);
  MPI_Type_free(&every_other);
  MPI_Finalize();
  return failed;
}
