/* SPDX-License-Identifier: BSD-3-Clause */
/* The persistent collectives other than the reductions (which reduce_persistent.c intercepts) as
 * process synchronisation (process_sync.h): the initialisation takes the collective's index on
 * its communicator, and each MPI_Start or MPI_Startall of its request is the start of one
 * collective, completed by a wait or test (process_sync_requests.c). The neighbourhood ones are
 * in process_sync_neighbor.c. Every argument is forwarded unchanged. */
#include <mpi.h>

#include "persistent_names.h"
#include "process_sync.h"
#include "record.h"

#ifdef RC_PERSISTENT

#define RETURN_INITIALISED(name, comm, flow, root, request, forward)                                                \
  do {                                                                                                              \
    if (!rc_active()) return (forward);                                                                             \
    const int rc = (forward);                                                                                       \
    if (rc == MPI_SUCCESS) rc_sync_persistent_collective((comm), RC_PERSISTENT_NAME(name), flow, root, *(request)); \
    return rc;                                                                                                      \
  } while (0)

int RC_PERSISTENT(Barrier)(MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  RETURN_INITIALISED(Barrier, comm, RC_FLOW_ALL, 0, request, RC_PMPI_PERSISTENT(Barrier)(comm, info, request));
}

int RC_PERSISTENT(Bcast)(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info,
                         MPI_Request *request) {
  RETURN_INITIALISED(Bcast, comm, count == 0 ? RC_FLOW_NONE : RC_FLOW_FROM_ROOT, root, request,
                     RC_PMPI_PERSISTENT(Bcast)(buffer, count, datatype, root, comm, info, request));
}

int RC_PERSISTENT(Gather)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  RETURN_INITIALISED(Gather, comm, RC_FLOW_TO_ROOT, root, request,
                     RC_PMPI_PERSISTENT(Gather)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
                                                info, request));
}

int RC_PERSISTENT(Gatherv)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm,
                           MPI_Info info, MPI_Request *request) {
  RETURN_INITIALISED(Gatherv, comm, RC_FLOW_TO_ROOT, root, request,
                     RC_PMPI_PERSISTENT(Gatherv)(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                                                 root, comm, info, request));
}

int RC_PERSISTENT(Scatter)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  RETURN_INITIALISED(Scatter, comm, RC_FLOW_FROM_ROOT, root, request,
                     RC_PMPI_PERSISTENT(Scatter)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
                                                 info, request));
}

int RC_PERSISTENT(Scatterv)(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                            MPI_Request *request) {
  RETURN_INITIALISED(Scatterv, comm, RC_FLOW_FROM_ROOT, root, request,
                     RC_PMPI_PERSISTENT(Scatterv)(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                                                  root, comm, info, request));
}

int RC_PERSISTENT(Allgather)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  RETURN_INITIALISED(
      Allgather, comm, RC_FLOW_ALL, 0, request,
      RC_PMPI_PERSISTENT(Allgather)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request));
}

int RC_PERSISTENT(Allgatherv)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                              const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                              MPI_Info info, MPI_Request *request) {
  RETURN_INITIALISED(Allgatherv, comm, RC_FLOW_ALL, 0, request,
                     RC_PMPI_PERSISTENT(Allgatherv)(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                                                    comm, info, request));
}

int RC_PERSISTENT(Alltoall)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                            MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  RETURN_INITIALISED(
      Alltoall, comm, RC_FLOW_ALL, 0, request,
      RC_PMPI_PERSISTENT(Alltoall)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request));
}

int RC_PERSISTENT(Alltoallv)(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                             void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                             MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  RETURN_INITIALISED(Alltoallv, comm, RC_FLOW_ALL, 0, request,
                     RC_PMPI_PERSISTENT(Alltoallv)(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                                   recvtype, comm, info, request));
}

int RC_PERSISTENT(Alltoallw)(const void *sendbuf, const int sendcounts[], const int sdispls[],
                             const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[],
                             const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  RETURN_INITIALISED(Alltoallw, comm, RC_FLOW_ALL, 0, request,
                     RC_PMPI_PERSISTENT(Alltoallw)(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts,
                                                   rdispls, recvtypes, comm, info, request));
}

#endif
