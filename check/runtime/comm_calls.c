/* SPDX-License-Identifier: BSD-3-Clause */
/* Per-communicator call counters, cached on the communicator as an attribute (MPI-4.1 §7.7) so
 * that they go away with it (a freed handle may be reused by a new communicator) and are not
 * inherited by a duplicate. */
#include "comm_calls.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Reduction collectives and their forms: more kinds than this on one communicator are counted
 * together in the last slot (their sampling stays consistent across ranks). */
#define MAX_KINDS 32

struct counters {
  pthread_mutex_t lock;
  const char *call[MAX_KINDS];
  unsigned long count[MAX_KINDS];
};

static int keyval = MPI_KEYVAL_INVALID;
static pthread_mutex_t keyval_lock = PTHREAD_MUTEX_INITIALIZER;

static int free_counters(MPI_Comm comm, int key, void *value, void *extra) {
  (void)comm;
  (void)key;
  (void)extra;
  struct counters *c = value;
  pthread_mutex_destroy(&c->lock);
  free(c);
  return MPI_SUCCESS;
}

static int the_keyval(void) {
  pthread_mutex_lock(&keyval_lock);
  if (keyval == MPI_KEYVAL_INVALID) PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, free_counters, &keyval, NULL);
  pthread_mutex_unlock(&keyval_lock);
  return keyval;
}

static struct counters *counters_of(MPI_Comm comm) {
  const int key = the_keyval();
  if (key == MPI_KEYVAL_INVALID) return NULL;
  struct counters *c = NULL;
  int found = 0;
  if (PMPI_Comm_get_attr(comm, key, &c, &found) == MPI_SUCCESS && found) return c;
  c = calloc(1, sizeof *c);
  if (!c) return NULL;
  pthread_mutex_init(&c->lock, NULL);
  if (PMPI_Comm_set_attr(comm, key, c) != MPI_SUCCESS) {
    free(c);
    return NULL;
  }
  return c;
}

unsigned long rc_comm_call_index(MPI_Comm comm, const char *call) {
  struct counters *c = counters_of(comm);
  if (!c) return ~0ul; /* no attribute: never sampled, on every rank alike */
  pthread_mutex_lock(&c->lock);
  int i = 0;
  while (i < MAX_KINDS - 1 && c->call[i] && c->call[i] != call && strcmp(c->call[i], call) != 0) ++i;
  if (!c->call[i]) c->call[i] = call;
  const unsigned long index = c->count[i]++;
  pthread_mutex_unlock(&c->lock);
  return index;
}
