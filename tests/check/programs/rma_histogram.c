/* A distributed histogram (MPI-4.1 §13.3.4): every rank bins its samples locally and adds its
 * counts into rank 0's bins with MPI_Accumulate(MPI_SUM, MPI_INT) inside one lock_all epoch.
 * Concurrent accumulates of one predefined type and one op on a location are atomic per
 * element (§13.7.1), so this is correct. The barrier before unlock_all keeps every rank's
 * accumulates in flight together, as in a program that synchronises between phases. The
 * correct twin of rma_histogram_mixed.c. */
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
  MPI_Win_lock_all(0, win);
  MPI_Accumulate(counts, BINS, MPI_INT, 0, 0, BINS, MPI_INT, MPI_SUM, win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("histogram: %d %d %d %d\n", bins[0], bins[1], bins[2], bins[3]);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
