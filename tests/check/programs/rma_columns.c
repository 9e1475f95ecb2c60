/* SPDX-License-Identifier: BSD-3-Clause */
/* Column updates with request-based RMA (MPI-4.1 §13.3.5): rank 0 holds a ROWS × P matrix after
 * PARAMS read-only parameters; every rank fetches the parameters with MPI_Rget and adds its
 * column with MPI_Raccumulate through a strided datatype (vector(ROWS,1,P,MPI_DOUBLE)), then
 * completes both with MPI_Waitall before refilling its column buffer for the next round: no
 * finding (the columns are disjoint, the parameters only read).
 *
 * Built with -DRMA_KNOWN_ERROR (check_rma_columns_early), the column buffer is refilled before
 * MPI_Waitall completes the MPI_Raccumulate that reads it (§13.3:
 * origin_buffer_updated_before_completion). */
#include <mpi.h>
#include <stdio.h>

#define ROWS 4
#define PARAMS 2
#define ROUNDS 2

static void fill_column(double *column, int rank, int round) {
  for (int i = 0; i < ROWS; ++i) column[i] = rank + 0.25 * i + round;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const MPI_Aint bytes = rank == 0 ? (MPI_Aint)((PARAMS + ROWS * size) * sizeof(double)) : 0;
  double *memory;
  MPI_Win win;
  MPI_Win_allocate(bytes, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &memory, &win);
  if (rank == 0)
    for (int i = 0; i < PARAMS + ROWS * size; ++i) memory[i] = i < PARAMS ? 1.0 + i : 0.0;
  MPI_Datatype column_type;
  MPI_Type_vector(ROWS, 1, size, MPI_DOUBLE, &column_type);
  MPI_Type_commit(&column_type);
  MPI_Barrier(MPI_COMM_WORLD);
  double column[ROWS], params[PARAMS];
  fill_column(column, rank, 0);
  MPI_Win_lock_all(0, win);
  for (int round = 0; round < ROUNDS; ++round) {
    MPI_Request requests[2];
    MPI_Status statuses[2];
    MPI_Rget(params, PARAMS, MPI_DOUBLE, 0, 0, PARAMS, MPI_DOUBLE, win, &requests[0]);
    MPI_Raccumulate(column, ROWS, MPI_DOUBLE, 0, PARAMS + rank, 1, column_type, MPI_SUM, win, &requests[1]);
#ifdef RMA_KNOWN_ERROR
    fill_column(column, rank, round + 1); /* the error: the accumulate may not have read it yet */
#endif
    MPI_Waitall(2, requests, statuses);
#ifndef RMA_KNOWN_ERROR
    fill_column(column, rank, round + 1);
#endif
    for (int i = 0; i < ROWS; ++i) column[i] *= params[0];
  }
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("columns: first row %g %g\n", memory[PARAMS], memory[PARAMS + 1]);
  MPI_Type_free(&column_type);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
