/* rma_histogram.c with a known error: the last rank's samples come from a path that keeps its
 * counts as unsigned and accumulates them as MPI_UNSIGNED, while the others use MPI_INT. The
 * accumulates meet on the same bins in one epoch through different predefined types, which MPI
 * does not make atomic (MPI-4.1 §13.7.1: mismatched_accumulates). */
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
  unsigned counts[BINS] = {0};
  for (int s = 0; s < SAMPLES; ++s) ++counts[(s * 7 + rank * 3) % BINS];
  MPI_Win_lock_all(0, win);
  const MPI_Datatype type = rank == size - 1 ? MPI_UNSIGNED : MPI_INT; /* the error */
  MPI_Accumulate(counts, BINS, type, 0, 0, BINS, type, MPI_SUM, win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("histogram: %d %d %d %d\n", bins[0], bins[1], bins[2], bins[3]);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
