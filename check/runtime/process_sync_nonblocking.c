/* SPDX-License-Identifier: BSD-3-Clause */
/* The nonblocking collectives other than the reductions (which reduce_nonblocking.c intercepts)
 * as process synchronisation (process_sync.h): a `process_sync` line when one starts, with its
 * index among the communicator's collectives, and one when a wait or test completes its request
 * (completion.c). Every argument is forwarded unchanged. */
#include <mpi.h>

#include "process_sync.h"
#include "record.h"

#define RETURN_STARTED(name, comm, flow, root, request, forward)                                     \
  do {                                                                                               \
    if (!rc_active()) return (forward);                                                              \
    const int rc = (forward);                                                                        \
    if (rc == MPI_SUCCESS)                                                                           \
      rc_sync_collective_started((comm), name, flow, root, *(request), __builtin_return_address(0)); \
    return rc;                                                                                       \
  } while (0)

int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request) {
  RETURN_STARTED("MPI_Ibarrier", comm, RC_FLOW_ALL, 0, request, PMPI_Ibarrier(comm, request));
}

int MPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request *request) {
  RETURN_STARTED("MPI_Ibcast", comm, count == 0 ? RC_FLOW_NONE : RC_FLOW_FROM_ROOT, root, request,
                 PMPI_Ibcast(buffer, count, datatype, root, comm, request));
}

int MPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request) {
  RETURN_STARTED("MPI_Igather", comm, RC_FLOW_TO_ROOT, root, request,
                 PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request));
}

int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                 const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request) {
  RETURN_STARTED(
      "MPI_Igatherv", comm, RC_FLOW_TO_ROOT, root, request,
      PMPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, request));
}

int MPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request) {
  RETURN_STARTED("MPI_Iscatter", comm, RC_FLOW_FROM_ROOT, root, request,
                 PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request));
}

int MPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request) {
  RETURN_STARTED(
      "MPI_Iscatterv", comm, RC_FLOW_FROM_ROOT, root, request,
      PMPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, request));
}

int MPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                   MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
  RETURN_STARTED("MPI_Iallgather", comm, RC_FLOW_ALL, 0, request,
                 PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request));
}

int MPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                    const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
  RETURN_STARTED("MPI_Iallgatherv", comm, RC_FLOW_ALL, 0, request,
                 PMPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request));
}

int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
  RETURN_STARTED("MPI_Ialltoall", comm, RC_FLOW_ALL, 0, request,
                 PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request));
}

int MPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                   void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                   MPI_Request *request) {
  RETURN_STARTED(
      "MPI_Ialltoallv", comm, RC_FLOW_ALL, 0, request,
      PMPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request));
}

int MPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                   void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                   MPI_Comm comm, MPI_Request *request) {
  RETURN_STARTED(
      "MPI_Ialltoallw", comm, RC_FLOW_ALL, 0, request,
      PMPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request));
}
