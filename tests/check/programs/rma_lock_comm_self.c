/* SPDX-License-Identifier: BSD-3-Clause */
/* A rank's messages to itself on MPI_COMM_SELF and on its duplicates (MPI_Comm_dup,
 * MPI_Comm_idup), as MPICH's test/mpi/util/mtest.c hands MPI_COMM_SELF to its tests, while a
 * window exists: communicators of the same members that must be told apart by how they were
 * made (docs/design.md), MPI_COMM_SELF being predefined like MPI_COMM_WORLD. A correct program:
 * no finding, and the ranks' order known from their synchronisation. */
#include <mpi.h>
#include <stdio.h>

static void to_myself(MPI_Comm comm) {
  int out = 1, in = 0;
  MPI_Sendrecv(&out, 1, MPI_INT, 0, 3, &in, 1, MPI_INT, 0, 3, comm, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int *base;
  MPI_Win win;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  MPI_Comm dup, idup;
  MPI_Request request;
  MPI_Comm_dup(MPI_COMM_SELF, &dup);
  MPI_Comm_idup(MPI_COMM_SELF, &idup, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  to_myself(MPI_COMM_SELF);
  to_myself(dup);
  to_myself(idup);
  MPI_Comm_free(&idup);
  MPI_Comm_free(&dup);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
