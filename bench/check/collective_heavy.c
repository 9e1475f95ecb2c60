/* SPDX-License-Identifier: BSD-3-Clause */
/* The collective-heavy program of scripts/bench_check.py: CALLS reductions on MPI_COMM_WORLD, in
 * a fixed cycle of ten: six MPI_Allreduce of 4 doubles (MPI_SUM), two MPI_Reduce of 8 ints
 * (MPI_MAX, the root going round), one MPI_Allreduce of 2048 doubles (MPI_SUM, 16 KiB) and one
 * MPI_Allreduce of 4 doubles with a user op (commutative elementwise sum). Each call's input
 * depends on the last result. Prints the slowest rank's seconds of the loop (MPI_Wtime).
 *   usage: collective_heavy [CALLS (100000)] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define SMALL 4
#define INTS 8
#define MEDIUM 2048

static void user_sum(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  const double *a = in;
  double *b = inout;
  for (int i = 0; i < *len; ++i) b[i] += a[i];
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  const long calls = argc > 1 ? atol(argv[1]) : 100000;
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Op op;
  MPI_Op_create(user_sum, 1, &op);
  static double small_in[SMALL], small_out[SMALL], medium_in[MEDIUM], medium_out[MEDIUM];
  static int ints_in[INTS], ints_out[INTS];
  for (int i = 0; i < SMALL; ++i) small_in[i] = rank + i * 0.25;
  for (int i = 0; i < MEDIUM; ++i) medium_in[i] = rank + i * 0.5;
  for (int i = 0; i < INTS; ++i) ints_in[i] = rank * INTS + i;
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  for (long c = 0; c < calls; ++c) {
    const int kind = (int)(c % 10);
    if (kind < 6) {
      MPI_Allreduce(small_in, small_out, SMALL, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      small_in[c % SMALL] = small_out[(c + 1) % SMALL] * 1e-9;
    } else if (kind < 8) {
      MPI_Reduce(ints_in, ints_out, INTS, MPI_INT, MPI_MAX, (int)(c % size), MPI_COMM_WORLD);
      ints_in[c % INTS] ^= 1;
    } else if (kind == 8) {
      MPI_Allreduce(medium_in, medium_out, MEDIUM, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      medium_in[c % MEDIUM] = medium_out[(c + 1) % MEDIUM] * 1e-9;
    } else {
      MPI_Allreduce(small_in, small_out, SMALL, MPI_DOUBLE, op, MPI_COMM_WORLD);
      small_in[c % SMALL] = small_out[(c + 1) % SMALL] * 1e-9;
    }
  }
  double seconds = MPI_Wtime() - start, slowest = 0.0;
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("%.6f\n", slowest);
  MPI_Op_free(&op);
  MPI_Finalize();
  return 0;
}
