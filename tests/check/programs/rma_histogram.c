/* SPDX-License-Identifier: BSD-3-Clause */
/* A distributed histogram (MPI-4.1 §13.3.4): every rank bins its samples locally and adds its
 * counts into rank 0's bins with MPI_Accumulate(MPI_SUM, MPI_INT) inside one lock_all epoch.
 * Concurrent accumulates of one predefined type and one op on a location are atomic per element
 * (§13.7.1): no finding. The barrier before unlock_all keeps every rank's accumulate in flight
 * together, as in a program that synchronises between phases.
 *
 * Built with -DRMA_KNOWN_ERROR (check_rma_histogram_mixed), the last rank's counts come from a
 * path that accumulates them as MPI_UNSIGNED: accumulates of different predefined types meet on
 * the same bins in one epoch, which MPI does not make atomic (§13.7.1: mismatched_accumulates). */
#include <mpi.h>
#include <stdio.h>

#define BINS 4
#define SAMPLES 32

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *bins;
  MPI_Win win;
  MPI_Win_allocate(BINS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &bins, &win);
  for (int b = 0; b < BINS; ++b) bins[b] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  int counts[BINS] = {0};
  for (int s = 0; s < SAMPLES; ++s) ++counts[(s * 7 + rank * 3) % BINS];
#ifndef RMA_KNOWN_ERROR
  const MPI_Datatype type = MPI_INT;
#else
  const MPI_Datatype type = rank == size - 1 ? MPI_UNSIGNED : MPI_INT; /* the error */
#endif
  MPI_Win_lock_all(0, win);
  MPI_Accumulate(counts, BINS, type, 0, 0, BINS, type, MPI_SUM, win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("histogram: %d %d %d %d\n", bins[0], bins[1], bins[2], bins[3]);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
