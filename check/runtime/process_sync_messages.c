/* SPDX-License-Identifier: BSD-3-Clause */
/* The messages of the `process_sync` lines (process_sync.h): each counted per (communicator,
 * peer, tag, direction) from MPI_Init on, whether lines are written or not, so that a message
 * sent before the first window and received after it still gets the same index on both sides. */
#include <pthread.h>
#include <string.h>

#include "process_sync.h"
#include "process_sync_comm.h"

/* Messages counted per (communicator, peer, tag, direction): a fixed open-addressing table. */
#define MESSAGE_SLOTS 8192
struct message_count {
  int used, comm, peer, tag, dir;
  unsigned long n;
};
static struct message_count messages[MESSAGE_SLOTS];
static int messages_full;

/* The index of this message among those of its key (`take`: counted, else only read: the
 * message a probe found); -1 when the table is full. */
static long long message_index(int comm, int peer, int tag, int dir, int take) {
  unsigned h = (unsigned)comm * 2654435761u ^ (unsigned)peer * 40503u ^ (unsigned)tag * 9973u ^ (unsigned)dir;
  for (int probe = 0; probe < MESSAGE_SLOTS; ++probe) {
    struct message_count *m = &messages[(h + (unsigned)probe) % MESSAGE_SLOTS];
    if (!m->used) *m = (struct message_count){1, comm, peer, tag, dir, 0};
    if (m->comm == comm && m->peer == peer && m->tag == tag && m->dir == dir) return (long long)(take ? m->n++ : m->n);
  }
  messages_full = 1;
  return -1;
}

/* One side of a message: `peer` is the other rank in comm (MPI_PROC_NULL: no message). */
static void message_part(rc_line *l, const struct rc_comm_info *c, const char *key, int peer, int tag, long long n,
                         int synchronous, long long started) {
  if (n < 0) return;
  rc_open_object(l, key);
  rc_int(l, strcmp(key, "send") == 0 ? "to" : "from", rc_sync_peer_world(c, peer));
  rc_int(l, "tag", tag);
  rc_int(l, "n", n);
  if (synchronous) rc_bool(l, "synchronous", 1);
  if (started >= 0) {
    rc_bool(l, "nonblocking", 1);
    rc_int(l, "started", started);
  }
  rc_close(l);
}

long long rc_sync_message(MPI_Comm comm, const char *call, const struct rc_message *send, const struct rc_message *recv,
                          const void *caller) {
  if (!rc_active()) return -1;
  rc_sync_hold_return(caller);
  pthread_mutex_lock(&rc_sync_mutex);
  struct rc_comm_info *c = rc_sync_info_of(comm);
  if (!c || c->size < 0) {
    pthread_mutex_unlock(&rc_sync_mutex);
    rc_sync_unmodelled(call);
    return -1;
  }
  long long ns = -1, nr = -1;
  if (send && rc_sync_peer_world(c, send->peer) >= 0)
    ns = message_index(c->id, rc_sync_peer_world(c, send->peer), send->tag, 0, 1);
  if (recv && rc_sync_peer_world(c, recv->peer) >= 0)
    nr = message_index(c->id, rc_sync_peer_world(c, recv->peer), recv->tag, 1, 1);
  const int full = messages_full;
  rc_line l;
  if ((ns >= 0 || nr >= 0) && rc_sync_begin(&l, c, call, caller)) {
    if (ns >= 0) message_part(&l, c, "send", send->peer, send->tag, ns, send->synchronous, -1);
    if (nr >= 0) message_part(&l, c, "recv", recv->peer, recv->tag, nr, 0, recv->started);
    rc_end(&l);
  }
  pthread_mutex_unlock(&rc_sync_mutex);
  if (full) rc_sync_unmodelled("the message table (full)");
  return ns;
}

void rc_sync_probed(MPI_Comm comm, const char *call, const MPI_Status *status, const void *caller) {
  if (!rc_active() || status->MPI_SOURCE == MPI_PROC_NULL) return;
  /* Such a request would take the first message of that source and tag (§3.5): which one the
   * probe found is then not known. */
  if (rc_sync_receive_pending(comm, status)) {
    rc_sync_unmodelled("a probe while a receive request could take its message");
    return;
  }
  rc_sync_hold_return(caller);
  pthread_mutex_lock(&rc_sync_mutex);
  struct rc_comm_info *c = rc_sync_info_of(comm);
  if (!c || c->size < 0) {
    pthread_mutex_unlock(&rc_sync_mutex);
    rc_sync_unmodelled(call);
    return;
  }
  const int source = status->MPI_SOURCE;
  const long long n = rc_sync_peer_world(c, source) >= 0
                          ? message_index(c->id, rc_sync_peer_world(c, source), status->MPI_TAG, 1, 0)
                          : -1;
  const int full = messages_full;
  rc_line l;
  if (n >= 0 && rc_sync_begin(&l, c, call, caller)) {
    message_part(&l, c, "probe", source, status->MPI_TAG, n, 0, -1);
    rc_end(&l);
  }
  pthread_mutex_unlock(&rc_sync_mutex);
  if (full) rc_sync_unmodelled("the message table (full)");
}

void rc_sync_ssend_done(MPI_Comm comm, int peer, int tag, long long index, const char *call, const void *caller) {
  rc_sync_hold_return(caller);
  pthread_mutex_lock(&rc_sync_mutex);
  struct rc_comm_info *c = rc_sync_info_of(comm);
  rc_line l;
  if (c && c->size >= 0 && rc_sync_peer_world(c, peer) >= 0 && rc_sync_begin(&l, c, call, caller)) {
    rc_open_object(&l, "ssend_done");
    rc_int(&l, "to", rc_sync_peer_world(c, peer));
    rc_int(&l, "tag", tag);
    rc_int(&l, "n", index);
    rc_close(&l);
    rc_end(&l);
  }
  pthread_mutex_unlock(&rc_sync_mutex);
}
