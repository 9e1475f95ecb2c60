/* SPDX-License-Identifier: BSD-3-Clause */
/* The `sync_comm` and `process_sync` lines (process_sync.h). Indexes are kept
 * from MPI_Init on, whether lines are written or not, so that a message sent before the first
 * window and received after it still gets the same index on both sides. */
#define _GNU_SOURCE
#include "process_sync.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "rma_state.h"
#include "thread_clocks.h"
#include "watch_state.h"

/* What the library keeps about a communicator, on it as an attribute (MPI-4.1 §8.7): it goes
 * away with the communicator and is not inherited by a duplicate (MPI_COMM_NULL_COPY_FN). */
struct comm_info {
  int id;                 /* this rank's name for it in the record */
  int size;               /* its members; -1: not followed */
  int *world;             /* world rank of each member: an intercommunicator's two groups, the one with the
                             lowest world rank first, so that both groups list them alike */
  int inter;              /* an intercommunicator */
  int peer_offset, peers; /* where a peer's rank (the remote group's, on an intercommunicator) is
                             in `world`, and how many there are */
  int described;
  unsigned long collectives;
  /* How it was made, the same on every member (process_sync_names.c): "w" for MPI_COMM_WORLD;
   * empty when not known. */
  char name[RC_COMM_NAME_SIZE];
};

static int keyval = MPI_KEYVAL_INVALID;
static int next_id;
static pthread_mutex_t sync_mutex = PTHREAD_MUTEX_INITIALIZER;

static int free_info(MPI_Comm comm, int key, void *value, void *extra) {
  (void)comm;
  (void)key;
  (void)extra;
  struct comm_info *c = value;
  free(c->world);
  free(c);
  return MPI_SUCCESS;
}

/* The attribute's delete callback: the communicator is freed (MPI_Comm_free, MPI_Comm_disconnect),
 * and its handle no longer usable by requests that outlive it (process_sync_requests.c). */
static int delete_info(MPI_Comm comm, int key, void *value, void *extra) {
  rc_sync_requests_comm_freed(comm);
  return free_info(comm, key, value, extra);
}

/* The world ranks of `group` (freed), into `out`; 0 when they cannot be had. */
static int world_ranks(MPI_Group group, int size, int *out) {
  MPI_Group world;
  int *in = malloc(sizeof(int) * (size_t)(size > 0 ? size : 1));
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  for (int i = 0; in && i < size; ++i) in[i] = i;
  const int ok = in && PMPI_Group_translate_ranks(group, size, in, world, out) == MPI_SUCCESS;
  PMPI_Group_free(&group);
  PMPI_Group_free(&world);
  free(in);
  return ok;
}

/* The lowest of n world ranks. */
static int lowest(const int *w, int n) {
  int low = n > 0 ? w[0] : 0;
  for (int i = 1; i < n; ++i) low = w[i] < low ? w[i] : low;
  return low;
}

/* Fills the members of `comm` in `c` (size, world, peers); leaves size -1 when they cannot be had. */
static void members(MPI_Comm comm, struct comm_info *c) {
  int local = 0, remote = 0;
  PMPI_Comm_test_inter(comm, &c->inter);
  PMPI_Comm_size(comm, &local);
  if (c->inter) PMPI_Comm_remote_size(comm, &remote);
  MPI_Group lg, rg;
  int *w = malloc(sizeof(int) * (size_t)(local + remote + 1));
  int *both = malloc(sizeof(int) * (size_t)(local + remote + 1));
  if (!w || !both || PMPI_Comm_group(comm, &lg) != MPI_SUCCESS || !world_ranks(lg, local, w) ||
      (c->inter && (PMPI_Comm_remote_group(comm, &rg) != MPI_SUCCESS || !world_ranks(rg, remote, w + local)))) {
    free(w);
    free(both);
    return;
  }
  /* An intercommunicator's two groups, the one with the lowest world rank first. */
  const int remote_first = c->inter && remote > 0 && local > 0 && lowest(w + local, remote) < lowest(w, local);
  memcpy(both, remote_first ? w + local : w, sizeof(int) * (size_t)(remote_first ? remote : local));
  memcpy(both + (remote_first ? remote : local), remote_first ? w : w + local,
         sizeof(int) * (size_t)(remote_first ? local : remote));
  free(w);
  c->world = both;
  c->size = local + remote;
  c->peers = c->inter ? remote : local;
  c->peer_offset = c->inter && !remote_first ? local : 0;
}

/* The world rank of `peer` (its rank in comm, the remote group's on an intercommunicator); -1
 * when it is none. */
static int peer_world(const struct comm_info *c, int peer) {
  return peer >= 0 && peer < c->peers ? c->world[c->peer_offset + peer] : -1;
}

/* Called with sync_mutex held. NULL when the communicator cannot be followed. */
static struct comm_info *info_of(MPI_Comm comm) {
  if (comm == MPI_COMM_NULL) return NULL;
  if (keyval == MPI_KEYVAL_INVALID &&
      PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_info, &keyval, NULL) != MPI_SUCCESS)
    return NULL;
  struct comm_info *c = NULL;
  int found = 0;
  if (PMPI_Comm_get_attr(comm, keyval, &c, &found) == MPI_SUCCESS && found) return c;
  c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->id = next_id++;
  if (comm == MPI_COMM_WORLD) strcpy(c->name, "w");
  if (comm == MPI_COMM_SELF) strcpy(c->name, "s"); /* else its duplicates are not told from it */
  c->size = -1;
  members(comm, c);
  if (PMPI_Comm_set_attr(comm, keyval, c) != MPI_SUCCESS) {
    free_info(comm, keyval, c, NULL);
    return NULL;
  }
  return c;
}

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

/* The sync_comm line: the communicator's members by world rank, which is how the analysis
 * recognises one communicator across the ranks' records. */
static void comm_line(const struct comm_info *c) {
  rc_line l;
  rc_begin(&l, "sync_comm");
  rc_int(&l, "comm", c->id);
  if (c->name[0]) rc_str(&l, "name", c->name);
  rc_open_array(&l, "members");
  for (int i = 0; i < c->size; ++i) rc_int(&l, NULL, c->world[i]);
  rc_close(&l);
  rc_end(&l);
}

/* Starts a process_sync line when the process has a window (0: nothing to write). Drains the
 * watcher first, so that every access made before this call is written before its line. */
static int begin(rc_line *l, struct comm_info *c, const char *call, const void *caller) {
  /* Without a window, as nearly always, the lock is not taken: a window another thread makes
   * meanwhile can order nothing this call did before it existed. */
  if (!rc_rma_has_windows()) return 0;
  rc_rma_lock();
  const int windows = rc_rma_has_windows();
  if (windows) rc_watch_drain();
  rc_rma_unlock();
  if (!windows) return 0;
  if (!c->described) {
    c->described = 1;
    comm_line(c);
  }
  rc_begin(l, "process_sync");
  rc_str(l, "call", call);
  rc_int(l, "comm", c->id);
  rc_int(l, "time", rc_rma_now());
  rc_caller(l, caller);
  rc_tc_write_now(l);
  return 1;
}

/* The `after` of a collective's line: the world ranks whose entry this member's return follows
 * (rc_flow); nothing when it is every member (of both groups, on an intercommunicator). */
static void after_part(rc_line *l, MPI_Comm comm, const struct comm_info *c, enum rc_flow flow, int root) {
  int *peers = NULL;
  const int n = rc_sync_flow_peers(comm, flow, root, &peers);
  if (n >= 0) {
    rc_open_array(l, "after");
    for (int i = 0; i < n; ++i)
      if (peer_world(c, peers[i]) >= 0) rc_int(l, NULL, peer_world(c, peers[i]));
    rc_close(l);
  }
  free(peers);
}

/* A collective's line: which one it is, and whose entry its return follows. */
struct collective_site {
  enum rc_flow flow;
  int root;
  int nonblocking; /* its start (its completion is a collective_done line) */
  long long index; /* -1: the next of the communicator's collectives; else a persistent one's */
  long long start; /* a persistent collective's: which of its starts; -1 otherwise */
  int write;       /* 0: the index is only taken (a persistent collective's initialisation) */
};

/* The process_sync line of a collective on `comm` (nonblocking: its start), with its index among
 * the communicator's collectives; -1 when it is not modelled (said instead). */
static long long collective_line(MPI_Comm comm, const char *call, const struct collective_site *k, const void *caller) {
  pthread_mutex_lock(&sync_mutex);
  struct comm_info *c = info_of(comm);
  if (!c || c->size < 0) {
    pthread_mutex_unlock(&sync_mutex);
    if (comm != MPI_COMM_NULL) rc_sync_unmodelled(call);
    return -1;
  }
  const long long index = k->index >= 0 ? k->index : (long long)c->collectives++;
  rc_line l;
  if (k->write && begin(&l, c, call, caller)) {
    rc_int(&l, "collective", index);
    if (k->start >= 0) rc_int(&l, "start", k->start);
    if (k->nonblocking) rc_bool(&l, "nonblocking", 1);
    after_part(&l, comm, c, k->flow, k->root);
    rc_end(&l);
  }
  pthread_mutex_unlock(&sync_mutex);
  return index;
}

long long rc_sync_collective_at(MPI_Comm comm, const char *call, enum rc_flow flow, int root, int rc,
                                const void *caller) {
  const struct collective_site k = {flow, root, 0, -1, -1, 1};
  return rc_active() && rc == MPI_SUCCESS ? collective_line(comm, call, &k, caller) : -1;
}

long long rc_sync_collective_index(MPI_Comm comm) {
  if (!rc_active()) return -1;
  pthread_mutex_lock(&sync_mutex);
  struct comm_info *c = info_of(comm);
  const long long index = c && c->size >= 0 ? (long long)c->collectives++ : -1;
  pthread_mutex_unlock(&sync_mutex);
  return index;
}

void rc_sync_comm_name(MPI_Comm comm, char name[RC_COMM_NAME_SIZE]) {
  pthread_mutex_lock(&sync_mutex);
  const struct comm_info *c = info_of(comm);
  strcpy(name, c ? c->name : "");
  pthread_mutex_unlock(&sync_mutex);
}

void rc_sync_comm_named(MPI_Comm made, const char *name) {
  pthread_mutex_lock(&sync_mutex);
  struct comm_info *c = info_of(made);
  if (c && !c->described && strlen(name) < sizeof c->name) strcpy(c->name, name);
  pthread_mutex_unlock(&sync_mutex);
}

long long rc_sync_collective_started(MPI_Comm comm, const char *call, enum rc_flow flow, int root, MPI_Request request,
                                     const void *caller) {
  if (!rc_active()) return -1;
  const struct collective_site k = {flow, root, 1, -1, -1, 1};
  const long long index = collective_line(comm, call, &k, caller);
  if (index >= 0) rc_sync_follow_collective(request, comm, index, flow, root, 0);
  return index;
}

void rc_sync_persistent_collective(MPI_Comm comm, const char *call, enum rc_flow flow, int root, MPI_Request request) {
  if (!rc_active()) return;
  const struct collective_site k = {flow, root, 1, -1, -1, 0};
  const long long index = collective_line(comm, call, &k, NULL);
  if (index >= 0) rc_sync_follow_collective(request, comm, index, flow, root, 1);
}

void rc_sync_persistent_started(MPI_Comm comm, const char *call, enum rc_flow flow, int root, long long index,
                                long long start, const void *caller) {
  const struct collective_site k = {flow, root, 1, index, start, 1};
  collective_line(comm, call, &k, caller);
}

void rc_sync_collective_done(MPI_Comm comm, long long index, long long start, const char *call, const void *caller) {
  pthread_mutex_lock(&sync_mutex);
  struct comm_info *c = info_of(comm);
  rc_line l;
  if (c && c->size >= 0 && begin(&l, c, call, caller)) {
    rc_int(&l, "collective_done", index);
    if (start >= 0) rc_int(&l, "start", start);
    rc_end(&l);
  }
  pthread_mutex_unlock(&sync_mutex);
}

/* The world rank of `rank` of the intracommunicator `comm`; -1 when it is not known. */
static int world_of(MPI_Comm comm, int rank) {
  const struct comm_info *c = info_of(comm);
  return c && c->size >= 0 && !c->inter && rank >= 0 && rank < c->size ? c->world[rank] : -1;
}

void rc_sync_intercomm_made(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader,
                            MPI_Comm inter, const void *caller) {
  if (!rc_active()) return;
  pthread_mutex_lock(&sync_mutex);
  int me = -1;
  PMPI_Comm_rank(local_comm, &me);
  /* the local leader's return follows the remote leader's entry, the others' their leader's */
  const int after = me == local_leader ? world_of(peer_comm, remote_leader) : world_of(local_comm, local_leader);
  struct comm_info *c = info_of(inter);
  rc_line l;
  if (c && c->size >= 0 && c->inter) {
    const long long index = (long long)c->collectives++;
    if (begin(&l, c, "MPI_Intercomm_create", caller)) {
      rc_int(&l, "collective", index);
      rc_open_array(&l, "after");
      if (after >= 0) rc_int(&l, NULL, after);
      rc_close(&l);
      rc_end(&l);
    }
  }
  pthread_mutex_unlock(&sync_mutex);
}

/* One side of a message: `peer` is the other rank in comm (MPI_PROC_NULL: no message). */
static void message_part(rc_line *l, const struct comm_info *c, const char *key, int peer, int tag, long long n,
                         int synchronous, long long started) {
  if (n < 0) return;
  rc_open_object(l, key);
  rc_int(l, strcmp(key, "send") == 0 ? "to" : "from", peer_world(c, peer));
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
  pthread_mutex_lock(&sync_mutex);
  struct comm_info *c = info_of(comm);
  if (!c || c->size < 0) {
    pthread_mutex_unlock(&sync_mutex);
    rc_sync_unmodelled(call);
    return -1;
  }
  long long ns = -1, nr = -1;
  if (send && peer_world(c, send->peer) >= 0) ns = message_index(c->id, peer_world(c, send->peer), send->tag, 0, 1);
  if (recv && peer_world(c, recv->peer) >= 0) nr = message_index(c->id, peer_world(c, recv->peer), recv->tag, 1, 1);
  const int full = messages_full;
  rc_line l;
  if ((ns >= 0 || nr >= 0) && begin(&l, c, call, caller)) {
    if (ns >= 0) message_part(&l, c, "send", send->peer, send->tag, ns, send->synchronous, -1);
    if (nr >= 0) message_part(&l, c, "recv", recv->peer, recv->tag, nr, 0, recv->started);
    rc_end(&l);
  }
  pthread_mutex_unlock(&sync_mutex);
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
  pthread_mutex_lock(&sync_mutex);
  struct comm_info *c = info_of(comm);
  if (!c || c->size < 0) {
    pthread_mutex_unlock(&sync_mutex);
    rc_sync_unmodelled(call);
    return;
  }
  const int source = status->MPI_SOURCE;
  const long long n =
      peer_world(c, source) >= 0 ? message_index(c->id, peer_world(c, source), status->MPI_TAG, 1, 0) : -1;
  const int full = messages_full;
  rc_line l;
  if (n >= 0 && begin(&l, c, call, caller)) {
    message_part(&l, c, "probe", source, status->MPI_TAG, n, 0, -1);
    rc_end(&l);
  }
  pthread_mutex_unlock(&sync_mutex);
  if (full) rc_sync_unmodelled("the message table (full)");
}

void rc_sync_ssend_done(MPI_Comm comm, int peer, int tag, long long index, const char *call, const void *caller) {
  pthread_mutex_lock(&sync_mutex);
  struct comm_info *c = info_of(comm);
  rc_line l;
  if (c && c->size >= 0 && peer_world(c, peer) >= 0 && begin(&l, c, call, caller)) {
    rc_open_object(&l, "ssend_done");
    rc_int(&l, "to", peer_world(c, peer));
    rc_int(&l, "tag", tag);
    rc_int(&l, "n", index);
    rc_close(&l);
    rc_end(&l);
  }
  pthread_mutex_unlock(&sync_mutex);
}
