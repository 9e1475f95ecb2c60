/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Wait, MPI_Waitall, MPI_Waitany, MPI_Waitsome, MPI_Test, MPI_Testall, MPI_Testany and
 * MPI_Testsome: intercepted only to learn which requests they complete, and how (the status);
 * MPI_Request_free, to forget a request nobody will see complete. Everything is forwarded
 * unchanged, except that the library is given statuses to fill where the program ignores them
 * while a receive is followed (a wildcard receive's message is known only from its status);
 * afterwards each completed request, as its handle was before the call (completion frees it), is
 * handed with its status to the parts of the library that follow requests of their own.
 *
 * Other parts hook in here: add a call to `request_completed` below (the RMA part's is
 * rc_rma_request_completed, for MPI_Rput/Rget/Raccumulate/Rget_accumulate; the process
 * synchronisation's rc_sync_request_completed, for point-to-point and nonblocking collective
 * requests), and, if the part
 * follows requests, a term to `any_followed` so that the handles are copied only when some
 * part follows a request. A request nobody follows costs one test here. */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "process_sync.h"
#include "record.h"
#include "rma_state.h"
#include "watch.h"
#include "watch_delay.h"

#define HANDLES_ON_STACK 64

static int any_followed(void) { return rc_rma_requests_pending() > 0 || rc_sync_requests_followed() > 0; }

/* Delay injection (watch_delay.h): a thread of a threaded program that waits for or tests a
 * request-based RMA call with a watched pending buffer sleeps first, with no lock held, so that
 * another thread's access to the buffer made meanwhile comes inside the span. */
static void hold_before(const MPI_Request *requests, int count, const void *caller) {
  if (!rc_delay_threaded() || rc_rma_requests_pending() == 0) return;
  rc_rma_lock();
  const int pending = rc_watch_pending_requests(requests, count);
  rc_rma_unlock();
  if (pending) rc_delay_sync(caller, 1);
}

static void request_completed(MPI_Request request, const MPI_Status *status, const char *call, const void *caller) {
  rc_rma_request_completed(request);
  rc_sync_request_completed(request, status, call, caller);
}

static void request_freed(MPI_Request request) {
  rc_rma_request_freed(request);
  rc_sync_request_freed(request);
}

/* A copy of the handles before the call, and statuses for the library to fill where the program
 * ignores them: on the stack when few, else on the heap; `before` NULL when nobody follows
 * requests or memory is short. */
struct handles {
  MPI_Request *before;
  MPI_Status *statuses;
  int own_statuses;
  MPI_Request small[HANDLES_ON_STACK];
  MPI_Status small_statuses[HANDLES_ON_STACK];
};

static void keep_handles(struct handles *h, const MPI_Request *requests, int count, MPI_Status *statuses,
                         int status_array) {
  h->before = NULL;
  h->statuses = statuses;
  h->own_statuses = 0;
  if (count <= 0 || !any_followed()) return;
  h->before = count <= HANDLES_ON_STACK ? h->small : malloc((size_t)count * sizeof *requests);
  if (!h->before) return;
  memcpy(h->before, requests, (size_t)count * sizeof *requests);
  if (!status_array || statuses != MPI_STATUSES_IGNORE || !rc_sync_receives_followed()) return;
  h->statuses = count <= HANDLES_ON_STACK ? h->small_statuses : malloc((size_t)count * sizeof *statuses);
  h->own_statuses = h->statuses != NULL;
  if (!h->statuses) h->statuses = MPI_STATUSES_IGNORE;
}

static void release_handles(struct handles *h) {
  if (h->before && h->before != h->small) free(h->before);
  if (h->own_statuses && h->statuses != h->small_statuses) free(h->statuses);
}

/* The status of a completion the library was not asked to describe: no receive was followed
 * then (or memory was short), and a receive of no source is not counted. */
static const MPI_Status unknown_status = {.MPI_SOURCE = MPI_PROC_NULL};

/* The status of the i-th completion. */
static const MPI_Status *status_at(const struct handles *h, int i) {
  return h->statuses == MPI_STATUSES_IGNORE ? &unknown_status : &h->statuses[i];
}

/* After a call that completes every active request (MPI_Waitall, MPI_Testall with flag set) or,
 * on MPI_ERR_IN_STATUS, those whose status says so (without statuses: those it freed). */
static void report_all(const struct handles *h, const MPI_Request *after, int count, int rc, const char *call,
                       const void *caller) {
  if (!h->before || (rc != MPI_SUCCESS && rc != MPI_ERR_IN_STATUS)) return;
  for (int i = 0; i < count; ++i) {
    const int completed =
        rc == MPI_SUCCESS ||
        (h->statuses == MPI_STATUSES_IGNORE ? after[i] == MPI_REQUEST_NULL : h->statuses[i].MPI_ERROR == MPI_SUCCESS);
    if (h->before[i] != MPI_REQUEST_NULL && completed) request_completed(h->before[i], status_at(h, i), call, caller);
  }
}

/* After MPI_Waitsome/MPI_Testsome: the requests `indices` names, with statuses in that order. */
static void report_some(const struct handles *h, int rc, int outcount, const int indices[], const char *call,
                        const void *caller) {
  if (!h->before || (rc != MPI_SUCCESS && rc != MPI_ERR_IN_STATUS) || outcount == MPI_UNDEFINED) return;
  for (int i = 0; i < outcount; ++i) request_completed(h->before[indices[i]], status_at(h, i), call, caller);
}

static MPI_Status *own_status(MPI_Status *status, MPI_Status *own) {
  return status == MPI_STATUS_IGNORE && rc_sync_receives_followed() ? own : status;
}

/* The status a single completion filled. */
static const MPI_Status *filled(const MPI_Status *status) {
  return status == MPI_STATUS_IGNORE ? &unknown_status : status;
}

int MPI_Wait(MPI_Request *request, MPI_Status *status) {
  if (!rc_active() || !any_followed()) return PMPI_Wait(request, status);
  hold_before(request, 1, __builtin_return_address(0));
  const MPI_Request before = *request;
  MPI_Status own;
  MPI_Status *s = own_status(status, &own);
  const int rc = PMPI_Wait(request, s);
  if (rc == MPI_SUCCESS) request_completed(before, filled(s), "MPI_Wait", __builtin_return_address(0));
  return rc;
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status) {
  if (!rc_active() || !any_followed()) return PMPI_Test(request, flag, status);
  hold_before(request, 1, __builtin_return_address(0));
  const MPI_Request before = *request;
  MPI_Status own;
  MPI_Status *s = own_status(status, &own);
  const int rc = PMPI_Test(request, flag, s);
  if (rc == MPI_SUCCESS && *flag) request_completed(before, filled(s), "MPI_Test", __builtin_return_address(0));
  return rc;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  if (!rc_active()) return PMPI_Waitall(count, requests, statuses);
  hold_before(requests, count, __builtin_return_address(0));
  struct handles h;
  keep_handles(&h, requests, count, statuses, 1);
  const int rc = PMPI_Waitall(count, requests, h.statuses);
  report_all(&h, requests, count, rc, "MPI_Waitall", __builtin_return_address(0));
  release_handles(&h);
  return rc;
}

int MPI_Testall(int count, MPI_Request requests[], int *flag, MPI_Status statuses[]) {
  if (!rc_active()) return PMPI_Testall(count, requests, flag, statuses);
  hold_before(requests, count, __builtin_return_address(0));
  struct handles h;
  keep_handles(&h, requests, count, statuses, 1);
  const int rc = PMPI_Testall(count, requests, flag, h.statuses);
  if (rc == MPI_ERR_IN_STATUS || (rc == MPI_SUCCESS && *flag))
    report_all(&h, requests, count, rc, "MPI_Testall", __builtin_return_address(0));
  release_handles(&h);
  return rc;
}

int MPI_Waitany(int count, MPI_Request requests[], int *index, MPI_Status *status) {
  if (!rc_active()) return PMPI_Waitany(count, requests, index, status);
  hold_before(requests, count, __builtin_return_address(0));
  struct handles h;
  keep_handles(&h, requests, count, MPI_STATUSES_IGNORE, 0);
  MPI_Status own;
  MPI_Status *s = own_status(status, &own);
  const int rc = PMPI_Waitany(count, requests, index, s);
  if (h.before && rc == MPI_SUCCESS && *index != MPI_UNDEFINED)
    request_completed(h.before[*index], filled(s), "MPI_Waitany", __builtin_return_address(0));
  release_handles(&h);
  return rc;
}

int MPI_Testany(int count, MPI_Request requests[], int *index, int *flag, MPI_Status *status) {
  if (!rc_active()) return PMPI_Testany(count, requests, index, flag, status);
  hold_before(requests, count, __builtin_return_address(0));
  struct handles h;
  keep_handles(&h, requests, count, MPI_STATUSES_IGNORE, 0);
  MPI_Status own;
  MPI_Status *s = own_status(status, &own);
  const int rc = PMPI_Testany(count, requests, index, flag, s);
  if (h.before && rc == MPI_SUCCESS && *flag && *index != MPI_UNDEFINED)
    request_completed(h.before[*index], filled(s), "MPI_Testany", __builtin_return_address(0));
  release_handles(&h);
  return rc;
}

int MPI_Waitsome(int incount, MPI_Request requests[], int *outcount, int indices[], MPI_Status statuses[]) {
  if (!rc_active()) return PMPI_Waitsome(incount, requests, outcount, indices, statuses);
  hold_before(requests, incount, __builtin_return_address(0));
  struct handles h;
  keep_handles(&h, requests, incount, statuses, 1);
  const int rc = PMPI_Waitsome(incount, requests, outcount, indices, h.statuses);
  report_some(&h, rc, *outcount, indices, "MPI_Waitsome", __builtin_return_address(0));
  release_handles(&h);
  return rc;
}

int MPI_Testsome(int incount, MPI_Request requests[], int *outcount, int indices[], MPI_Status statuses[]) {
  if (!rc_active()) return PMPI_Testsome(incount, requests, outcount, indices, statuses);
  hold_before(requests, incount, __builtin_return_address(0));
  struct handles h;
  keep_handles(&h, requests, incount, statuses, 1);
  const int rc = PMPI_Testsome(incount, requests, outcount, indices, h.statuses);
  report_some(&h, rc, *outcount, indices, "MPI_Testsome", __builtin_return_address(0));
  release_handles(&h);
  return rc;
}

/* A freed request's handle may come back for another request: its owner must forget it. Asked
 * whatever any_followed says, which counts only active requests: an inactive persistent one is
 * followed too, and freed so. */
int MPI_Request_free(MPI_Request *request) {
  if (!rc_active()) return PMPI_Request_free(request);
  const MPI_Request before = *request;
  const int rc = PMPI_Request_free(request);
  if (rc == MPI_SUCCESS) request_freed(before);
  return rc;
}
