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
#include <string.h>

#include "process_sync.h"
#include "record.h"

static pthread_mutex_t names_mutex = PTHREAD_MUTEX_INITIALIZER;

/* How many communicators this rank made of one kind (`x`: MPI_Intercomm_create, `g`:
 * MPI_Comm_create_group with `tag` from `parent`) and members. The members are compared whole,
 * never by a hash: two different member sets counted together would give one communicator of one
 * rank the name another rank gives a different one, and order their synchronisations together (an
 * order too many hides a race). The table grows with the program's communicators. */
struct made_count {
  char kind;
  int tag;
  char parent[RC_COMM_NAME_SIZE];
  int n;        /* members */
  int *members; /* their world ranks, ascending */
  unsigned long made;
};
static struct made_count *made_counts;
static size_t made_used, made_capacity;

static int same_key(const struct made_count *m, const struct made_count *key) {
  return m->kind == key->kind && m->tag == key->tag && m->n == key->n && strcmp(m->parent, key->parent) == 0 &&
         memcmp(m->members, key->members, sizeof(int) * (size_t)key->n) == 0;
}

/* The count before this one of `key`, whose members it takes; -1 when memory ran out. */
static long long made_before(struct made_count key) {
  pthread_mutex_lock(&names_mutex);
  long long n = -1;
  for (size_t i = 0; i < made_used && n < 0; ++i)
    if (same_key(&made_counts[i], &key)) n = (long long)made_counts[i].made++;
  if (n < 0 && made_used == made_capacity) {
    const size_t grown = made_capacity ? 2 * made_capacity : 16;
    struct made_count *more = realloc(made_counts, grown * sizeof *more);
    if (more) {
      made_counts = more;
      made_capacity = grown;
    }
  }
  if (n < 0 && made_used < made_capacity) {
    key.made = 1;
    made_counts[made_used++] = key;
    key.members = NULL; /* kept */
    n = 0;
  }
  pthread_mutex_unlock(&names_mutex);
  free(key.members);
  return n;
}

static int ascending(const void *a, const void *b) {
  const int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* The world ranks of both groups of `comm`, ascending (the same on every member), into `key`;
 * 0 when they cannot be had. */
static int members_of(MPI_Comm comm, struct made_count *key) {
  int inter = 0, local = 0, remote = 0;
  PMPI_Comm_test_inter(comm, &inter);
  PMPI_Comm_size(comm, &local);
  if (inter) PMPI_Comm_remote_size(comm, &remote);
  int *ranks = malloc(sizeof(int) * (size_t)(local + remote + 1));
  key->members = malloc(sizeof(int) * (size_t)(local + remote + 1));
  key->n = 0;
  MPI_Group world_group, groups[2];
  PMPI_Comm_group(MPI_COMM_WORLD, &world_group);
  PMPI_Comm_group(comm, &groups[0]);
  if (inter) PMPI_Comm_remote_group(comm, &groups[1]);
  int ok = ranks && key->members;
  for (int g = 0; g < 1 + inter && ok; ++g) {
    const int n = g == 0 ? local : remote;
    for (int i = 0; i < n; ++i) ranks[i] = i;
    ok = PMPI_Group_translate_ranks(groups[g], n, ranks, world_group, key->members + key->n) == MPI_SUCCESS;
    key->n += n;
  }
  for (int g = 0; g < 1 + inter; ++g) PMPI_Group_free(&groups[g]);
  PMPI_Group_free(&world_group);
  free(ranks);
  if (ok) qsort(key->members, (size_t)key->n, sizeof(int), ascending);
  if (!ok) {
    free(key->members);
    key->members = NULL;
  }
  return ok;
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
  struct made_count key = {.kind = 'x'};
  const long long k = members_of(inter, &key) ? made_before(key) : -1;
  char name[RC_COMM_NAME_SIZE];
  if (k >= 0) name_if_fits(inter, name, snprintf(name, sizeof name, "x%lld", k));
  if (k < 0) rc_sync_unmodelled("a communicator left unnamed (no memory to count it)");
}

void rc_sync_group_comm_made(MPI_Comm parent, int tag, MPI_Comm made) {
  if (!rc_active() || made == MPI_COMM_NULL) return;
  char p[RC_COMM_NAME_SIZE];
  rc_sync_comm_name(parent, p);
  struct made_count key = {.kind = 'g', .tag = tag};
  snprintf(key.parent, sizeof key.parent, "%s", p);
  const long long k = p[0] && members_of(made, &key) ? made_before(key) : -1;
  char name[RC_COMM_NAME_SIZE];
  if (k >= 0) name_if_fits(made, name, snprintf(name, sizeof name, "%s/g%d.%lld", p, tag, k));
}

/* MPI_Comm_idup's requests, until they complete: as many as the program has pending (a table
 * that ran full would leave communicators unnamed without a word). */
struct pending_idup {
  MPI_Request request;
  MPI_Comm *made;
  char name[RC_COMM_NAME_SIZE];
};
static struct pending_idup *idups;
static size_t idups_used, idups_capacity;

void rc_sync_idup_started(MPI_Comm parent, long long index, MPI_Comm *made, MPI_Request request) {
  char p[RC_COMM_NAME_SIZE];
  rc_sync_comm_name(parent, p);
  if (!p[0] || index < 0) return;
  pthread_mutex_lock(&names_mutex);
  if (idups_used == idups_capacity) {
    const size_t grown = idups_capacity ? 2 * idups_capacity : 16;
    struct pending_idup *more = realloc(idups, grown * sizeof *more);
    if (more) {
      idups = more;
      idups_capacity = grown;
    }
  }
  const int room = idups_used < idups_capacity;
  if (room) {
    idups[idups_used].request = request;
    idups[idups_used].made = made;
    const int n = snprintf(idups[idups_used].name, RC_COMM_NAME_SIZE, "%s/%lld", p, index);
    if (n > 0 && n < RC_COMM_NAME_SIZE) ++idups_used;
  }
  pthread_mutex_unlock(&names_mutex);
  if (!room) rc_sync_unmodelled("a communicator left unnamed (no memory for its pending MPI_Comm_idup)");
}

void rc_sync_idup_done(MPI_Request request, int completed) {
  pthread_mutex_lock(&names_mutex);
  int found = -1;
  for (size_t i = 0; i < idups_used && found < 0; ++i)
    if (idups[i].request == request) found = (int)i;
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
