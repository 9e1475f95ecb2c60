/* SPDX-License-Identifier: BSD-3-Clause */
/* Ghost rows of a sparse matrix (MPI-4.1 §13.3.2): each rank exposes its ROWS × COLS block and
 * fetches from its right neighbour the rows its own columns refer to, every third row with a
 * varying number of leading entries, in one MPI_Get through an indexed datatype of NEEDED blocks,
 * under a shared lock completed by the unlock before the values are read: no finding. The
 * datatype is too long to be recorded as text (its record says null), which the analysis must
 * take as a datatype it cannot replay, not as a damaged record. */
#include <mpi.h>
#include <stdio.h>

#define ROWS 192
#define COLS 4
#define NEEDED (ROWS / 3)

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double *block;
  MPI_Win win;
  MPI_Win_allocate(ROWS * COLS * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &block, &win);
  for (int i = 0; i < ROWS * COLS; ++i) block[i] = rank * 1000.0 + i;
  int lengths[NEEDED], displs[NEEDED], total = 0;
  for (int b = 0; b < NEEDED; ++b) {
    lengths[b] = 1 + b % COLS;
    displs[b] = 3 * b * COLS;
    total += lengths[b];
  }
  MPI_Datatype rows;
  MPI_Type_indexed(NEEDED, lengths, displs, MPI_DOUBLE, &rows);
  MPI_Type_commit(&rows);
  MPI_Barrier(MPI_COMM_WORLD);
  static double ghost[ROWS * COLS];
  const int right = (rank + 1) % size;
  MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
  MPI_Get(ghost, total, MPI_DOUBLE, right, 0, 1, rows, win);
  MPI_Win_unlock(right, win);
  int wrong = 0, at = 0;
  for (int b = 0; b < NEEDED; ++b)
    for (int k = 0; k < lengths[b]; ++k) wrong += ghost[at++] != right * 1000.0 + displs[b] + k;
  MPI_Barrier(MPI_COMM_WORLD);
  int wrong_total = 0;
  MPI_Reduce(&wrong, &wrong_total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("sparse rows: %d ghost values, %d wrong\n", total, wrong_total);
  MPI_Type_free(&rows);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
