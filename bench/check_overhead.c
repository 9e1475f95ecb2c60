/* SPDX-License-Identifier: BSD-3-Clause */
/* The overhead program of `redsem check` (bench/check_overhead.py): CALLS MPI_Allreduce calls of
 * 1024 doubles with MPI_SUM, timed on every rank; prints the slowest rank's seconds. Run it
 * plain and with the check library preloaded. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define COUNT 1024

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  const long calls = argc > 1 ? atol(argv[1]) : 100000;
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  static double in[COUNT], out[COUNT];
  for (int i = 0; i < COUNT; ++i) in[i] = rank + i * 0.5;
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  for (long c = 0; c < calls; ++c) {
    MPI_Allreduce(in, out, COUNT, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    in[c % COUNT] = out[(c + 1) % COUNT] * 1e-9; /* each call depends on the last */
  }
  double seconds = MPI_Wtime() - start, slowest = 0.0;
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("%.6f\n", slowest);
  MPI_Finalize();
  return 0;
}
