/* SPDX-License-Identifier: BSD-3-Clause */
/* Correct: the send and receive buffers of MPI_Allreduce are columns 0 and 1 of one 2 x 4 array of
 * doubles, each a subarray datatype (MPI-4.1 §5.1.3) from the array's start and one double in.
 * No byte is in both typemaps, though the extents overlap; the check does not decode subarray
 * typemaps, so it must say it did not decide (a note overlap_not_decided), never report an
 * overlap. Expected: exit 0, the note, no finding. */
#include <mpi.h>
#include <stdio.h>

#define ROWS 2
#define COLUMNS 4

/* The larger of each double of one column element (one double per row, COLUMNS apart). */
static void column_max(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  const double *a = in;
  double *b = inout;
  for (int e = 0; e < *len; ++e)
    for (int row = 0; row < ROWS; ++row) {
      const int at = e * ROWS * COLUMNS + row * COLUMNS; /* the element's extent is the whole array */
      b[at] = a[at] > b[at] ? a[at] : b[at];
    }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype column;
  MPI_Type_create_subarray(2, (int[]){ROWS, COLUMNS}, (int[]){ROWS, 1}, (int[]){0, 0}, MPI_ORDER_C, MPI_DOUBLE,
                           &column);
  MPI_Type_commit(&column);
  MPI_Op max;
  MPI_Op_create(column_max, 1, &max);
  double a[ROWS][COLUMNS];
  for (int row = 0; row < ROWS; ++row)
    for (int c = 0; c < COLUMNS; ++c) a[row][c] = c == 1 ? -1 : rank + row;
  MPI_Allreduce(&a[0][0], &a[0][1], 1, column, max, MPI_COMM_WORLD);
  int failed = 0;
  for (int row = 0; row < ROWS; ++row) failed |= a[row][1] != size - 1 + row || a[row][0] != rank + row;
  if (failed) printf("rank %d: wrong result\n", rank);
  MPI_Op_free(&max);
  MPI_Type_free(&column);
  MPI_Finalize();
  return failed;
}
