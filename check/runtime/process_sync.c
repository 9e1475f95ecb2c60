/* SPDX-License-Identifier: BSD-3-Clause */
/* The `sync_comm` lines and the collectives' `process_sync` lines (process_sync.h; the messages'
 * are in process_sync_messages.c). Indexes are kept from MPI_Init on, whether lines are written
 * or not, so that every member counts a communicator's collectives alike. */
#define _GNU_SOURCE
#include "process_sync.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "process_sync_comm.h"
#include "rma_state.h"
#include "thread_clocks.h"
#include "watch_delay.h"
#include "watch_state.h"

static int keyval = MPI_KEYVAL_INVALID;
static int next_id;
pthread_mutex_t rc_sync_mutex = PTHREAD_MUTEX_INITIALIZER;

static int free_info(MPI_Comm comm, int key, void *value, void *extra) {
  (void)comm;
  (void)key;
  (void)extra;
  struct rc_comm_info *c = value;
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
static void members(MPI_Comm comm, struct rc_comm_info *c) {
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
int rc_sync_peer_world(const struct rc_comm_info *c, int peer) {
  return peer >= 0 && peer < c->peers ? c->world[c->peer_offset + peer] : -1;
}

/* Called with rc_sync_mutex held. NULL when the communicator cannot be followed. */
struct rc_comm_info *rc_sync_info_of(MPI_Comm comm) {
  if (comm == MPI_COMM_NULL) return NULL;
  if (keyval == MPI_KEYVAL_INVALID &&
      PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_info, &keyval, NULL) != MPI_SUCCESS)
    return NULL;
  struct rc_comm_info *c = NULL;
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

/* The sync_comm line: the communicator's members by world rank, which is how the analysis
 * recognises one communicator across the ranks' records. */
static void comm_line(const struct rc_comm_info *c) {
  rc_line l;
  rc_begin(&l, "sync_comm");
  rc_int(&l, "comm", c->id);
  if (c->name[0]) rc_str(&l, "name", c->name);
  rc_open_array(&l, "members");
  for (int i = 0; i < c->size; ++i) rc_int(&l, NULL, c->world[i]);
  rc_close(&l);
  rc_end(&l);
}

/* The holding thread runs none of the program's code until the hold ends: nothing the program does
 * can be ordered after this return through it meanwhile, so another thread's access then is placed
 * before the return soundly (docs/design.md, "Threads"). */
void rc_sync_hold_return(const void *caller) {
  if (!rc_delay_threaded() || !rc_rma_has_windows()) return;
  rc_rma_lock();
  const int watched = rc_watch_window_watched();
  rc_rma_unlock();
  if (watched) rc_delay_sync_return(caller);
}

/* Starts a process_sync line when the process has a window (0: nothing to write). Drains the
 * watcher first, so that every access made before this call is written before its line. */
int rc_sync_begin(rc_line *l, struct rc_comm_info *c, const char *call, const void *caller) {
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
static void after_part(rc_line *l, MPI_Comm comm, const struct rc_comm_info *c, enum rc_flow flow, int root) {
  int *peers = NULL;
  const int n = rc_sync_flow_peers(comm, flow, root, &peers);
  if (n >= 0) {
    rc_open_array(l, "after");
    for (int i = 0; i < n; ++i)
      if (rc_sync_peer_world(c, peers[i]) >= 0) rc_int(l, NULL, rc_sync_peer_world(c, peers[i]));
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
  pthread_mutex_lock(&rc_sync_mutex);
  struct rc_comm_info *c = rc_sync_info_of(comm);
  if (!c || c->size < 0) {
    pthread_mutex_unlock(&rc_sync_mutex);
    if (comm != MPI_COMM_NULL) rc_sync_unmodelled(call);
    return -1;
  }
  const long long index = k->index >= 0 ? k->index : (long long)c->collectives++;
  rc_line l;
  if (k->write && rc_sync_begin(&l, c, call, caller)) {
    rc_int(&l, "collective", index);
    if (k->start >= 0) rc_int(&l, "start", k->start);
    if (k->nonblocking) rc_bool(&l, "nonblocking", 1);
    after_part(&l, comm, c, k->flow, k->root);
    rc_end(&l);
  }
  pthread_mutex_unlock(&rc_sync_mutex);
  return index;
}

long long rc_sync_collective_at(MPI_Comm comm, const char *call, enum rc_flow flow, int root, int rc,
                                const void *caller) {
  const struct collective_site k = {flow, root, 0, -1, -1, 1};
  if (!rc_active() || rc != MPI_SUCCESS) return -1;
  rc_sync_hold_return(caller);
  return collective_line(comm, call, &k, caller);
}

long long rc_sync_collective_index(MPI_Comm comm) {
  if (!rc_active()) return -1;
  pthread_mutex_lock(&rc_sync_mutex);
  struct rc_comm_info *c = rc_sync_info_of(comm);
  const long long index = c && c->size >= 0 ? (long long)c->collectives++ : -1;
  pthread_mutex_unlock(&rc_sync_mutex);
  return index;
}

void rc_sync_comm_name(MPI_Comm comm, char name[RC_COMM_NAME_SIZE]) {
  pthread_mutex_lock(&rc_sync_mutex);
  const struct rc_comm_info *c = rc_sync_info_of(comm);
  strcpy(name, c ? c->name : "");
  pthread_mutex_unlock(&rc_sync_mutex);
}

void rc_sync_comm_named(MPI_Comm made, const char *name) {
  pthread_mutex_lock(&rc_sync_mutex);
  struct rc_comm_info *c = rc_sync_info_of(made);
  if (c && !c->described && strlen(name) < sizeof c->name) strcpy(c->name, name);
  pthread_mutex_unlock(&rc_sync_mutex);
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
  rc_sync_hold_return(caller);
  pthread_mutex_lock(&rc_sync_mutex);
  struct rc_comm_info *c = rc_sync_info_of(comm);
  rc_line l;
  if (c && c->size >= 0 && rc_sync_begin(&l, c, call, caller)) {
    rc_int(&l, "collective_done", index);
    if (start >= 0) rc_int(&l, "start", start);
    rc_end(&l);
  }
  pthread_mutex_unlock(&rc_sync_mutex);
}

/* The world rank of `rank` of the intracommunicator `comm`; -1 when it is not known. */
static int world_of(MPI_Comm comm, int rank) {
  const struct rc_comm_info *c = rc_sync_info_of(comm);
  return c && c->size >= 0 && !c->inter && rank >= 0 && rank < c->size ? c->world[rank] : -1;
}

void rc_sync_intercomm_made(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader,
                            MPI_Comm inter, const void *caller) {
  if (!rc_active()) return;
  rc_sync_hold_return(caller);
  pthread_mutex_lock(&rc_sync_mutex);
  int me = -1;
  PMPI_Comm_rank(local_comm, &me);
  /* the local leader's return follows the remote leader's entry, the others' their leader's */
  const int after = me == local_leader ? world_of(peer_comm, remote_leader) : world_of(local_comm, local_leader);
  struct rc_comm_info *c = rc_sync_info_of(inter);
  rc_line l;
  if (c && c->size >= 0 && c->inter) {
    const long long index = (long long)c->collectives++;
    if (rc_sync_begin(&l, c, "MPI_Intercomm_create", caller)) {
      rc_int(&l, "collective", index);
      rc_open_array(&l, "after");
      if (after >= 0) rc_int(&l, NULL, after);
      rc_close(&l);
      rc_end(&l);
    }
  }
  pthread_mutex_unlock(&rc_sync_mutex);
}
