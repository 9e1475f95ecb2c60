/* SPDX-License-Identifier: BSD-3-Clause */
/* The nonblocking and persistent point-to-point calls that make the requests the process
 * synchronisation follows (process_sync_requests.c says how): the sends, the receives, and
 * MPI_Isendrecv; the large-count `_c` forms (MPI-4.1 §2.5.8) as their int forms where the library
 * has them. Every argument is forwarded unchanged. */
#include <mpi.h>

#include "process_sync.h"
#include "process_sync_followed.h"
#include "record.h"
#include "redsem_mpi_features.h"

/* A nonblocking send started; a synchronous one's request is followed to its completion. */
static void sent_by_request(const char *call, MPI_Comm comm, int dest, int tag, int synchronous, MPI_Request request,
                            const void *caller) {
  const long long n = rc_sync_send_started(call, comm, dest, tag, caller);
  if (synchronous && n >= 0)
    rc_sync_follow(
        (struct rc_followed){
            .request = request, .comm = comm, .peer = dest, .tag = tag, .synchronous = 1, .index = n, .call = call},
        1);
}

#define NONBLOCKING_SEND(name, synchronous, count_t)                                                \
  int name(const void *buf, count_t count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, \
           MPI_Request *request) {                                                                  \
    const int rc = P##name(buf, count, datatype, dest, tag, comm, request);                         \
    if (rc_active() && rc == MPI_SUCCESS)                                                           \
      sent_by_request(#name, comm, dest, tag, synchronous, *request, __builtin_return_address(0));  \
    return rc;                                                                                      \
  }
NONBLOCKING_SEND(MPI_Isend, 0, int)
NONBLOCKING_SEND(MPI_Ibsend, 0, int)
NONBLOCKING_SEND(MPI_Irsend, 0, int)
NONBLOCKING_SEND(MPI_Issend, 1, int)

#define PERSISTENT_SEND(name, is_synchronous, count_t)                                              \
  int name(const void *buf, count_t count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, \
           MPI_Request *request) {                                                                  \
    const int rc = P##name(buf, count, datatype, dest, tag, comm, request);                         \
    if (rc_active() && rc == MPI_SUCCESS && dest != MPI_PROC_NULL)                                  \
      rc_sync_follow((struct rc_followed){.request = *request,                                      \
                                          .comm = comm,                                             \
                                          .peer = dest,                                             \
                                          .tag = tag,                                               \
                                          .persistent = 1,                                          \
                                          .synchronous = is_synchronous,                            \
                                          .call = #name},                                           \
                     0);                                                                            \
    return rc;                                                                                      \
  }
PERSISTENT_SEND(MPI_Send_init, 0, int)
PERSISTENT_SEND(MPI_Bsend_init, 0, int)
PERSISTENT_SEND(MPI_Rsend_init, 0, int)
PERSISTENT_SEND(MPI_Ssend_init, 1, int)

#define IRECV(name, count_t)                                                                               \
  int name(void *buf, count_t count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,            \
           MPI_Request *request) {                                                                         \
    const int rc = P##name(buf, count, datatype, source, tag, comm, request);                              \
    if (rc_active() && rc == MPI_SUCCESS && source != MPI_PROC_NULL)                                       \
      rc_sync_follow(                                                                                      \
          (struct rc_followed){                                                                            \
              .request = *request, .comm = comm, .peer = source, .tag = tag, .receive = 1, .call = #name}, \
          1);                                                                                              \
    return rc;                                                                                             \
  }
#define RECV_INIT(name, count_t)                                                                \
  int name(void *buf, count_t count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, \
           MPI_Request *request) {                                                              \
    const int rc = P##name(buf, count, datatype, source, tag, comm, request);                   \
    if (rc_active() && rc == MPI_SUCCESS && source != MPI_PROC_NULL)                            \
      rc_sync_follow((struct rc_followed){.request = *request,                                  \
                                          .comm = comm,                                         \
                                          .peer = source,                                       \
                                          .tag = tag,                                           \
                                          .receive = 1,                                         \
                                          .persistent = 1,                                      \
                                          .call = #name},                                       \
                     0);                                                                        \
    return rc;                                                                                  \
  }
IRECV(MPI_Irecv, int)
RECV_INIT(MPI_Recv_init, int)

#if REDSEM_HAVE_LARGE_COUNT_P2P
NONBLOCKING_SEND(MPI_Isend_c, 0, MPI_Count)
NONBLOCKING_SEND(MPI_Ibsend_c, 0, MPI_Count)
NONBLOCKING_SEND(MPI_Irsend_c, 0, MPI_Count)
NONBLOCKING_SEND(MPI_Issend_c, 1, MPI_Count)
PERSISTENT_SEND(MPI_Send_init_c, 0, MPI_Count)
PERSISTENT_SEND(MPI_Bsend_init_c, 0, MPI_Count)
PERSISTENT_SEND(MPI_Rsend_init_c, 0, MPI_Count)
PERSISTENT_SEND(MPI_Ssend_init_c, 1, MPI_Count)
IRECV(MPI_Irecv_c, MPI_Count)
RECV_INIT(MPI_Recv_init_c, MPI_Count)
#endif

#if REDSEM_HAVE_ISENDRECV
/* MPI_Isendrecv and MPI_Isendrecv_replace (MPI-4.1 §3.10.2): a send that starts and a receive
 * that the one request completes. Its message is taken from the receive's source and tag, not
 * from the status, which some libraries do not fill (MPICH 4.0 gives source 0, tag 0); with a
 * wildcard it is said not modelled. */
static void sendrecv_started(const char *call, MPI_Comm comm, int dest, int sendtag, int source, int recvtag,
                             MPI_Request request, const void *caller) {
  rc_sync_send_started(call, comm, dest, sendtag, caller);
  if (source != MPI_PROC_NULL)
    rc_sync_follow((struct rc_followed){.request = request,
                                        .comm = comm,
                                        .peer = source,
                                        .tag = recvtag,
                                        .receive = 1,
                                        .pattern_names_message = 1,
                                        .call = call},
                   1);
}

#define ISENDRECV(name, count_t)                                                                                       \
  int name(const void *sendbuf, count_t sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf,        \
           count_t recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Request *request) {   \
    const int rc = P##name(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, \
                           comm, request);                                                                             \
    if (rc_active() && rc == MPI_SUCCESS)                                                                              \
      sendrecv_started(#name, comm, dest, sendtag, source, recvtag, *request, __builtin_return_address(0));            \
    return rc;                                                                                                         \
  }
#define ISENDRECV_REPLACE(name, count_t)                                                                    \
  int name(void *buf, count_t count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag, \
           MPI_Comm comm, MPI_Request *request) {                                                           \
    const int rc = P##name(buf, count, datatype, dest, sendtag, source, recvtag, comm, request);            \
    if (rc_active() && rc == MPI_SUCCESS)                                                                   \
      sendrecv_started(#name, comm, dest, sendtag, source, recvtag, *request, __builtin_return_address(0)); \
    return rc;                                                                                              \
  }
ISENDRECV(MPI_Isendrecv, int)
ISENDRECV_REPLACE(MPI_Isendrecv_replace, int)
ISENDRECV(MPI_Isendrecv_c, MPI_Count)
ISENDRECV_REPLACE(MPI_Isendrecv_replace_c, MPI_Count)
#endif
