/* SPDX-License-Identifier: BSD-3-Clause */
/* The large-count forms of the reduction collectives (blocking, nonblocking, persistent) and
 * MPI_Reduce_local (MPI-4.1 §2.5.8: the `_c` functions, MPI_Count counts), under a library that
 * offers them (per_mpi/probes): the same checks as their int-count forms (reduction.h). */
#include <mpi.h>

#include "record.h"
#include "redsem_mpi_features.h"
#include "reduction.h"

#if REDSEM_HAVE_LARGE_COUNT_COLLECTIVES

int MPI_Reduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root,
                 MPI_Comm comm) {
  if (!rc_active()) return PMPI_Reduce_c(sendbuf, recvbuf, count, datatype, op, root, comm);
  const struct rc_reduction r = rc_reduction_of(RC_REDUCE, "MPI_Reduce_c", RC_BLOCKING, __builtin_return_address(0),
                                                sendbuf, recvbuf, count, datatype, op, root, comm);
  RC_CHECKED(r, PMPI_Reduce_c(sendbuf, recvbuf, count, datatype, op, root, comm));
}

int MPI_Allreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm) {
  if (!rc_active()) return PMPI_Allreduce_c(sendbuf, recvbuf, count, datatype, op, comm);
  const struct rc_reduction r =
      rc_reduction_of(RC_ALLREDUCE, "MPI_Allreduce_c", RC_BLOCKING, __builtin_return_address(0), sendbuf, recvbuf,
                      count, datatype, op, -1, comm);
  RC_CHECKED(r, PMPI_Allreduce_c(sendbuf, recvbuf, count, datatype, op, comm));
}

int MPI_Reduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm) {
  if (!rc_active()) return PMPI_Reduce_scatter_c(sendbuf, recvbuf, recvcounts, datatype, op, comm);
  struct rc_reduction r = rc_reduction_of(RC_REDUCE_SCATTER, "MPI_Reduce_scatter_c", RC_BLOCKING,
                                          __builtin_return_address(0), sendbuf, recvbuf, 0, datatype, op, -1, comm);
  r.recvcounts_c = recvcounts;
  RC_CHECKED(r, PMPI_Reduce_scatter_c(sendbuf, recvbuf, recvcounts, datatype, op, comm));
}

int MPI_Reduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                               MPI_Op op, MPI_Comm comm) {
  if (!rc_active()) return PMPI_Reduce_scatter_block_c(sendbuf, recvbuf, recvcount, datatype, op, comm);
  const struct rc_reduction r =
      rc_reduction_of(RC_REDUCE_SCATTER_BLOCK, "MPI_Reduce_scatter_block_c", RC_BLOCKING, __builtin_return_address(0),
                      sendbuf, recvbuf, recvcount, datatype, op, -1, comm);
  RC_CHECKED(r, PMPI_Reduce_scatter_block_c(sendbuf, recvbuf, recvcount, datatype, op, comm));
}

int MPI_Scan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  if (!rc_active()) return PMPI_Scan_c(sendbuf, recvbuf, count, datatype, op, comm);
  const struct rc_reduction r = rc_reduction_of(RC_SCAN, "MPI_Scan_c", RC_BLOCKING, __builtin_return_address(0),
                                                sendbuf, recvbuf, count, datatype, op, -1, comm);
  RC_CHECKED(r, PMPI_Scan_c(sendbuf, recvbuf, count, datatype, op, comm));
}

int MPI_Exscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  if (!rc_active()) return PMPI_Exscan_c(sendbuf, recvbuf, count, datatype, op, comm);
  const struct rc_reduction r = rc_reduction_of(RC_EXSCAN, "MPI_Exscan_c", RC_BLOCKING, __builtin_return_address(0),
                                                sendbuf, recvbuf, count, datatype, op, -1, comm);
  RC_CHECKED(r, PMPI_Exscan_c(sendbuf, recvbuf, count, datatype, op, comm));
}

int MPI_Ireduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root,
                  MPI_Comm comm, MPI_Request *request) {
  if (!rc_active()) return PMPI_Ireduce_c(sendbuf, recvbuf, count, datatype, op, root, comm, request);
  const struct rc_reduction r = rc_reduction_of(RC_REDUCE, "MPI_Ireduce_c", RC_NONBLOCKING, __builtin_return_address(0),
                                                sendbuf, recvbuf, count, datatype, op, root, comm);
  RC_CHECKED_STARTED(r, request, PMPI_Ireduce_c(sendbuf, recvbuf, count, datatype, op, root, comm, request));
}

int MPI_Iallreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                     MPI_Comm comm, MPI_Request *request) {
  if (!rc_active()) return PMPI_Iallreduce_c(sendbuf, recvbuf, count, datatype, op, comm, request);
  const struct rc_reduction r =
      rc_reduction_of(RC_ALLREDUCE, "MPI_Iallreduce_c", RC_NONBLOCKING, __builtin_return_address(0), sendbuf, recvbuf,
                      count, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request, PMPI_Iallreduce_c(sendbuf, recvbuf, count, datatype, op, comm, request));
}

int MPI_Ireduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype,
                          MPI_Op op, MPI_Comm comm, MPI_Request *request) {
  if (!rc_active()) return PMPI_Ireduce_scatter_c(sendbuf, recvbuf, recvcounts, datatype, op, comm, request);
  struct rc_reduction r = rc_reduction_of(RC_REDUCE_SCATTER, "MPI_Ireduce_scatter_c", RC_NONBLOCKING,
                                          __builtin_return_address(0), sendbuf, recvbuf, 0, datatype, op, -1, comm);
  r.recvcounts_c = recvcounts;
  RC_CHECKED_STARTED(r, request, PMPI_Ireduce_scatter_c(sendbuf, recvbuf, recvcounts, datatype, op, comm, request));
}

int MPI_Ireduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                                MPI_Op op, MPI_Comm comm, MPI_Request *request) {
  if (!rc_active()) return PMPI_Ireduce_scatter_block_c(sendbuf, recvbuf, recvcount, datatype, op, comm, request);
  const struct rc_reduction r =
      rc_reduction_of(RC_REDUCE_SCATTER_BLOCK, "MPI_Ireduce_scatter_block_c", RC_NONBLOCKING,
                      __builtin_return_address(0), sendbuf, recvbuf, recvcount, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request,
                     PMPI_Ireduce_scatter_block_c(sendbuf, recvbuf, recvcount, datatype, op, comm, request));
}

int MPI_Iscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                MPI_Request *request) {
  if (!rc_active()) return PMPI_Iscan_c(sendbuf, recvbuf, count, datatype, op, comm, request);
  const struct rc_reduction r = rc_reduction_of(RC_SCAN, "MPI_Iscan_c", RC_NONBLOCKING, __builtin_return_address(0),
                                                sendbuf, recvbuf, count, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request, PMPI_Iscan_c(sendbuf, recvbuf, count, datatype, op, comm, request));
}

int MPI_Iexscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                  MPI_Request *request) {
  if (!rc_active()) return PMPI_Iexscan_c(sendbuf, recvbuf, count, datatype, op, comm, request);
  const struct rc_reduction r = rc_reduction_of(RC_EXSCAN, "MPI_Iexscan_c", RC_NONBLOCKING, __builtin_return_address(0),
                                                sendbuf, recvbuf, count, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request, PMPI_Iexscan_c(sendbuf, recvbuf, count, datatype, op, comm, request));
}
#endif

#if REDSEM_HAVE_REDUCE_LOCAL_C
int MPI_Reduce_local_c(const void *inbuf, void *inoutbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op) {
  if (!rc_active()) return PMPI_Reduce_local_c(inbuf, inoutbuf, count, datatype, op);
  const struct rc_reduction r =
      rc_reduction_of(RC_REDUCE_LOCAL, "MPI_Reduce_local_c", RC_BLOCKING, __builtin_return_address(0), inbuf, inoutbuf,
                      count, datatype, op, -1, MPI_COMM_NULL);
  RC_CHECKED(r, PMPI_Reduce_local_c(inbuf, inoutbuf, count, datatype, op));
}
#endif

#if REDSEM_HAVE_LARGE_COUNT_PERSISTENT
int MPI_Reduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root,
                      MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPI_Reduce_init_c(sendbuf, recvbuf, count, datatype, op, root, comm, info, request);
  const struct rc_reduction r =
      rc_reduction_of(RC_REDUCE, "MPI_Reduce_init_c", RC_PERSISTENT_FORM, __builtin_return_address(0), sendbuf, recvbuf,
                      count, datatype, op, root, comm);
  RC_CHECKED_STARTED(r, request, PMPI_Reduce_init_c(sendbuf, recvbuf, count, datatype, op, root, comm, info, request));
}

int MPI_Allreduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                         MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPI_Allreduce_init_c(sendbuf, recvbuf, count, datatype, op, comm, info, request);
  const struct rc_reduction r =
      rc_reduction_of(RC_ALLREDUCE, "MPI_Allreduce_init_c", RC_PERSISTENT_FORM, __builtin_return_address(0), sendbuf,
                      recvbuf, count, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request, PMPI_Allreduce_init_c(sendbuf, recvbuf, count, datatype, op, comm, info, request));
}

int MPI_Reduce_scatter_init_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype,
                              MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPI_Reduce_scatter_init_c(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request);
  struct rc_reduction r = rc_reduction_of(RC_REDUCE_SCATTER, "MPI_Reduce_scatter_init_c", RC_PERSISTENT_FORM,
                                          __builtin_return_address(0), sendbuf, recvbuf, 0, datatype, op, -1, comm);
  r.recvcounts_c = recvcounts;
  RC_CHECKED_STARTED(r, request,
                     PMPI_Reduce_scatter_init_c(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request));
}

int MPI_Reduce_scatter_block_init_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                                    MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active())
    return PMPI_Reduce_scatter_block_init_c(sendbuf, recvbuf, recvcount, datatype, op, comm, info, request);
  const struct rc_reduction r =
      rc_reduction_of(RC_REDUCE_SCATTER_BLOCK, "MPI_Reduce_scatter_block_init_c", RC_PERSISTENT_FORM,
                      __builtin_return_address(0), sendbuf, recvbuf, recvcount, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request,
                     PMPI_Reduce_scatter_block_init_c(sendbuf, recvbuf, recvcount, datatype, op, comm, info, request));
}

int MPI_Scan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPI_Scan_init_c(sendbuf, recvbuf, count, datatype, op, comm, info, request);
  const struct rc_reduction r =
      rc_reduction_of(RC_SCAN, "MPI_Scan_init_c", RC_PERSISTENT_FORM, __builtin_return_address(0), sendbuf, recvbuf,
                      count, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request, PMPI_Scan_init_c(sendbuf, recvbuf, count, datatype, op, comm, info, request));
}

int MPI_Exscan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                      MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPI_Exscan_init_c(sendbuf, recvbuf, count, datatype, op, comm, info, request);
  const struct rc_reduction r =
      rc_reduction_of(RC_EXSCAN, "MPI_Exscan_init_c", RC_PERSISTENT_FORM, __builtin_return_address(0), sendbuf, recvbuf,
                      count, datatype, op, -1, comm);
  RC_CHECKED_STARTED(r, request, PMPI_Exscan_init_c(sendbuf, recvbuf, count, datatype, op, comm, info, request));
}

#endif
