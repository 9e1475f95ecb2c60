/* SPDX-License-Identifier: BSD-3-Clause */
/* Nonblocking and persistent point-to-point calls as process synchronisation (process_sync.h),
 * and the requests of nonblocking collectives (process_sync_nonblocking.c), whose completion is
 * the collective's second `process_sync` line: the requests followed, their starts and
 * completions (the calls that make them are in process_sync_request_calls.c).
 *
 * A send is a `process_sync` send when it starts (MPI_Isend, MPI_Ibsend, MPI_Irsend, MPI_Start of
 * a persistent send): what its rank did before it precedes the receive's completion, and sends
 * are matched in the order they start (MPI-4.1 §3.5, "Order"), which is the order they are counted
 * in. A receive is a `process_sync` receive when a wait or test completes it, its message read
 * from the status (completion.c hands every completed request here), with the record's line
 * number at its start (`started`: an MPI_Ssend or MPI_Issend returns once the receive started,
 * MPI-4.1 §3.4). A synchronous send's request (MPI_Issend, MPI_Ssend_init) is followed too: its
 * completion is an `ssend_done` line naming its message.
 *
 * Receives are counted per (communicator, source, tag) in the order they complete, but MPI
 * matches them in the order they started: receives that take messages of one (source, tag)
 * take them in the order they started (both rules of §3.5 together). The two orders agree
 * unless a receive completes while one started before it, whose pattern also matches the
 * message, is still pending: then which message each took is not known, and the run's ordering
 * is said not modelled (`sync_unmodelled`). So is a receive request freed while active, and a
 * send cancelled. The large-count `_c` forms (MPI-4.1 §2.5.8) are followed as their int forms
 * where the library has them. Requests live in a table of fixed size, found by their handles
 * through an index (request_index.h), the active receives kept in the order they started; a run
 * that outgrows the table is said not modelled too. */
#include <mpi.h>
#include <pthread.h>

#include "process_sync.h"
#include "process_sync_followed.h"
#include "record.h"
#include "record_repeat.h"
#include "redsem_mpi_features.h"
#include "request_index.h"

#define FOLLOWED_REQUESTS 4096 /* at most half of RC_REQUEST_INDEX_ENTRIES */

/* Slots stay where they are while followed (the index and the order of starts name them);
 * freed ones are handed out again first. */
static struct rc_followed table[FOLLOWED_REQUESTS];
static int spare[FOLLOWED_REQUESTS], spares; /* slots given back */
static int handed_out;                       /* slots ever handed out */
static struct rc_request_index by_handle;
/* The active receives, oldest start first: `started` only grows, so a receive that starts joins
 * at the newest end, and those started before a given one are the ones before it. */
static int oldest_receive = -1, newest_receive = -1;
static int receives_live; /* active receives; read without the lock by completion.c: a hint only */
static int others_live;   /* likewise, collectives and synchronous sends */
static unsigned long long starts;
static pthread_mutex_t table_mutex = PTHREAD_MUTEX_INITIALIZER;

int rc_sync_receives_followed(void) { return __atomic_load_n(&receives_live, __ATOMIC_RELAXED); }

int rc_sync_requests_followed(void) {
  return rc_sync_receives_followed() + __atomic_load_n(&others_live, __ATOMIC_RELAXED);
}

/* Called with the lock held. */
static struct rc_followed *find(MPI_Request request) {
  const int slot = rc_request_index_find(&by_handle, request);
  return slot < 0 ? NULL : &table[slot];
}

/* An active receive leaves or joins the order of starts. Called with the lock held. */
static void unlink_receive(struct rc_followed *f) {
  *(f->older < 0 ? &oldest_receive : &table[f->older].newer) = f->newer;
  *(f->newer < 0 ? &newest_receive : &table[f->newer].older) = f->older;
}

static void link_receive(struct rc_followed *f) {
  const int slot = (int)(f - table);
  f->older = newest_receive;
  f->newer = -1;
  *(newest_receive < 0 ? &oldest_receive : &table[newest_receive].newer) = slot;
  newest_receive = slot;
}

static void set_active(struct rc_followed *f, int active) {
  if ((f->receive || f->collective || f->synchronous) && f->active != active)
    __atomic_add_fetch(f->receive ? &receives_live : &others_live, active ? 1 : -1, __ATOMIC_RELAXED);
  if (f->receive && f->active) unlink_receive(f);
  f->active = active;
  if (active && f->receive) {
    f->started = starts++;
    rc_repeat_break(); /* `started` may not point into lines a repeat holds (record_repeat.h) */
    f->started_seq = rc_next_seq();
    link_receive(f);
  }
}

/* Called with the lock held. */
static void forget(struct rc_followed *f) {
  set_active(f, 0);
  rc_request_index_remove(&by_handle, f->request);
  spare[spares++] = (int)(f - table);
}

/* Follows a new request; 0 when the table is full (said not modelled by the caller). An entry
 * with the same handle is left from a request whose end was not seen (freed or completed while
 * nothing was followed): the library gave its handle to this one, so it is gone. */
int rc_sync_follow(struct rc_followed f, int active) {
  pthread_mutex_lock(&table_mutex);
  struct rc_followed *stale = find(f.request);
  if (stale) forget(stale);
  const int slot = spares > 0 ? spare[--spares] : handed_out < FOLLOWED_REQUESTS ? handed_out++ : -1;
  if (slot >= 0) {
    f.active = 0;
    table[slot] = f;
    rc_request_index_add(&by_handle, f.request, slot);
    set_active(&table[slot], active);
  }
  pthread_mutex_unlock(&table_mutex);
  if (slot < 0) rc_sync_unmodelled("the request table (full)");
  return slot >= 0;
}

/* Whether a receive request started before `before` on `comm`, still pending, could take the
 * message from `source` with `tag`. Called with the lock held. */
static int earlier_may_match(MPI_Comm comm, int source, int tag, unsigned long long before) {
  for (int i = oldest_receive; i >= 0 && table[i].started < before; i = table[i].newer) {
    const struct rc_followed *f = &table[i];
    if (f->comm == comm && !f->comm_freed && (f->peer == MPI_ANY_SOURCE || f->peer == source) &&
        (f->tag == MPI_ANY_TAG || f->tag == tag))
      return 1;
  }
  return 0;
}

static const char out_of_order[] = "a receive completed while one started before it could still take its message";
static const char comm_gone[] = "a request used after MPI_Comm_free of its communicator";

void rc_sync_requests_comm_freed(MPI_Comm comm) {
  pthread_mutex_lock(&table_mutex);
  for (int i = 0; i < handed_out; ++i)
    if (table[i].comm == comm && rc_request_index_find(&by_handle, table[i].request) == i) table[i].comm_freed = 1;
  pthread_mutex_unlock(&table_mutex);
}

int rc_sync_receive_pending(MPI_Comm comm, const MPI_Status *status) {
  if (!rc_sync_receives_followed()) return 0;
  pthread_mutex_lock(&table_mutex);
  const int pending = earlier_may_match(comm, status->MPI_SOURCE, status->MPI_TAG, ~0ull);
  pthread_mutex_unlock(&table_mutex);
  return pending;
}

void rc_sync_blocking_received(MPI_Comm comm, const MPI_Status *status) {
  if (rc_sync_receive_pending(comm, status)) rc_sync_unmodelled(out_of_order);
}

/* A send that started: counted, and recorded as a message when a window exists; its index. */
long long rc_sync_send_started(const char *call, MPI_Comm comm, int dest, int tag, const void *caller) {
  if (dest == MPI_PROC_NULL) return -1;
  const struct rc_message m = {dest, tag, 0, -1};
  return rc_sync_message(comm, call, &m, NULL, caller);
}

void rc_sync_request_completed(MPI_Request request, const MPI_Status *status, const char *call, const void *caller) {
  if (request == MPI_REQUEST_NULL) return;
  pthread_mutex_lock(&table_mutex);
  struct rc_followed *f = find(request);
  if (!f || !f->active) {
    pthread_mutex_unlock(&table_mutex);
    return;
  }
  const MPI_Comm comm = f->comm;
  const int freed = f->comm_freed;
  const int receive = f->receive;
  const long long collective = f->collective ? f->index : -1;
  const long long collective_start = f->collective && f->persistent ? f->starts - 1 : -1;
  const struct rc_followed ssend = *f; /* a synchronous send's message, when it is one */
  const unsigned long started_seq = f->started_seq;
  int cancelled = 0;
  if (receive) PMPI_Test_cancelled(status, &cancelled);
  /* A receive whose source and tag are both given received a message of that source and tag. */
  const MPI_Status named = {.MPI_SOURCE = f->peer, .MPI_TAG = f->tag};
  const int guessed = f->pattern_names_message && (f->peer == MPI_ANY_SOURCE || f->tag == MPI_ANY_TAG);
  if (f->pattern_names_message && !guessed) status = &named;
  const int unknown = receive && !cancelled && earlier_may_match(comm, status->MPI_SOURCE, status->MPI_TAG, f->started);
  if (f->persistent)
    set_active(f, 0);
  else
    forget(f);
  pthread_mutex_unlock(&table_mutex);
  if (collective >= 0) rc_sync_idup_done(request, 1);
  if (freed) {
    rc_sync_unmodelled(comm_gone);
    return;
  }
  if (collective >= 0) rc_sync_collective_done(comm, collective, collective_start, call, caller);
  if (ssend.synchronous && ssend.index >= 0) rc_sync_ssend_done(comm, ssend.peer, ssend.tag, ssend.index, call, caller);
  if (!receive || cancelled || status->MPI_SOURCE == MPI_PROC_NULL) return;
  if (guessed) {
    rc_sync_unmodelled("MPI_Isendrecv from MPI_ANY_SOURCE or with MPI_ANY_TAG");
    return;
  }
  if (unknown) rc_sync_unmodelled(out_of_order);
  const struct rc_message m = {status->MPI_SOURCE, status->MPI_TAG, 0, (long long)started_seq};
  rc_sync_message(comm, call, NULL, &m, caller);
}

void rc_sync_request_freed(MPI_Request request) {
  pthread_mutex_lock(&table_mutex);
  struct rc_followed *f = find(request);
  const int lost = f && f->receive && f->active; /* its message is received, and counted by nobody */
  /* a persistent neighbourhood collective's receive pattern (a nonblocking one's went with its start) */
  const int pattern = f && f->collective && f->persistent && f->flow == RC_FLOW_NEIGHBOURS ? f->root : -1;
  if (f) forget(f);
  pthread_mutex_unlock(&table_mutex);
  if (lost) rc_sync_unmodelled("MPI_Request_free of an active receive");
  rc_sync_idup_done(request, 0);
  rc_sync_neighbour_pattern_release(pattern);
}

void rc_sync_follow_collective(MPI_Request request, MPI_Comm comm, long long index, enum rc_flow flow, int root,
                               int persistent) {
  rc_sync_follow((struct rc_followed){.request = request,
                                      .comm = comm,
                                      .collective = 1,
                                      .index = index,
                                      .flow = flow,
                                      .root = root,
                                      .persistent = persistent},
                 !persistent);
}

/* Starts a persistent request; 0 when it is not one of ours. */
static int start(MPI_Request request, const char *call, const void *caller) {
  pthread_mutex_lock(&table_mutex);
  struct rc_followed *f = find(request);
  struct rc_followed copy = {0};
  if (f) {
    set_active(f, 1);
    copy = *f;
  }
  if (f && f->collective) ++f->starts;
  pthread_mutex_unlock(&table_mutex);
  if (f && copy.comm_freed) rc_sync_unmodelled(comm_gone);
  if (!f || copy.receive || copy.comm_freed) return f != NULL;
  if (copy.collective) {
    rc_sync_persistent_started(copy.comm, call, copy.flow, copy.root, copy.index, copy.starts, caller);
    return 1;
  }
  const long long n = rc_sync_send_started(copy.call, copy.comm, copy.peer, copy.tag, caller);
  pthread_mutex_lock(&table_mutex);
  if ((f = find(request))) f->index = n; /* the message its completion names */
  pthread_mutex_unlock(&table_mutex);
  return 1;
}

/* A request is started before the library starts it, so that a receive's start is counted
 * before its message can complete it on another thread. Others' persistent requests (collectives,
 * partitioned) are not modelled. */
int MPI_Start(MPI_Request *request) {
  if (rc_active() && !start(*request, "MPI_Start", __builtin_return_address(0))) rc_sync_unmodelled("MPI_Start");
  return PMPI_Start(request);
}

int MPI_Startall(int count, MPI_Request array_of_requests[]) {
  if (rc_active())
    for (int i = 0; i < count; ++i)
      if (!start(array_of_requests[i], "MPI_Startall", __builtin_return_address(0))) rc_sync_unmodelled("MPI_Startall");
  return PMPI_Startall(count, array_of_requests);
}

/* A cancelled receive shows in its status at completion; a cancelled send (deprecated, MPI-4.1
 * §3.8.4) would leave its rank's count of messages one ahead of its receiver's. */
int MPI_Cancel(MPI_Request *request) {
  if (rc_active()) {
    pthread_mutex_lock(&table_mutex);
    const struct rc_followed *f = find(*request);
    const int receive = f && f->receive;
    pthread_mutex_unlock(&table_mutex);
    if (!receive) rc_sync_unmodelled("MPI_Cancel");
  }
  return PMPI_Cancel(request);
}
