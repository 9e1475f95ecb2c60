/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Op_create and MPI_Op_free: the registry of user ops (user_ops.h) and the `op_create`
 * record. */
#include "user_ops.h"

#include <pthread.h>
#include <stdio.h>

#include "predefined.h"
#include "record.h"

/* A program creates a handful of ops; past this many, later ones are not checked. */
#define MAX_USER_OPS 256

static struct rc_user_op ops[MAX_USER_OPS];
static int live[MAX_USER_OPS];
static int created;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

int rc_user_op_find(MPI_Op op, struct rc_user_op *out) {
  int found = 0;
  pthread_mutex_lock(&lock);
  for (int i = 0; i < MAX_USER_OPS && !found; ++i)
    if (live[i] && ops[i].handle == op) {
      *out = ops[i];
      found = 1;
    }
  pthread_mutex_unlock(&lock);
  return found;
}

void rc_op_label(MPI_Op op, char *out, int size) {
  const int predefined = rc_predefined_op(op);
  struct rc_user_op user;
  if (predefined >= 0)
    snprintf(out, (size_t)size, "%s", rc_op_name(predefined));
  else if (rc_user_op_find(op, &user))
    snprintf(out, (size_t)size, "user#%d", user.number);
  else
    snprintf(out, (size_t)size, "unknown");
}

static int remember(MPI_Op handle, MPI_User_function *function, int commute) {
  int number = 0;
  pthread_mutex_lock(&lock);
  for (int i = 0; i < MAX_USER_OPS; ++i)
    if (!live[i]) {
      number = ++created;
      ops[i] = (struct rc_user_op){handle, function, commute, number};
      live[i] = 1;
      break;
    }
  pthread_mutex_unlock(&lock);
  return number;
}

int MPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op) {
  if (!rc_active()) return PMPI_Op_create(user_fn, commute, op);
  rc_count("MPI_Op_create");
  const int rc = PMPI_Op_create(user_fn, commute, op);
  if (rc != MPI_SUCCESS) return rc;
  const int number = remember(*op, user_fn, commute);
  if (number == 0) return rc;
  char label[32];
  snprintf(label, sizeof label, "user#%d", number);
  rc_line l;
  rc_begin(&l, "op_create");
  rc_str(&l, "op", label);
  rc_bool(&l, "commute", commute);
  rc_function(&l, "function", (void (*)(void))user_fn);
  rc_end(&l);
  return rc;
}

int MPI_Op_free(MPI_Op *op) {
  if (!rc_active()) return PMPI_Op_free(op);
  rc_count("MPI_Op_free");
  const MPI_Op handle = op ? *op : MPI_OP_NULL;
  const int rc = PMPI_Op_free(op);
  if (rc == MPI_SUCCESS) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < MAX_USER_OPS; ++i)
      if (live[i] && ops[i].handle == handle) live[i] = 0;
    pthread_mutex_unlock(&lock);
  }
  return rc;
}
