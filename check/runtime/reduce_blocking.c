/* SPDX-License-Identifier: BSD-3-Clause */
/* The blocking reduction collectives (MPI-4.1 §7.9–§7.11) and MPI_Reduce_local (§7.9.7): each
 * counted, checked locally, and in depth when sampled (reduction.h). */
#include <mpi.h>

#include "record.h"
#include "reduction.h"

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
               MPI_Comm comm) {
  if (!rc_active()) return PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
  const struct rc_reduction r = rc_reduction_of(RC_REDUCE, "MPI_Reduce", RC_BLOCKING, __builtin_return_address(0),
                                                sendbuf, recvbuf, count, datatype, op, root, comm);
  RC_CHECKED(r, PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm));
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  if (!rc_active()) return PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
  const struct rc_reduction r = rc_reduction_of(RC_ALLREDUCE, "MPI_Allreduce", RC_BLOCKING, __builtin_return_address(0),
                                                sendbuf, recvbuf, count, datatype, op, -1, comm);
  RC_CHECKED(r, PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm));
}

int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                       MPI_Comm comm) {
  if (!rc_active()) return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm);
  struct rc_reduction r = rc_reduction_of(RC_REDUCE_SCATTER, "MPI_Reduce_scatter", RC_BLOCKING,
                                          __builtin_return_address(0), sendbuf, recvbuf, 0, datatype, op, -1, comm);
  r.recvcounts = recvcounts;
  RC_CHECKED(r, PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm));
}

int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm) {
  if (!rc_active()) return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm);
  const struct rc_reduction r =
      rc_reduction_of(RC_REDUCE_SCATTER_BLOCK, "MPI_Reduce_scatter_block", RC_BLOCKING, __builtin_return_address(0),
                      sendbuf, recvbuf, recvcount, datatype, op, -1, comm);
  RC_CHECKED(r, PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm));
}

int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  if (!rc_active()) return PMPI_Scan(sendbuf, recvbuf, count, datatype, op, comm);
  const struct rc_reduction r = rc_reduction_of(RC_SCAN, "MPI_Scan", RC_BLOCKING, __builtin_return_address(0), sendbuf,
                                                recvbuf, count, datatype, op, -1, comm);
  RC_CHECKED(r, PMPI_Scan(sendbuf, recvbuf, count, datatype, op, comm));
}

int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  if (!rc_active()) return PMPI_Exscan(sendbuf, recvbuf, count, datatype, op, comm);
  const struct rc_reduction r = rc_reduction_of(RC_EXSCAN, "MPI_Exscan", RC_BLOCKING, __builtin_return_address(0),
                                                sendbuf, recvbuf, count, datatype, op, -1, comm);
  RC_CHECKED(r, PMPI_Exscan(sendbuf, recvbuf, count, datatype, op, comm));
}

int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype, MPI_Op op) {
  if (!rc_active()) return PMPI_Reduce_local(inbuf, inoutbuf, count, datatype, op);
  const struct rc_reduction r =
      rc_reduction_of(RC_REDUCE_LOCAL, "MPI_Reduce_local", RC_BLOCKING, __builtin_return_address(0), inbuf, inoutbuf,
                      count, datatype, op, -1, MPI_COMM_NULL);
  RC_CHECKED(r, PMPI_Reduce_local(inbuf, inoutbuf, count, datatype, op));
}
