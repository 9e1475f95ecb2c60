/* SPDX-License-Identifier: BSD-3-Clause */
/* The `sync_unmodelled` line (process_sync.h): a call that may order this rank with others and
 * that the analysis does not model, said once per kind and only while a window exists, since
 * without one there is no RMA epoch it could order; the analysis then falls back to the run's
 * timing, and the report names it. */
#include <pthread.h>
#include <string.h>

#include "process_sync.h"
#include "record.h"
#include "rma_state.h"

static pthread_mutex_t said_mutex = PTHREAD_MUTEX_INITIALIZER;

void rc_sync_unmodelled(const char *call) {
  static const char *said[64];
  static int n_said;
  if (!rc_active() || !rc_rma_has_windows()) return; /* no RMA epoch it could order */
  pthread_mutex_lock(&said_mutex);
  int seen = 0;
  for (int i = 0; i < n_said && !seen; ++i) seen = said[i] == call || strcmp(said[i], call) == 0;
  if (!seen && n_said < 64) said[n_said++] = call;
  pthread_mutex_unlock(&said_mutex);
  if (seen) return;
  rc_line l;
  rc_begin(&l, "sync_unmodelled");
  rc_str(&l, "call", call);
  rc_end(&l);
}
