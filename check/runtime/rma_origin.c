/* SPDX-License-Identifier: BSD-3-Clause */
/* The in-process origin-buffer check (MPI-4.1 §13.3): the origin (and compare) buffer of an RMA
 * call must not be updated until the call completes at the origin. Each call's origin bytes are
 * copied (packed, so a derived datatype's gaps are not compared) when it is made, and compared
 * with the buffer when a synchronisation call or request completion completes it: bytes that
 * differ were updated in between, which is erroneous whatever the library then sent.
 *
 * An origin buffer inside this process's window memory is not compared: other ranks may update
 * that memory through the window, and a change seen there would not be the program's own. The
 * watcher (watch_rma.c, watch_sampling.c) arms it like any other on sampled calls, and sees the program's own stores
 * there; on the others it says that the range went unchecked (`origin_in_window`). */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "rma_state.h"
#include "type_contents.h"
#include "type_text.h"

#define EVIDENCE_BYTES 64 /* bytes shown on each side of the comparison */

struct pending {
  int used;
  int win_id;
  int target;
  MPI_Request request; /* MPI_REQUEST_NULL: completed by synchronisation only */
  const char *call;    /* string literals */
  const char *which;   /* "origin" or "compare" */
  const void *buf;
  int count;         /* elements packed */
  MPI_Datatype type; /* a derived type is our duplicate: the program may free its own before completion */
  const void *caller;
  size_t bytes;
  char copy[RC_RMA_MAX_COPY_BYTES];
};

static struct pending pending[RC_RMA_MAX_PENDING];
/* One past the last slot in use: the tables are scanned at every synchronisation call, and each
 * slot holds a copy of up to a page, so a scan of all of them touches a page per slot. */
static int pending_top;

size_t rc_rma_pack(const void *buf, int count, MPI_Datatype type, char *out, size_t cap, int *whole) {
  int size = 0;
  *whole = 1;
  if (count <= 0 || PMPI_Type_size(type, &size) != MPI_SUCCESS || size <= 0) return 0;
  long long n = count;
  if ((long long)size * n > (long long)cap) {
    *whole = 0;
    n = (long long)cap / size;
  }
  int position = 0;
  if (n == 0 || PMPI_Pack(buf, (int)n, type, out, (int)cap, &position, MPI_COMM_SELF) != MPI_SUCCESS) return 0;
  return (size_t)position;
}

/* How many whole elements of `type` fit in RC_RMA_MAX_COPY_BYTES: the count compared later. */
static int elements_copied(int count, MPI_Datatype type) {
  int size = 0;
  if (PMPI_Type_size(type, &size) != MPI_SUCCESS || size <= 0) return 0;
  const long long fit = RC_RMA_MAX_COPY_BYTES / size;
  return count < fit ? count : (int)fit;
}

/* The span of memory `count` elements of `type` at `buf` reach. */
static int in_window(const void *buf, int count, MPI_Datatype type) {
  MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
  if (PMPI_Type_get_extent(type, &lb, &extent) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent(type, &true_lb, &true_extent) != MPI_SUCCESS)
    return 1; /* unknown: do not follow */
  const char *first = (const char *)buf + true_lb;
  const MPI_Aint span = (count - 1) * extent + true_extent;
  return span > 0 && rc_rma_in_window_memory(first, (size_t)span);
}

void rc_rma_keep_origin(const struct rc_window *w, const char *call, const char *which, int target, const void *buf,
                        int count, MPI_Datatype type, MPI_Request request, const void *caller) {
  const int n = elements_copied(count, type);
  if (n <= 0 || in_window(buf, n, type)) return;
  struct pending *p = NULL;
  for (int i = 0; i < RC_RMA_MAX_PENDING && !p; ++i)
    if (!pending[i].used) p = &pending[i];
  if (p && p - pending >= pending_top) pending_top = (int)(p - pending) + 1;
  if (!p) {
    rc_rma_limit(NULL, "pending_origin_copies", RC_RMA_MAX_PENDING);
    return;
  }
  int whole = 0;
  p->bytes = rc_rma_pack(buf, n, type, p->copy, sizeof p->copy, &whole);
  if (p->bytes == 0) return;
  if (rc_type_is_derived(type) && PMPI_Type_dup(type, &type) != MPI_SUCCESS) return;
  p->used = 1;
  p->win_id = w->id;
  p->target = target;
  p->request = request;
  p->call = call;
  p->which = which;
  p->buf = buf;
  p->count = n;
  p->type = type;
  p->caller = caller;
}

/* The finding for a buffer that changed: the first differing bytes, as they were and are. */
static void report_update(const struct pending *p, const char *now, size_t bytes, const char *completed_by) {
  size_t first = 0;
  while (first < bytes && p->copy[first] == now[first]) ++first;
  if (first == bytes) return;
  int size = 1;
  PMPI_Type_size(p->type, &size);
  char type_text[512];
  const char *type = rc_type_text(p->type, type_text, sizeof type_text);
  const size_t element = size > 0 ? first / (size_t)size : 0;
  const size_t from = element * (size_t)(size > 0 ? size : 1);
  const size_t shown = bytes - from < EVIDENCE_BYTES ? bytes - from : EVIDENCE_BYTES;
  char message[512];
  snprintf(message, sizeof message,
           "the %s buffer of this %s (window %d, target %d) changed before %s completed it: packed byte %zu "
           "(element %zu of its datatype) differs",
           p->which, p->call, p->win_id, p->target, completed_by, first, element);
  rc_line l;
  rc_begin(&l, "finding");
  rc_str(&l, "check", "origin_buffer_updated_before_completion");
  rc_str(&l, "call", p->call);
  rc_str(&l, "rule", "MPI-4.1 §13.3");
  rc_str(&l, "message", message);
  rc_caller(&l, p->caller);
  rc_open_object(&l, "evidence");
  rc_int(&l, "win", p->win_id);
  rc_int(&l, "target", p->target);
  rc_str(&l, "buffer", p->which);
  rc_str(&l, "type", type);
  rc_str(&l, "completed_by", completed_by);
  rc_int(&l, "first_changed_byte", (long long)first);
  rc_int(&l, "from_byte", (long long)from);
  rc_hex(&l, "at_call", p->copy + from, shown);
  rc_hex(&l, "at_completion", now + from, shown);
  rc_close(&l);
  rc_end(&l);
}

static void forget(struct pending *p) {
  if (rc_type_is_derived(p->type)) PMPI_Type_free(&p->type);
  p->used = 0;
  while (pending_top > 0 && !pending[pending_top - 1].used) --pending_top;
}

static void compare_and_forget(struct pending *p, const char *completed_by) {
  char now[RC_RMA_MAX_COPY_BYTES];
  int whole = 0;
  const size_t bytes = rc_rma_pack(p->buf, p->count, p->type, now, sizeof now, &whole);
  if (bytes == p->bytes) report_update(p, now, bytes, completed_by);
  forget(p);
}

void rc_rma_complete_origins(const struct rc_window *w, int target, const char *completed_by) {
  for (int i = 0; i < pending_top; ++i)
    if (pending[i].used && pending[i].win_id == w->id && (target < 0 || pending[i].target == target))
      compare_and_forget(&pending[i], completed_by);
}

void rc_rma_forget_origins(const struct rc_window *w) {
  for (int i = 0; i < pending_top; ++i)
    if (pending[i].used && pending[i].win_id == w->id) forget(&pending[i]);
}

/* A request-based call completed at the origin (rma_requests.c). */
void rc_rma_complete_request_origin(MPI_Request request) {
  for (int i = 0; i < pending_top; ++i)
    if (pending[i].used && pending[i].request != MPI_REQUEST_NULL && pending[i].request == request)
      compare_and_forget(&pending[i], "MPI_Wait/MPI_Test on its request");
}

void rc_rma_untie_request_origin(MPI_Request request) {
  for (int i = 0; i < pending_top; ++i)
    if (pending[i].used && pending[i].request != MPI_REQUEST_NULL && pending[i].request == request)
      pending[i].request = MPI_REQUEST_NULL;
}
