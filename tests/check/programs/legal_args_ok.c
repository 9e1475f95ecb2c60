/* SPDX-License-Identifier: BSD-3-Clause */
/* Correct: the argument shapes MPI allows that a checker must forward untouched and never query
 * in a way MPI forbids. MPI_NO_OP with NULL, 0 and MPI_DATATYPE_NULL as the origin of
 * MPI_Get_accumulate and a NULL origin of MPI_Fetch_and_op (MPI-4.1 §13.3.4: with MPI_NO_OP
 * the origin arguments are ignored); count 0 with NULL buffers; a NULL recvbuf at a non-root;
 * MPI_IN_PLACE; MPI_BOTTOM with absolute addresses (§5.1.12); an intercommunicator reduction
 * (§7.9.1); derived datatypes with a user op; and, under an MPI-4 library, the large-count
 * `_c` forms (MPI-4.1 §2.5.8). Expected: exit 0, no finding. */
#include <mpi.h>
#include <stdio.h>

/* Sums the doubles of any contiguous-of-doubles element: len elements of 2 doubles here. */
static void pair_sum(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  const double *a = in;
  double *b = inout;
  for (int i = 0; i < 2 * *len; ++i) b[i] += a[i];
}

/* Sums elements of one double each, found at the datatype's true lower bound: an MPI_BOTTOM struct
 * of one double, whose displacement is an address (MPI_SUM takes no derived datatype). */
static void one_sum(void *in, void *inout, int *len, MPI_Datatype *type) {
  MPI_Aint lb, extent;
  MPI_Type_get_true_extent(*type, &lb, &extent);
  const double *a = (const double *)((const char *)in + lb);
  double *b = (double *)((char *)inout + lb);
  for (int i = 0; i < *len; ++i) b[i] += a[i];
}

static int rma_no_op(int rank, int size) {
  /* MPI_Win_create on memory from MPI_Alloc_mem: MPICH 4.0.2 (ch4:ucx) returns wrong values from
   * get-accumulates on one-double windows from MPI_Win_allocate, static storage or the stack,
   * and then corrupts the caller's stack, checked or not. */
  double *base;
  MPI_Alloc_mem(sizeof(double), MPI_INFO_NULL, &base);
  MPI_Win win;
  MPI_Win_create(base, sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  *base = rank;
  MPI_Win_fence(0, win);
  const int target = (rank + 1) % size;
  double fetched = -1, fetched2 = -1; /* one result buffer per pending get */
  MPI_Get_accumulate(NULL, 0, MPI_DATATYPE_NULL, &fetched, 1, MPI_DOUBLE, target, 0, 1, MPI_DOUBLE, MPI_NO_OP, win);
  MPI_Fetch_and_op(NULL, &fetched2, MPI_DOUBLE, target, 0, MPI_NO_OP, win);
#if MPI_VERSION >= 4
  double fetched3 = -1;
  MPI_Get_accumulate_c(NULL, 0, MPI_DATATYPE_NULL, &fetched3, 1, MPI_DOUBLE, target, 0, 1, MPI_DOUBLE, MPI_NO_OP, win);
#endif
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  MPI_Request request;
  MPI_Win_lock(MPI_LOCK_SHARED, target, 0, win);
  MPI_Rget_accumulate(NULL, 0, MPI_DATATYPE_NULL, &fetched2, 1, MPI_DOUBLE, target, 0, 1, MPI_DOUBLE, MPI_NO_OP, win,
                      &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  /* MPI_BOTTOM with an absolute address: the origin is `fetched` itself. */
  MPI_Aint at;
  MPI_Get_address(&fetched, &at);
  MPI_Datatype absolute;
  MPI_Type_create_hindexed(1, (int[]){1}, &at, MPI_DOUBLE, &absolute);
  MPI_Type_commit(&absolute);
  MPI_Accumulate(MPI_BOTTOM, 1, absolute, target, 0, 1, MPI_DOUBLE, MPI_MAX, win);
  MPI_Win_unlock(target, win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
#if MPI_VERSION >= 4
  MPI_Put_c(&fetched, (MPI_Count)1, MPI_DOUBLE, target, 0, (MPI_Count)1, MPI_DOUBLE, win);
#endif
  MPI_Win_fence(0, win);
  MPI_Type_free(&absolute);
  MPI_Win_free(&win);
  MPI_Free_mem(base);
  return fetched != target || fetched2 != target;
}

static int collectives(int rank, int size, MPI_Op pairs, MPI_Op ones) {
  int failed = 0;
  /* count 0, NULL buffers */
  MPI_Allreduce(NULL, NULL, 0, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  /* NULL recvbuf where it is ignored (non-root), MPI_IN_PLACE at the root */
  double v = rank + 1;
  MPI_Reduce(rank == 0 ? MPI_IN_PLACE : &v, rank == 0 ? &v : NULL, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) failed |= v != size * (size + 1) / 2.0;
  /* MPI_IN_PLACE on MPI_BOTTOM with an absolute address */
  double w = 1;
  MPI_Aint at;
  MPI_Get_address(&w, &at);
  MPI_Datatype absolute;
  MPI_Type_create_struct(1, (int[]){1}, &at, (MPI_Datatype[]){MPI_DOUBLE}, &absolute);
  MPI_Type_commit(&absolute);
  MPI_Allreduce(MPI_IN_PLACE, MPI_BOTTOM, 1, absolute, ones, MPI_COMM_WORLD);
  failed |= w != size;
  MPI_Type_free(&absolute);
  /* a derived datatype with a user op */
  MPI_Datatype pair;
  MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
  MPI_Type_commit(&pair);
  double mine[2] = {1, rank}, sum[2];
  MPI_Allreduce(mine, sum, 1, pair, pairs, MPI_COMM_WORLD);
  failed |= sum[0] != size;
  MPI_Type_free(&pair);
#if MPI_VERSION >= 4
  double big = 1, big_sum = 0;
  MPI_Allreduce_c(&big, &big_sum, (MPI_Count)1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  failed |= big_sum != size;
  MPI_Request persistent;
  MPI_Allreduce_init_c(MPI_IN_PLACE, &big, (MPI_Count)1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL,
                       &persistent);
  MPI_Start(&persistent);
  MPI_Wait(&persistent, MPI_STATUS_IGNORE);
  MPI_Request_free(&persistent);
  failed |= big != size;
  MPI_Reduce_local_c(NULL, NULL, (MPI_Count)0, MPI_DOUBLE, MPI_SUM);
#endif
  return failed;
}

static int intercommunicator(int rank) {
  MPI_Comm half, inter;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - rank % 2, 7, &inter);
  double mine = rank, theirs = -1;
  MPI_Allreduce(&mine, &theirs, 1, MPI_DOUBLE, MPI_MAX, inter);
  /* the even group roots a reduction of the odd group's values at world rank 0 */
  int half_rank;
  MPI_Comm_rank(half, &half_rank);
  const int root = rank % 2 == 0 ? (half_rank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
  double odd_sum = -1;
  /* sendbuf is ignored in the root group, but MPICH 4.0 refuses NULL there */
  MPI_Reduce(&mine, rank % 2 ? NULL : &odd_sum, 1, MPI_DOUBLE, MPI_SUM, root, inter);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
  return theirs != (rank % 2 ? 2 : 3);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Op pairs, ones;
  MPI_Op_create(pair_sum, 1, &pairs);
  MPI_Op_create(one_sum, 1, &ones);
  const int failed = rma_no_op(rank, size) | collectives(rank, size, pairs, ones) << 1 | intercommunicator(rank) << 2;
  if (failed) printf("rank %d: wrong results (%d)\n", rank, failed);
  MPI_Op_free(&ones);
  MPI_Op_free(&pairs);
  MPI_Finalize();
  return failed;
}
