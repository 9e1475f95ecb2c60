/* SPDX-License-Identifier: BSD-3-Clause */
/* The calls that order processes (process_sync.h): the blocking collectives other than the
 * reductions (which reduce_blocking.c intercepts), the blocking point-to-point calls, the
 * probes and the matched probes (the nonblocking and persistent point-to-point calls are in
 * process_sync_requests.c, the nonblocking collectives in process_sync_nonblocking.c). Every
 * argument is forwarded unchanged; a receive's status is asked of the library when the program
 * ignores it, since a wildcard receive's message is known only from it. */
#include <mpi.h>

#include "process_sync.h"
#include "record.h"
#include "redsem_mpi_features.h"
#include "watch.h"

#define RETURN_COLLECTIVE(name, comm, flow, root, forward)                            \
  do {                                                                                \
    if (!rc_active()) return (forward);                                               \
    rc_watch_forward_begin();                                                         \
    const int rc = (forward);                                                         \
    rc_watch_forward_end();                                                           \
    rc_sync_collective_at((comm), name, flow, root, rc, __builtin_return_address(0)); \
    return rc;                                                                        \
  } while (0)

int MPI_Barrier(MPI_Comm comm) { RETURN_COLLECTIVE("MPI_Barrier", comm, RC_FLOW_ALL, 0, PMPI_Barrier(comm)); }

int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  RETURN_COLLECTIVE("MPI_Bcast", comm, count == 0 ? RC_FLOW_NONE : RC_FLOW_FROM_ROOT, root,
                    PMPI_Bcast(buffer, count, datatype, root, comm));
}

int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm) {
  RETURN_COLLECTIVE("MPI_Gather", comm, RC_FLOW_TO_ROOT, root,
                    PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm));
}

int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm) {
  RETURN_COLLECTIVE("MPI_Gatherv", comm, RC_FLOW_TO_ROOT, root,
                    PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm));
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm) {
  RETURN_COLLECTIVE("MPI_Scatter", comm, RC_FLOW_FROM_ROOT, root,
                    PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm));
}

int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  RETURN_COLLECTIVE("MPI_Scatterv", comm, RC_FLOW_FROM_ROOT, root,
                    PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm));
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm) {
  RETURN_COLLECTIVE("MPI_Allgather", comm, RC_FLOW_ALL, 0,
                    PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm));
}

int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                   const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  RETURN_COLLECTIVE("MPI_Allgatherv", comm, RC_FLOW_ALL, 0,
                    PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm));
}

int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm) {
  RETURN_COLLECTIVE("MPI_Alltoall", comm, RC_FLOW_ALL, 0,
                    PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm));
}

int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                  void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  RETURN_COLLECTIVE(
      "MPI_Alltoallv", comm, RC_FLOW_ALL, 0,
      PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm));
}

int MPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                  void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                  MPI_Comm comm) {
  RETURN_COLLECTIVE(
      "MPI_Alltoallw", comm, RC_FLOW_ALL, 0,
      PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm));
}

static int sent(const char *call, int synchronous, int dest, int tag, MPI_Comm comm, int rc, const void *caller) {
  if (rc == MPI_SUCCESS && dest != MPI_PROC_NULL) {
    const struct rc_message m = {dest, tag, synchronous, -1};
    rc_sync_message(comm, call, &m, NULL, caller);
  }
  return rc;
}

/* Each point-to-point call in its int form and, where the library has them (per_mpi/probes),
 * its large-count `_c` form (MPI-4.1 §2.5.8): `count_t` is the type of its counts. */
#define SEND(name, synchronous, count_t)                                                              \
  int name(const void *buf, count_t count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) { \
    if (!rc_active()) return P##name(buf, count, datatype, dest, tag, comm);                          \
    rc_watch_forward_begin();                                                                         \
    const int rc = P##name(buf, count, datatype, dest, tag, comm);                                    \
    rc_watch_forward_end();                                                                           \
    return sent(#name, synchronous, dest, tag, comm, rc, __builtin_return_address(0));                \
  }

/* The receive part of a status the library filled (MPI_PROC_NULL: no message was received). */
static struct rc_message received(const MPI_Status *s) { return (struct rc_message){s->MPI_SOURCE, s->MPI_TAG, 0, -1}; }

static int recv_done(const char *call, int source, MPI_Comm comm, const MPI_Status *s, int rc, const void *caller) {
  if (rc == MPI_SUCCESS && source != MPI_PROC_NULL) {
    rc_sync_blocking_received(comm, s);
    const struct rc_message m = received(s);
    rc_sync_message(comm, call, NULL, &m, caller);
  }
  return rc;
}

#define RECV(name, count_t)                                                                                           \
  int name(void *buf, count_t count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status) { \
    if (!rc_active()) return P##name(buf, count, datatype, source, tag, comm, status);                                \
    MPI_Status own;                                                                                                   \
    MPI_Status *s = status == MPI_STATUS_IGNORE ? &own : status;                                                      \
    rc_watch_forward_begin();                                                                                         \
    const int rc = P##name(buf, count, datatype, source, tag, comm, s);                                               \
    rc_watch_forward_end();                                                                                           \
    return recv_done(#name, source, comm, s, rc, __builtin_return_address(0));                                        \
  }

static int sendrecv_done(const char *call, int dest, int sendtag, int source, const MPI_Status *s, MPI_Comm comm,
                         int rc, const void *caller) {
  if (rc != MPI_SUCCESS) return rc;
  const struct rc_message out = {dest, sendtag, 0, -1};
  const struct rc_message in = source == MPI_PROC_NULL ? (struct rc_message){MPI_PROC_NULL, 0, 0, -1} : received(s);
  if (in.peer != MPI_PROC_NULL) rc_sync_blocking_received(comm, s);
  rc_sync_message(comm, call, dest == MPI_PROC_NULL ? NULL : &out, in.peer == MPI_PROC_NULL ? NULL : &in, caller);
  return rc;
}

#define SENDRECV(name, count_t)                                                                                        \
  int name(const void *sendbuf, count_t sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf,        \
           count_t recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status *status) {     \
    if (!rc_active())                                                                                                  \
      return P##name(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm, \
                     status);                                                                                          \
    MPI_Status own;                                                                                                    \
    MPI_Status *s = status == MPI_STATUS_IGNORE ? &own : status;                                                       \
    rc_watch_forward_begin();                                                                                          \
    const int rc =                                                                                                     \
        P##name(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm, s);  \
    rc_watch_forward_end();                                                                                            \
    return sendrecv_done(#name, dest, sendtag, source, s, comm, rc, __builtin_return_address(0));                      \
  }

#define SENDRECV_REPLACE(name, count_t)                                                                     \
  int name(void *buf, count_t count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag, \
           MPI_Comm comm, MPI_Status *status) {                                                             \
    if (!rc_active()) return P##name(buf, count, datatype, dest, sendtag, source, recvtag, comm, status);   \
    MPI_Status own;                                                                                         \
    MPI_Status *s = status == MPI_STATUS_IGNORE ? &own : status;                                            \
    rc_watch_forward_begin();                                                                               \
    const int rc = P##name(buf, count, datatype, dest, sendtag, source, recvtag, comm, s);                  \
    rc_watch_forward_end();                                                                                 \
    return sendrecv_done(#name, dest, sendtag, source, s, comm, rc, __builtin_return_address(0));           \
  }

SEND(MPI_Send, 0, int)
SEND(MPI_Ssend, 1, int)
SEND(MPI_Bsend, 0, int)
SEND(MPI_Rsend, 0, int)
RECV(MPI_Recv, int)
SENDRECV(MPI_Sendrecv, int)
SENDRECV_REPLACE(MPI_Sendrecv_replace, int)
#if REDSEM_HAVE_LARGE_COUNT_P2P
SEND(MPI_Send_c, 0, MPI_Count)
SEND(MPI_Ssend_c, 1, MPI_Count)
SEND(MPI_Bsend_c, 0, MPI_Count)
SEND(MPI_Rsend_c, 0, MPI_Count)
RECV(MPI_Recv_c, MPI_Count)
SENDRECV(MPI_Sendrecv_c, MPI_Count)
SENDRECV_REPLACE(MPI_Sendrecv_replace_c, MPI_Count)
#endif

/* A matched probe takes its message off the queue: the message is received there, as far as
 * the order of ranks goes (its send started before, and an MPI_Ssend may return after), and
 * MPI_Mrecv/MPI_Imrecv then only move its data. */
static void probed(MPI_Comm comm, const MPI_Status *s, const char *call, const void *caller) {
  if (s->MPI_SOURCE == MPI_PROC_NULL) return;
  rc_sync_blocking_received(comm, s);
  const struct rc_message m = received(s);
  rc_sync_message(comm, call, NULL, &m, caller);
}

int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status) {
  if (!rc_active()) return PMPI_Mprobe(source, tag, comm, message, status);
  MPI_Status own;
  MPI_Status *s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Mprobe(source, tag, comm, message, s);
  if (rc == MPI_SUCCESS) probed(comm, s, "MPI_Mprobe", __builtin_return_address(0));
  return rc;
}

int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status) {
  if (!rc_active()) return PMPI_Improbe(source, tag, comm, flag, message, status);
  MPI_Status own;
  MPI_Status *s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Improbe(source, tag, comm, flag, message, s);
  if (rc == MPI_SUCCESS && *flag) probed(comm, s, "MPI_Improbe", __builtin_return_address(0));
  return rc;
}

/* A probe takes no message: it shows that the message the next receive of its source and tag
 * would take was sent (MPI-4.1 §3.8.1), which orders the send's start before its return. */
int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status) {
  if (!rc_active()) return PMPI_Probe(source, tag, comm, status);
  MPI_Status own;
  MPI_Status *s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Probe(source, tag, comm, s);
  if (rc == MPI_SUCCESS) rc_sync_probed(comm, "MPI_Probe", s, __builtin_return_address(0));
  return rc;
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status) {
  if (!rc_active()) return PMPI_Iprobe(source, tag, comm, flag, status);
  MPI_Status own;
  MPI_Status *s = status == MPI_STATUS_IGNORE ? &own : status;
  const int rc = PMPI_Iprobe(source, tag, comm, flag, s);
  if (rc == MPI_SUCCESS && *flag) rc_sync_probed(comm, "MPI_Iprobe", s, __builtin_return_address(0));
  return rc;
}
