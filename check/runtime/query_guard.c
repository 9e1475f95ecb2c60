/* SPDX-License-Identifier: BSD-3-Clause */
#include "query_guard.h"

#include <pthread.h>
#include <stdio.h>

#include "finding.h"

static int failures, last_error;
static MPI_Errhandler counting = MPI_ERRHANDLER_NULL;
/* Guards of several threads nest: the first in swaps the handlers, the last out restores the
 * program's, so that no thread saves another's counting handler as the program's. */
static pthread_mutex_t nesting_lock = PTHREAD_MUTEX_INITIALIZER;
static int nesting;
static MPI_Errhandler program_world = MPI_ERRHANDLER_NULL, program_self = MPI_ERRHANDLER_NULL;

static void count_error(MPI_Comm *comm, int *code, ...) {
  (void)comm;
  ++failures;
  last_error = *code;
}

/* Swaps the handler of one communicator; `old` receives the program's (MPI_ERRHANDLER_NULL when
 * it could not be read, and then nothing is changed). */
static void swap_handler(MPI_Comm comm, MPI_Errhandler *old) {
  *old = MPI_ERRHANDLER_NULL;
  if (PMPI_Comm_get_errhandler(comm, old) != MPI_SUCCESS) {
    *old = MPI_ERRHANDLER_NULL;
    return;
  }
  if (PMPI_Comm_set_errhandler(comm, counting) != MPI_SUCCESS) {
    PMPI_Errhandler_free(old);
    *old = MPI_ERRHANDLER_NULL;
  }
}

static void restore_handler(MPI_Comm comm, MPI_Errhandler *old) {
  if (*old == MPI_ERRHANDLER_NULL) return;
  PMPI_Comm_set_errhandler(comm, *old);
  PMPI_Errhandler_free(old); /* the reference get_errhandler handed out */
}

void rc_guard_begin(struct rc_guard *g, const char *call, const void *caller) {
  g->call = call;
  g->caller = caller;
  pthread_mutex_lock(&nesting_lock);
  g->failures_before = failures;
  if (nesting++ == 0) {
    if (counting == MPI_ERRHANDLER_NULL && PMPI_Comm_create_errhandler(count_error, &counting) != MPI_SUCCESS)
      counting = MPI_ERRHANDLER_NULL;
    if (counting != MPI_ERRHANDLER_NULL) {
      swap_handler(MPI_COMM_WORLD, &program_world);
      swap_handler(MPI_COMM_SELF, &program_self);
    }
  }
  pthread_mutex_unlock(&nesting_lock);
}

void rc_guard_end(struct rc_guard *g) {
  pthread_mutex_lock(&nesting_lock);
  if (--nesting == 0) {
    restore_handler(MPI_COMM_SELF, &program_self);
    restore_handler(MPI_COMM_WORLD, &program_world);
  }
  const int failed = failures != g->failures_before;
  pthread_mutex_unlock(&nesting_lock);
  if (!failed) return;
  char text[MPI_MAX_ERROR_STRING] = "", message[MPI_MAX_ERROR_STRING + 200];
  int len = 0;
  if (PMPI_Error_string(last_error, text, &len) != MPI_SUCCESS) len = 0;
  text[len < MPI_MAX_ERROR_STRING ? len : MPI_MAX_ERROR_STRING - 1] = '\0';
  snprintf(message, sizeof message,
           "the check could not read this call's arguments (MPI said: %s); the call was forwarded unchanged and "
           "not checked",
           text);
  rc_note("check_query_failed", g->call, message, g->caller);
}

int rc_type_queryable(MPI_Datatype type) { return type != MPI_DATATYPE_NULL; }
