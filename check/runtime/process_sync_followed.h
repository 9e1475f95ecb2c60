/* SPDX-License-Identifier: BSD-3-Clause */
/* The requests the process synchronisation follows (process_sync_requests.c), shared with the
 * calls that make them (process_sync_request_calls.c). */
#ifndef REDSEM_CHECK_PROCESS_SYNC_FOLLOWED_H
#define REDSEM_CHECK_PROCESS_SYNC_FOLLOWED_H

#include <mpi.h>

#include "process_sync.h"

struct rc_followed {
  MPI_Request request;
  MPI_Comm comm;
  int peer, tag;  /* a receive's source and tag (wildcards allowed), a send's destination */
  int receive;    /* else a persistent send, or a collective */
  int collective; /* a nonblocking or persistent collective, `index` on its communicator */
  long long index;
  enum rc_flow flow; /* a collective's: whose entry its completion follows */
  int root;
  long long starts;           /* a persistent collective's starts so far */
  int persistent;             /* made by an _init call: kept until MPI_Request_free */
  int active;                 /* started and not yet completed */
  int synchronous;            /* MPI_Issend, MPI_Ssend_init: its completion is recorded too */
  int pattern_names_message;  /* MPI_Isendrecv: its status is not trusted (below) */
  int comm_freed;             /* `comm` was freed meanwhile: its handle is not used again */
  const char *call;           /* the call that made it */
  unsigned long long started; /* a receive's start, in this rank's order of receive starts */
  unsigned long started_seq;  /* and the record's next line number then */
  int older, newer;           /* an active receive's neighbours in the order of starts; -1: none */
};

/* Follows a new request (`active`: started already); 0 when the table is full (said not
 * modelled). */
int rc_sync_follow(struct rc_followed f, int active);
/* A send that started: counted, and recorded as a message when a window exists; its index. */
long long rc_sync_send_started(const char *call, MPI_Comm comm, int dest, int tag, const void *caller);

#endif
