/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Wait, MPI_Waitall, MPI_Waitany, MPI_Waitsome, MPI_Test, MPI_Testall, MPI_Testany and
 * MPI_Testsome: intercepted only to learn which requests they complete; MPI_Request_free, to
 * forget a request nobody will see complete. Everything is forwarded
 * unchanged; afterwards each completed request, as its handle was before the call freed it, is
 * handed to the parts of the library that follow requests of their own.
 *
 * Other parts hook in here: add a call to `request_completed` below (the RMA part's is
 * rc_rma_request_completed, for MPI_Rput/Rget/Raccumulate/Rget_accumulate), and, if the part
 * follows requests, a term to `any_followed` so that the handles are copied only when some
 * part follows a request. A request nobody follows costs one test here. */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "rma_state.h"

#define HANDLES_ON_STACK 64

static int any_followed(void) { return rc_rma_requests_pending() > 0; }

static void request_completed(MPI_Request request) { rc_rma_request_completed(request); }

static void request_freed(MPI_Request request) { rc_rma_request_freed(request); }

/* A copy of the handles before the call (completion sets them to MPI_REQUEST_NULL), on the
 * stack when few, else on the heap; NULL when nobody follows requests or memory is short. */
struct handles {
  MPI_Request *copy;
  MPI_Request small[HANDLES_ON_STACK];
};

static MPI_Request *keep_handles(struct handles *h, const MPI_Request *requests, int count) {
  h->copy = NULL;
  if (count <= 0 || !any_followed()) return NULL;
  h->copy = count <= HANDLES_ON_STACK ? h->small : malloc((size_t)count * sizeof *requests);
  if (h->copy) memcpy(h->copy, requests, (size_t)count * sizeof *requests);
  return h->copy;
}

static void release_handles(struct handles *h) {
  if (h->copy && h->copy != h->small) free(h->copy);
}

/* Handles that are now MPI_REQUEST_NULL, and were not before, completed (a persistent request
 * stays allocated: not an RMA request, so nothing is lost by not seeing it). */
static void report_freed(const MPI_Request *before, const MPI_Request *after, int count) {
  for (int i = 0; i < count; ++i)
    if (before[i] != MPI_REQUEST_NULL && after[i] == MPI_REQUEST_NULL) request_completed(before[i]);
}

int MPI_Wait(MPI_Request *request, MPI_Status *status) {
  if (!rc_active() || !any_followed()) return PMPI_Wait(request, status);
  const MPI_Request before = *request;
  const int rc = PMPI_Wait(request, status);
  if (rc == MPI_SUCCESS) request_completed(before);
  return rc;
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status) {
  if (!rc_active() || !any_followed()) return PMPI_Test(request, flag, status);
  const MPI_Request before = *request;
  const int rc = PMPI_Test(request, flag, status);
  if (rc == MPI_SUCCESS && *flag) request_completed(before);
  return rc;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  if (!rc_active()) return PMPI_Waitall(count, requests, statuses);
  struct handles h;
  const MPI_Request *before = keep_handles(&h, requests, count);
  const int rc = PMPI_Waitall(count, requests, statuses);
  /* On MPI_ERR_IN_STATUS some requests completed: those now null. */
  if (before) report_freed(before, requests, count);
  release_handles(&h);
  return rc;
}

int MPI_Testall(int count, MPI_Request requests[], int *flag, MPI_Status statuses[]) {
  if (!rc_active()) return PMPI_Testall(count, requests, flag, statuses);
  struct handles h;
  const MPI_Request *before = keep_handles(&h, requests, count);
  const int rc = PMPI_Testall(count, requests, flag, statuses);
  if (before) report_freed(before, requests, count);
  release_handles(&h);
  return rc;
}

int MPI_Waitany(int count, MPI_Request requests[], int *index, MPI_Status *status) {
  if (!rc_active()) return PMPI_Waitany(count, requests, index, status);
  struct handles h;
  const MPI_Request *before = keep_handles(&h, requests, count);
  const int rc = PMPI_Waitany(count, requests, index, status);
  if (before) report_freed(before, requests, count);
  release_handles(&h);
  return rc;
}

int MPI_Testany(int count, MPI_Request requests[], int *index, int *flag, MPI_Status *status) {
  if (!rc_active()) return PMPI_Testany(count, requests, index, flag, status);
  struct handles h;
  const MPI_Request *before = keep_handles(&h, requests, count);
  const int rc = PMPI_Testany(count, requests, index, flag, status);
  if (before) report_freed(before, requests, count);
  release_handles(&h);
  return rc;
}

int MPI_Waitsome(int incount, MPI_Request requests[], int *outcount, int indices[], MPI_Status statuses[]) {
  if (!rc_active()) return PMPI_Waitsome(incount, requests, outcount, indices, statuses);
  struct handles h;
  const MPI_Request *before = keep_handles(&h, requests, incount);
  const int rc = PMPI_Waitsome(incount, requests, outcount, indices, statuses);
  if (before) report_freed(before, requests, incount);
  release_handles(&h);
  return rc;
}

int MPI_Testsome(int incount, MPI_Request requests[], int *outcount, int indices[], MPI_Status statuses[]) {
  if (!rc_active()) return PMPI_Testsome(incount, requests, outcount, indices, statuses);
  struct handles h;
  const MPI_Request *before = keep_handles(&h, requests, incount);
  const int rc = PMPI_Testsome(incount, requests, outcount, indices, statuses);
  if (before) report_freed(before, requests, incount);
  release_handles(&h);
  return rc;
}

/* A freed request's handle may come back for another request: its owner must forget it. */
int MPI_Request_free(MPI_Request *request) {
  if (!rc_active() || !any_followed()) return PMPI_Request_free(request);
  const MPI_Request before = *request;
  const int rc = PMPI_Request_free(request);
  if (rc == MPI_SUCCESS) request_freed(before);
  return rc;
}
