/* SPDX-License-Identifier: BSD-3-Clause */
/* Requests of MPI_Rput, MPI_Rget, MPI_Raccumulate and MPI_Rget_accumulate (MPI-4.1 §13.3.5):
 * their completion by MPI_Wait/MPI_Test… completes the call at the origin, which the record
 * notes (`rma_request_done`) and the origin-buffer check compares at. completion.c reports every
 * completed request here; those that are not RMA requests are not in the table. */
#define _GNU_SOURCE
#include "rma_state.h"
#include "watch.h"

struct rma_request {
  int used;
  MPI_Request request;
  int win_id;
  long long number;
};

static struct rma_request requests[RC_RMA_MAX_REQUESTS];
static long long requests_made; /* numbers given so far */
static int requests_live;       /* read without the lock by completion.c: a hint only */

long long rc_rma_add_request(const struct rc_window *w, MPI_Request request) {
  for (int i = 0; i < RC_RMA_MAX_REQUESTS; ++i)
    if (!requests[i].used) {
      requests[i] = (struct rma_request){1, request, w->id, requests_made};
      __atomic_add_fetch(&requests_live, 1, __ATOMIC_RELAXED);
      return requests_made++;
    }
  rc_rma_limit(NULL, "requests", RC_RMA_MAX_REQUESTS);
  return -1;
}

int rc_rma_requests_pending(void) { return __atomic_load_n(&requests_live, __ATOMIC_RELAXED); }

/* The table entry of `request`, or NULL. Call with the lock held. */
static struct rma_request *find(MPI_Request request) {
  for (int i = 0; i < RC_RMA_MAX_REQUESTS; ++i)
    if (requests[i].used && requests[i].request == request) return &requests[i];
  return NULL;
}

static void forget(struct rma_request *r) {
  r->used = 0;
  __atomic_sub_fetch(&requests_live, 1, __ATOMIC_RELAXED);
}

void rc_rma_request_completed(MPI_Request request) {
  if (request == MPI_REQUEST_NULL || !rc_rma_requests_pending()) return;
  rc_rma_lock();
  struct rma_request *r = find(request);
  if (r) {
    forget(r);
    rc_watch_request_done(request);
    rc_rma_complete_request_origin(request);
    rc_rma_complete_request_result(request);
    rc_line l;
    rc_begin(&l, "rma_request_done");
    rc_int(&l, "win", r->win_id);
    rc_int(&l, "request", r->number);
    rc_int(&l, "time", rc_rma_now());
    rc_end(&l);
  }
  rc_rma_unlock();
}

void rc_rma_request_freed(MPI_Request request) {
  if (request == MPI_REQUEST_NULL || !rc_rma_requests_pending()) return;
  rc_rma_lock();
  struct rma_request *r = find(request);
  if (r) {
    forget(r);
    rc_rma_untie_request_origin(request);
    rc_rma_untie_request_result(request);
  }
  rc_rma_unlock();
}
