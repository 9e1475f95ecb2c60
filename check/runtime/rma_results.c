/* SPDX-License-Identifier: BSD-3-Clause */
/* The values a fetching RMA call's result buffer received (get, get-accumulate, fetch-and-op,
 * compare-and-swap and their request forms), written when the call completes at the origin (the
 * synchronisation call or the request's wait or test that completes it: only then are they
 * defined, MPI-4.1 §13.3). The post-run analysis takes them as observations of the target's
 * memory (check/analysis/rma_reads_from.h). Only small results of a predefined datatype, outside
 * window memory (which other ranks may update meanwhile), are kept: a result not written only
 * leaves an order out, which can keep a report but never hide one. */
#define _GNU_SOURCE
#include <string.h>

#include "rma_state.h"
#include "type_contents.h"

#define RESULTS_KEPT 64 /* pending fetching calls followed at once */
#define RESULT_BYTES 64 /* result bytes written per call */

struct pending_result {
  int used;
  int win_id;
  int target;
  MPI_Request request; /* MPI_REQUEST_NULL: completed by synchronisation only */
  long long of;        /* the seq of the call's rma_call line */
  const void *buf;
  int count;
  MPI_Datatype type;
};

static struct pending_result results[RESULTS_KEPT];

void rc_rma_keep_result(const struct rc_window *w, int target, long long of, const void *buf, int count,
                        MPI_Datatype type, MPI_Request request) {
  int size = 0;
  if (!buf || count <= 0 || rc_type_is_derived(type) || PMPI_Type_size(type, &size) != MPI_SUCCESS || size <= 0 ||
      (long long)size * count > RESULT_BYTES || rc_rma_in_window_memory(buf, (size_t)size * (size_t)count))
    return;
  for (int i = 0; i < RESULTS_KEPT; ++i)
    if (!results[i].used) {
      results[i] = (struct pending_result){1, w->id, target, request, of, buf, count, type};
      return;
    }
}

static void write_result(struct pending_result *p) {
  char packed[RESULT_BYTES];
  int whole = 1;
  const size_t n = rc_rma_pack(p->buf, p->count, p->type, packed, sizeof packed, &whole);
  p->used = 0;
  if (n == 0 || !whole) return;
  rc_line l;
  rc_begin(&l, "rma_result");
  rc_int(&l, "win", p->win_id);
  rc_int(&l, "of", p->of);
  rc_hex(&l, "result", packed, n);
  rc_end(&l);
}

void rc_rma_complete_results(const struct rc_window *w, int target) {
  for (int i = 0; i < RESULTS_KEPT; ++i)
    if (results[i].used && results[i].win_id == w->id && (target < 0 || results[i].target == target))
      write_result(&results[i]);
}

void rc_rma_complete_request_result(MPI_Request request) {
  for (int i = 0; i < RESULTS_KEPT; ++i)
    if (results[i].used && results[i].request != MPI_REQUEST_NULL && results[i].request == request)
      write_result(&results[i]);
}

void rc_rma_forget_results(const struct rc_window *w) {
  for (int i = 0; i < RESULTS_KEPT; ++i)
    if (results[i].used && results[i].win_id == w->id) results[i].used = 0;
}

void rc_rma_untie_request_result(MPI_Request request) {
  for (int i = 0; i < RESULTS_KEPT; ++i)
    if (results[i].used && results[i].request != MPI_REQUEST_NULL && results[i].request == request)
      results[i].request = MPI_REQUEST_NULL;
}
