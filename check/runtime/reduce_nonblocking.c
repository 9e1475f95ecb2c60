/* SPDX-License-Identifier: BSD-3-Clause */
/* The nonblocking reduction collectives (MPI-4.1 §7.12): counted and checked locally. Their
 * in-depth checks would need a blocking gather inside a call that must not block. */
#include <mpi.h>

#include "record.h"
#include "reduction.h"

int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                MPI_Comm comm, MPI_Request *request) {
  if (!rc_active()) return PMPI_Ireduce(sendbuf, recvbuf, count, datatype, op, root, comm, request);
  const struct rc_reduction r = rc_reduction_of(RC_REDUCE, "MPI_Ireduce", RC_NONBLOCKING, __builtin_return_address(0),
                                                sendbuf, recvbuf, count, datatype, op, root, comm);
  RC_CHECKED_STARTED(r, request, PMPI_Ireduce(sendbuf, recvbuf, count, datatype, op, root, comm, request));
}

int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                   MPI_Request *request) {
  if (!rc_active()) return PMPI_Iallreduce(sendbuf, recvbuf, count, datatype, op, comm, request);
  const struct rc_reduction r =
      rc_reduction_of(RC_ALLREDUCE, "MPI_Iallreduce", RC_NONBLOCKING, __builtin_return_address(0), sendbuf, recvbuf,
                      count, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request, PMPI_Iallreduce(sendbuf, recvbuf, count, datatype, op, comm, request));
}

int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                        MPI_Comm comm, MPI_Request *request) {
  if (!rc_active()) return PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, request);
  struct rc_reduction r = rc_reduction_of(RC_REDUCE_SCATTER, "MPI_Ireduce_scatter", RC_NONBLOCKING,
                                          __builtin_return_address(0), sendbuf, recvbuf, 0, datatype, op, -1, comm);
  r.recvcounts = recvcounts;
  RC_CHECKED_STARTED(r, request, PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, request));
}

int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm, MPI_Request *request) {
  if (!rc_active()) return PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, request);
  const struct rc_reduction r =
      rc_reduction_of(RC_REDUCE_SCATTER_BLOCK, "MPI_Ireduce_scatter_block", RC_NONBLOCKING, __builtin_return_address(0),
                      sendbuf, recvbuf, recvcount, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request, PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, request));
}

int MPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
              MPI_Request *request) {
  if (!rc_active()) return PMPI_Iscan(sendbuf, recvbuf, count, datatype, op, comm, request);
  const struct rc_reduction r = rc_reduction_of(RC_SCAN, "MPI_Iscan", RC_NONBLOCKING, __builtin_return_address(0),
                                                sendbuf, recvbuf, count, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request, PMPI_Iscan(sendbuf, recvbuf, count, datatype, op, comm, request));
}

int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                MPI_Request *request) {
  if (!rc_active()) return PMPI_Iexscan(sendbuf, recvbuf, count, datatype, op, comm, request);
  const struct rc_reduction r = rc_reduction_of(RC_EXSCAN, "MPI_Iexscan", RC_NONBLOCKING, __builtin_return_address(0),
                                                sendbuf, recvbuf, count, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request, PMPI_Iexscan(sendbuf, recvbuf, count, datatype, op, comm, request));
}
