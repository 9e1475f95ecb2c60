/* SPDX-License-Identifier: BSD-3-Clause */
/* The program of scripts/bench_check_scale.py: CALLS reductions on MPI_COMM_WORLD, alternating an
 * MPI_Allreduce of 4 doubles (MPI_SUM) and an MPI_Reduce of 8 ints (MPI_MAX, the root going
 * round), each input depending on the last result; and, on every rank, one erroneous
 * MPI_Reduce_local (MPI_BAND on MPI_DOUBLE, MPI-4.1 §7.9.2) before them, the same finding on
 * every rank, which the report must merge into one. Prints the slowest rank's seconds of the loop.
 *   usage: reduction_scale [CALLS (10000)] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  const long calls = argc > 1 ? atol(argv[1]) : 10000;
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  double in = 1, inout = 2;
  MPI_Reduce_local(&in, &inout, 1, MPI_DOUBLE, MPI_BAND);
  double d[4] = {rank, 1, 2, 3}, dsum[4];
  int v[8], vmax[8];
  for (int i = 0; i < 8; ++i) v[i] = rank * 8 + i;
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  for (long c = 0; c < calls; ++c) {
    if (c % 2 == 0) {
      MPI_Allreduce(d, dsum, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      d[0] = dsum[0] / size;
    } else {
      MPI_Reduce(v, vmax, 8, MPI_INT, MPI_MAX, (int)(c / 2 % size), MPI_COMM_WORLD);
      v[0] = (v[0] + 1) % 1000;
    }
  }
  double seconds = MPI_Wtime() - start, slowest = 0;
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("%.6f\n", slowest);
  MPI_Finalize();
  return 0;
}
