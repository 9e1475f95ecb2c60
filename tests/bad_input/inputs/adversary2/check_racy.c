/* SPDX-License-Identifier: BSD-3-Clause */
/* Erroneous and racy for redsem check (second adversarial pass): a put and accumulates of
 * mixed ops on one location in one fence epoch, and an aliased MPI_Allreduce. Run on 4 ranks. */
#include <mpi.h>
int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank; MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *base; MPI_Win w; MPI_Win_allocate(2*sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &w);
  base[0] = base[1] = 0; MPI_Win_fence(0, w);
  int one = rank;
  if (rank) MPI_Put(&one, 1, MPI_INT, 0, 0, 1, MPI_INT, w);
  MPI_Accumulate(&one, 1, MPI_INT, 0, 0, 1, MPI_INT, rank % 2 ? MPI_SUM : MPI_MAX, w);
  MPI_Win_fence(0, w);
  MPI_Win_free(&w);
  int v = rank, r;
  MPI_Allreduce(&v, &v, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);  /* aliased, erroneous */
  (void)r;
  MPI_Finalize();
  return 0;
}
