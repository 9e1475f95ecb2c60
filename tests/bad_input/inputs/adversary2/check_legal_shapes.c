/* SPDX-License-Identifier: BSD-3-Clause */
/* Legal shapes for redsem check (second adversarial pass): MPI_IN_PLACE, count 0, MPI_BOTTOM with
 * an absolute-address datatype, an accumulate and an MPI_NO_OP get_accumulate in one fence epoch,
 * a reduce over an intercommunicator. Run on 4 ranks. */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size; MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
  int v[4] = {rank, rank, rank, rank}, r[4];
  MPI_Allreduce(MPI_IN_PLACE, v, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(v, r, 0, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Reduce(rank == 0 ? MPI_IN_PLACE : v, v, 4, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
  /* MPI_BOTTOM with an absolute-address struct type */
  MPI_Aint a; MPI_Get_address(v, &a); int bl = 4; MPI_Datatype t;
  MPI_Type_create_hindexed(1, &bl, &a, MPI_INT, &t); MPI_Type_commit(&t);
  int out[4];
  MPI_Allreduce(MPI_IN_PLACE, v, 4, MPI_INT, MPI_BOR, MPI_COMM_WORLD);
  MPI_Bcast(MPI_BOTTOM, 1, t, 0, MPI_COMM_WORLD);
  MPI_Type_free(&t);
  /* RMA: MPI_NO_OP get_accumulate and accumulates with one op */
  int *base; MPI_Win w; MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &w);
  *base = 0; MPI_Win_fence(0, w);
  int one = 1, got;
  MPI_Accumulate(&one, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, w);
  MPI_Get_accumulate(&one, 1, MPI_INT, &got, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_NO_OP, w);
  MPI_Win_fence(0, w);
  MPI_Win_free(&w);
  /* intercommunicator reduce */
  MPI_Comm half, inter; int color = rank % 2;
  MPI_Comm_split(MPI_COMM_WORLD, color, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, color ? 0 : 1, 7, &inter);
  int x = rank, y = 0, lr; MPI_Comm_rank(half, &lr);
  if (color == 0) MPI_Reduce(&x, &y, 1, MPI_INT, MPI_SUM, lr == 0 ? MPI_ROOT : MPI_PROC_NULL, inter);
  else MPI_Reduce(&x, &y, 1, MPI_INT, MPI_SUM, 0, inter);
  MPI_Comm_free(&inter); MPI_Comm_free(&half);
  (void)out;
  MPI_Finalize();
  return 0;
}
