/* SPDX-License-Identifier: BSD-3-Clause */
/* Requests that outlive their communicator's MPI_Comm_free, which MPI allows: "any pending
 * operations that use this communicator will complete normally" (MPI-4.1 §7.4.3), as MPICH's
 * test/mpi/comm/cmfree.c does it. Rank 3 posts a receive and a nonblocking barrier on a duplicate
 * of MPI_COMM_WORLD and frees it; rank 0 sends after the ranks meet on MPI_COMM_WORLD; rank 3 then
 * waits for both. With a window, so that the ranks' synchronisation is recorded. A correct
 * program: it must finish unharmed, with no finding. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, *base;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win win;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  int value = rank, got = -1;
  MPI_Request requests[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  if (rank == size - 1) MPI_Irecv(&got, 1, MPI_INT, 0, 0, dup, &requests[0]);
  MPI_Ibarrier(dup, &requests[1]);
  if (rank == size - 1) MPI_Comm_free(&dup);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) MPI_Send(&value, 1, MPI_INT, size - 1, 0, dup);
  for (int i = 0; i < 2; ++i) MPI_Wait(&requests[i], MPI_STATUS_IGNORE);
  if (rank == size - 1) printf("got %d\n", got);
  if (dup != MPI_COMM_NULL) MPI_Comm_free(&dup);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
