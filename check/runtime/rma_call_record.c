/* SPDX-License-Identifier: BSD-3-Clause */
/* The recording of an RMA communication call (rma_call_record.h). */
#define _GNU_SOURCE
#include "rma_call_record.h"

#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "query_guard.h"
#include "thread_clocks.h"
#include "type_text.h"
#include "watch.h"

/* null for a datatype the call ignores (MPI_DATATYPE_NULL with MPI_NO_OP), never queried. */
static void write_type(rc_line *l, const char *key, MPI_Datatype type) {
  char text[512];
  rc_str(l, key, rc_type_queryable(type) ? rc_type_text(type, text, sizeof text) : NULL);
}

/* A large count (an `_c` call's) as the int the bounded copies take: they stop far below INT_MAX. */
static int bounded(long long count) { return count > INT_MAX ? INT_MAX : (int)count; }

/* `values` hex bytes of `count` elements of `type` at `buf`, at most RC_RMA_MAX_VALUE_BYTES. */
static void write_values(rc_line *l, const char *key, const void *buf, long long count, MPI_Datatype type) {
  char packed[RC_RMA_MAX_VALUE_BYTES];
  int whole = 1;
  const size_t n = rc_rma_pack(buf, bounded(count), type, packed, sizeof packed, &whole);
  rc_hex(l, key, packed, n);
  if (!whole) rc_bool(l, "values_bounded", 1);
}

/* Returns the line's seq, or -1 when a bound left it unwritten. */
static long long write_line(struct rc_window *w, const struct rc_rma_call *c, long long request) {
  if (rc_rma_syncs_bounded(w)) return -1; /* the window's rma_limit line says so */
  if (w->calls++ >= RC_RMA_MAX_CALLS) {
    if (w->calls == RC_RMA_MAX_CALLS + 1) {
      rc_line l;
      rc_rma_begin(&l, "rma_limit", w, c->call);
      rc_str(&l, "what", "calls_in_epoch");
      rc_int(&l, "limit", RC_RMA_MAX_CALLS);
      rc_end(&l);
    }
    return -1;
  }
  rc_line l;
  /* Another thread's line may take this seq first: `of` then names a line that is not this
   * window's rma_call, and the analysis leaves the result out. */
  const long long seq = (long long)rc_next_seq();
  rc_rma_begin(&l, "rma_call", w, c->call);
  rc_int(&l, "target", c->target);
  rc_int(&l, "disp", (long long)c->disp);
  rc_int(&l, "count", c->count);
  write_type(&l, "type", c->type);
  rc_int(&l, "origin_count", c->origin_count);
  write_type(&l, "origin_type", c->origin_type);
  if (c->op) rc_str(&l, "op", c->op);
  if (c->origin) write_values(&l, "origin", c->origin, c->origin_count, c->origin_type);
  if (c->compare) write_values(&l, "compare", c->compare, 1, c->type);
  if (request >= 0) rc_int(&l, "request", request);
  rc_int(&l, "time", c->time);
  rc_caller(&l, c->caller);
  rc_tc_write_now(&l);
  rc_end(&l);
  return seq;
}

/* Keeps the origin and compare bytes for the comparison at completion and arms the call's
 * buffers (watch.h). */
static void watch_buffers(const struct rc_window *w, const struct rc_rma_call *c, MPI_Request r) {
  if (c->origin)
    rc_rma_keep_origin(w, c->call, "origin", c->target, c->origin, bounded(c->origin_count), c->origin_type, r,
                       c->caller);
  if (c->compare) rc_rma_keep_origin(w, c->call, "compare", c->target, c->compare, 1, c->type, r, c->caller);
  const struct rc_watch_call watched = {.call = c->call,
                                        .target = c->target,
                                        .origin = c->origin,
                                        .origin_count = bounded(c->origin_count),
                                        .origin_type = c->origin_type,
                                        .compare = c->compare,
                                        .type = c->type,
                                        .result = c->result,
                                        .result_count = bounded(c->result_count),
                                        .result_type = c->result_type,
                                        .request = r,
                                        .caller = c->caller};
  rc_watch_rma_call(w, &watched);
}

void rc_rma_record_call(const struct rc_rma_call *given, const MPI_Request *request) {
  struct rc_rma_call no_op = *given;
  const struct rc_rma_call *c = given;
  if (given->op && strcmp(given->op, "MPI_NO_OP") == 0) {
    no_op.origin = NULL;
    if (strcmp(given->call, "MPI_Fetch_and_op") != 0) no_op.origin_type = MPI_DATATYPE_NULL;
    c = &no_op;
  }
  rc_count(c->call);
  struct rc_guard guard;
  rc_guard_begin(&guard, c->call, c->caller);
  rc_rma_lock();
  struct rc_window *w = rc_rma_window(c->win);
  if (w) {
    const long long number = request ? rc_rma_add_request(w, *request) : -1;
    const long long seq = write_line(w, c, number);
    const MPI_Request r = request ? *request : MPI_REQUEST_NULL;
    /* A call to MPI_PROC_NULL moves no data (MPI-4.1 §13.3): none of its buffers is pending, and its
     * result buffer receives nothing to record. */
    if (c->target != MPI_PROC_NULL) {
      if (seq >= 0 && c->result)
        rc_rma_keep_result(w, c->target, seq, c->result, bounded(c->result_count), c->result_type, r);
      watch_buffers(w, c, r);
    }
  }
  rc_rma_unlock();
  rc_guard_end(&guard);
}

int rc_rma_finish_call(const struct rc_rma_call *c, int rc, const MPI_Request *request) {
  if (rc == MPI_SUCCESS) rc_rma_record_call(c, request);
  rc_watch_forward_end();
  return rc;
}
