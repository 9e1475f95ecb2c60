/* SPDX-License-Identifier: BSD-3-Clause */
/* The persistent reduction collectives (MPI-4.1 §7.13): MPI-4's own, or on Open MPI 4.1 its
 * pcollreq extension with MPIX_ names (it predates MPI-4); counted and checked locally at
 * initialisation, like the nonblocking forms, and followed as process synchronisation
 * (process_sync.h: each start a collective). */
#include <mpi.h>

#include "persistent_names.h"
#include "record.h"
#include "reduction.h"

#ifdef RC_PERSISTENT

int RC_PERSISTENT(Reduce)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                          MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return RC_PMPI_PERSISTENT(Reduce)(sendbuf, recvbuf, count, datatype, op, root, comm, info, request);
  const struct rc_reduction r =
      rc_reduction_of(RC_REDUCE, RC_PERSISTENT_NAME(Reduce), RC_PERSISTENT_FORM, __builtin_return_address(0), sendbuf,
                      recvbuf, count, datatype, op, root, comm);
  RC_CHECKED_STARTED(r, request,
                     RC_PMPI_PERSISTENT(Reduce)(sendbuf, recvbuf, count, datatype, op, root, comm, info, request));
}

int RC_PERSISTENT(Allreduce)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return RC_PMPI_PERSISTENT(Allreduce)(sendbuf, recvbuf, count, datatype, op, comm, info, request);
  const struct rc_reduction r =
      rc_reduction_of(RC_ALLREDUCE, RC_PERSISTENT_NAME(Allreduce), RC_PERSISTENT_FORM, __builtin_return_address(0),
                      sendbuf, recvbuf, count, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request,
                     RC_PMPI_PERSISTENT(Allreduce)(sendbuf, recvbuf, count, datatype, op, comm, info, request));
}

int RC_PERSISTENT(Reduce_scatter)(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                  MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active())
    return RC_PMPI_PERSISTENT(Reduce_scatter)(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request);
  struct rc_reduction r = rc_reduction_of(RC_REDUCE_SCATTER, RC_PERSISTENT_NAME(Reduce_scatter), RC_PERSISTENT_FORM,
                                          __builtin_return_address(0), sendbuf, recvbuf, 0, datatype, op, -1, comm);
  r.recvcounts = recvcounts;
  RC_CHECKED_STARTED(
      r, request, RC_PMPI_PERSISTENT(Reduce_scatter)(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request));
}

int RC_PERSISTENT(Reduce_scatter_block)(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                        MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active())
    return RC_PMPI_PERSISTENT(Reduce_scatter_block)(sendbuf, recvbuf, recvcount, datatype, op, comm, info, request);
  const struct rc_reduction r =
      rc_reduction_of(RC_REDUCE_SCATTER_BLOCK, RC_PERSISTENT_NAME(Reduce_scatter_block), RC_PERSISTENT_FORM,
                      __builtin_return_address(0), sendbuf, recvbuf, recvcount, datatype, op, -1, comm);
  RC_CHECKED_STARTED(
      r, request,
      RC_PMPI_PERSISTENT(Reduce_scatter_block)(sendbuf, recvbuf, recvcount, datatype, op, comm, info, request));
}

int RC_PERSISTENT(Scan)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                        MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return RC_PMPI_PERSISTENT(Scan)(sendbuf, recvbuf, count, datatype, op, comm, info, request);
  const struct rc_reduction r =
      rc_reduction_of(RC_SCAN, RC_PERSISTENT_NAME(Scan), RC_PERSISTENT_FORM, __builtin_return_address(0), sendbuf,
                      recvbuf, count, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request, RC_PMPI_PERSISTENT(Scan)(sendbuf, recvbuf, count, datatype, op, comm, info, request));
}

int RC_PERSISTENT(Exscan)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                          MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return RC_PMPI_PERSISTENT(Exscan)(sendbuf, recvbuf, count, datatype, op, comm, info, request);
  const struct rc_reduction r =
      rc_reduction_of(RC_EXSCAN, RC_PERSISTENT_NAME(Exscan), RC_PERSISTENT_FORM, __builtin_return_address(0), sendbuf,
                      recvbuf, count, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request,
                     RC_PMPI_PERSISTENT(Exscan)(sendbuf, recvbuf, count, datatype, op, comm, info, request));
}

#endif
