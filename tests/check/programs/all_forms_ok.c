/* SPDX-License-Identifier: BSD-3-Clause */
/* Every call the check runtime intercepts for ops and reduction collectives, used correctly, ten
 * times over (so both sampled and unsampled calls run): blocking, nonblocking and persistent
 * forms, MPI_IN_PLACE where each call takes it, a user op and MPI_Reduce_local. The values are
 * small integers in doubles, so every order of every sum is exact. No finding. */
#include <mpi.h>
#include <stdio.h>

#if MPI_VERSION >= 4
#define PERSISTENT(name) MPI_##name##_init
#elif defined(OPEN_MPI)
#include <mpi-ext.h>
#if defined(OMPI_HAVE_MPI_EXT_PCOLLREQ) && OMPI_HAVE_MPI_EXT_PCOLLREQ
#define PERSISTENT(name) MPIX_##name##_init
#endif
#endif

#define N 8
#define MAX_PROCS 16

/* Elementwise maximum of ints: commutative and associative. */
static void int_max(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  const int *a = in;
  int *b = inout;
  for (int i = 0; i < *len; ++i)
    if (a[i] > b[i]) b[i] = a[i];
}

static void blocking(int rank, int size, MPI_Op max_op) {
  double in[N * MAX_PROCS], out[N * MAX_PROCS];
  int counts[MAX_PROCS];
  for (int i = 0; i < N * size; ++i) in[i] = rank + i;
  for (int i = 0; i < size; ++i) counts[i] = N;
  MPI_Reduce(in, out, N, MPI_DOUBLE, MPI_SUM, size - 1, MPI_COMM_WORLD);
  if (rank == 0)
    MPI_Reduce(MPI_IN_PLACE, in, N, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  else
    MPI_Reduce(in, NULL, N, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, in, N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Reduce_scatter_block(in, out, N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Reduce_scatter(in, out, counts, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
  for (int i = 0; i < size; ++i) counts[i] = i == 0 ? N : 1; /* rank 0's block is the longest */
  MPI_Reduce_scatter(in, out, counts, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Scan(in, out, N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Exscan(MPI_IN_PLACE, in, N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  int a[N], b[N];
  for (int i = 0; i < N; ++i) a[i] = rank * i, b[i] = i - rank;
  MPI_Allreduce(a, b, N, MPI_INT, max_op, MPI_COMM_WORLD);
  MPI_Reduce_local(a, b, N, MPI_INT, max_op);
}

static void nonblocking(int rank, int size) {
  double in[N * MAX_PROCS], out[N * MAX_PROCS];
  int counts[MAX_PROCS];
  for (int i = 0; i < N * size; ++i) in[i] = rank - i;
  for (int i = 0; i < size; ++i) counts[i] = N;
  MPI_Request r[6];
  MPI_Ireduce(in, out, N, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Wait(&r[0], MPI_STATUS_IGNORE);
  MPI_Iallreduce(in, out, N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &r[1]);
  MPI_Wait(&r[1], MPI_STATUS_IGNORE);
  MPI_Ireduce_scatter_block(in, out, N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &r[2]);
  MPI_Wait(&r[2], MPI_STATUS_IGNORE);
  MPI_Ireduce_scatter(in, out, counts, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &r[3]);
  MPI_Wait(&r[3], MPI_STATUS_IGNORE);
  MPI_Iscan(in, out, N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &r[4]);
  MPI_Wait(&r[4], MPI_STATUS_IGNORE);
  MPI_Iexscan(in, out, N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &r[5]);
  MPI_Wait(&r[5], MPI_STATUS_IGNORE);
}

static void persistent(int rank) {
#ifdef PERSISTENT
  double in[N], out[N];
  for (int i = 0; i < N; ++i) in[i] = rank * 2 + i;
  MPI_Request r;
  PERSISTENT(Allreduce)(in, out, N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
  MPI_Start(&r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Request_free(&r);
  PERSISTENT(Reduce)(in, out, N, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
  MPI_Start(&r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Request_free(&r);
#else
  (void)rank;
#endif
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > MAX_PROCS) MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Op max_op;
  MPI_Op_create(int_max, 1, &max_op);
  for (int round = 0; round < 10; ++round) {
    blocking(rank, size, max_op);
    nonblocking(rank, size);
    persistent(rank);
  }
  MPI_Op_free(&max_op);
  if (rank == 0) printf("all forms done\n");
  MPI_Finalize();
  return 0;
}
