/* SPDX-License-Identifier: BSD-3-Clause */
/* How a communicator is named across ranks (process_sync.h; docs/design.md, "A communicator is
 * named across ranks"): by what is the same on every member when it is made, so that two
 * communicators of the same members are told apart ("w" and "s" name MPI_COMM_WORLD and
 * MPI_COMM_SELF, process_sync.c).
 *  - a constructor that is a collective of its parent (MPI_Comm_dup, MPI_Comm_split, …,
 *    MPI_Intercomm_merge on an intercommunicator): the parent's name and the index the call took
 *    among the parent's collectives ("w/3");
 *  - MPI_Comm_idup: likewise, named when its request completes (the handle is not valid before,
 *    MPI-4.1 §7.4.2);
 *  - MPI_Comm_create_group, a collective of the group's members only (§7.4.2): the parent's name,
 *    the tag, and how many communicators of the same members this rank made before from that
 *    parent with that tag ("w/g5.0"): every member takes part in each of them, in one order;
 *  - MPI_Intercomm_create, whose arguments differ between the groups: how many intercommunicators
 *    of the same members this rank made before ("x0"), for the same reason.
 * Every argument is forwarded unchanged. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "process_sync.h"
#include "record.h"

static pthread_mutex_t names_mutex = PTHREAD_MUTEX_INITIALIZER;

/* How many communicators this rank made of one kind, key and members: a fixed table. */
#define MADE_SLOTS 256
static struct {
  unsigned long long key;
  unsigned long n;
} made_counts[MADE_SLOTS];
static int made_used;

/* The count before this one of (key); -1 when the table is full. */
static long long made_before(unsigned long long key) {
  pthread_mutex_lock(&names_mutex);
  long long n = -1;
  for (int i = 0; i < made_used && n < 0; ++i)
    if (made_counts[i].key == key) n = (long long)made_counts[i].n++;
  if (n < 0 && made_used < MADE_SLOTS) {
    made_counts[made_used].key = key;
    made_counts[made_used++].n = 1;
    n = 0;
  }
  pthread_mutex_unlock(&names_mutex);
  return n;
}

static unsigned long long mix(unsigned long long h, unsigned long long v) {
  return (h ^ v) * 1099511628211ull; /* FNV-1a's prime */
}

/* A hash of the set of world ranks of both groups of `comm` (the same on every member). */
static unsigned long long members_hash(MPI_Comm comm) {
  int inter = 0, local = 0, remote = 0, world_size = 0;
  PMPI_Comm_test_inter(comm, &inter);
  PMPI_Comm_size(comm, &local);
  if (inter) PMPI_Comm_remote_size(comm, &remote);
  PMPI_Comm_size(MPI_COMM_WORLD, &world_size);
  char *member = calloc((size_t)world_size + 1, 1);
  int *ranks = malloc(sizeof(int) * (size_t)(local + remote + 1));
  int *world = malloc(sizeof(int) * (size_t)(local + remote + 1));
  unsigned long long h = 14695981039346656037ull;
  MPI_Group world_group, groups[2];
  PMPI_Comm_group(MPI_COMM_WORLD, &world_group);
  PMPI_Comm_group(comm, &groups[0]);
  if (inter) PMPI_Comm_remote_group(comm, &groups[1]);
  for (int g = 0; g < 1 + inter && member && ranks && world; ++g) {
    const int n = g == 0 ? local : remote;
    for (int i = 0; i < n; ++i) ranks[i] = i;
    if (PMPI_Group_translate_ranks(groups[g], n, ranks, world_group, world) == MPI_SUCCESS)
      for (int i = 0; i < n; ++i)
        if (world[i] >= 0 && world[i] < world_size) member[world[i]] = 1;
  }
  for (int w = 0; member && w < world_size; ++w)
    if (member[w]) h = mix(h, (unsigned long long)w + 1);
  for (int g = 0; g < 1 + inter; ++g) PMPI_Group_free(&groups[g]);
  PMPI_Group_free(&world_group);
  free(member);
  free(ranks);
  free(world);
  return h;
}

/* Names `made` `name` (of length n, snprintf's), when it fits; too deep, it is known by its
 * members only. */
static void name_if_fits(MPI_Comm made, const char *name, int n) {
  if (n > 0 && n < RC_COMM_NAME_SIZE) rc_sync_comm_named(made, name);
}

void rc_sync_comm_made(MPI_Comm parent, long long index, MPI_Comm made) {
  if (!rc_active() || index < 0 || made == MPI_COMM_NULL) return;
  char p[RC_COMM_NAME_SIZE];
  rc_sync_comm_name(parent, p);
  char name[RC_COMM_NAME_SIZE];
  if (p[0]) name_if_fits(made, name, snprintf(name, sizeof name, "%s/%lld", p, index));
}

void rc_sync_intercomm_named(MPI_Comm inter) {
  if (!rc_active() || inter == MPI_COMM_NULL) return;
  const long long k = made_before(mix(1, members_hash(inter)));
  char name[RC_COMM_NAME_SIZE];
  if (k >= 0) name_if_fits(inter, name, snprintf(name, sizeof name, "x%lld", k));
}

void rc_sync_group_comm_made(MPI_Comm parent, int tag, MPI_Comm made) {
  if (!rc_active() || made == MPI_COMM_NULL) return;
  char p[RC_COMM_NAME_SIZE];
  rc_sync_comm_name(parent, p);
  unsigned long long key = mix(mix(2, members_hash(made)), (unsigned long long)(unsigned)tag);
  for (const char *c = p; *c; ++c) key = mix(key, (unsigned char)*c);
  const long long k = p[0] ? made_before(key) : -1;
  char name[RC_COMM_NAME_SIZE];
  if (k >= 0) name_if_fits(made, name, snprintf(name, sizeof name, "%s/g%d.%lld", p, tag, k));
}

/* MPI_Comm_idup's requests, until they complete. */
#define PENDING_IDUPS 64
static struct {
  MPI_Request request;
  MPI_Comm *made;
  char name[RC_COMM_NAME_SIZE];
} idups[PENDING_IDUPS];
static int idups_used;

void rc_sync_idup_started(MPI_Comm parent, long long index, MPI_Comm *made, MPI_Request request) {
  char p[RC_COMM_NAME_SIZE];
  rc_sync_comm_name(parent, p);
  pthread_mutex_lock(&names_mutex);
  if (p[0] && index >= 0 && idups_used < PENDING_IDUPS) {
    idups[idups_used].request = request;
    idups[idups_used].made = made;
    const int n = snprintf(idups[idups_used].name, RC_COMM_NAME_SIZE, "%s/%lld", p, index);
    if (n > 0 && n < RC_COMM_NAME_SIZE) ++idups_used;
  }
  pthread_mutex_unlock(&names_mutex);
}

void rc_sync_idup_done(MPI_Request request, int completed) {
  pthread_mutex_lock(&names_mutex);
  int found = -1;
  for (int i = 0; i < idups_used && found < 0; ++i)
    if (idups[i].request == request) found = i;
  MPI_Comm made = MPI_COMM_NULL;
  char name[RC_COMM_NAME_SIZE];
  if (found >= 0) {
    /* written by the library when the request completed; a freed one's may never be */
    if (completed) made = *idups[found].made;
    snprintf(name, sizeof name, "%s", idups[found].name);
    idups[found] = idups[--idups_used];
  }
  pthread_mutex_unlock(&names_mutex);
  if (made != MPI_COMM_NULL) rc_sync_comm_named(made, name);
}

/* A nonblocking constructor: a collective of the parent that orders nothing (as MPI_Comm_dup). */
static int idup_started(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request, const char *call, int rc,
                        const void *caller) {
  if (rc == MPI_SUCCESS)
    rc_sync_idup_started(comm, rc_sync_collective_started(comm, call, RC_FLOW_NONE, 0, *request, caller), newcomm,
                         *request);
  return rc;
}

int MPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request) {
  if (!rc_active()) return PMPI_Comm_idup(comm, newcomm, request);
  return idup_started(comm, newcomm, request, "MPI_Comm_idup", PMPI_Comm_idup(comm, newcomm, request),
                      __builtin_return_address(0));
}

#if MPI_VERSION >= 4
int MPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, MPI_Request *request) {
  if (!rc_active()) return PMPI_Comm_idup_with_info(comm, info, newcomm, request);
  return idup_started(comm, newcomm, request, "MPI_Comm_idup_with_info",
                      PMPI_Comm_idup_with_info(comm, info, newcomm, request), __builtin_return_address(0));
}
#endif

int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm) {
  if (!rc_active()) return PMPI_Comm_create_group(comm, group, tag, newcomm);
  const int rc = PMPI_Comm_create_group(comm, group, tag, newcomm);
  if (rc == MPI_SUCCESS) rc_sync_group_comm_made(comm, tag, *newcomm);
  return rc;
}

/* A collective of the intercommunicator; which group comes first depends on both groups' `high`,
 * an order not recorded (it can only report a race MPI rules out, never hide one). */
int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm) {
  if (!rc_active()) return PMPI_Intercomm_merge(intercomm, high, newintracomm);
  const int rc = PMPI_Intercomm_merge(intercomm, high, newintracomm);
  if (rc == MPI_SUCCESS) rc_sync_comm_made(intercomm, rc_sync_collective_index(intercomm), *newintracomm);
  return rc;
}
