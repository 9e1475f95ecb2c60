/* SPDX-License-Identifier: BSD-3-Clause */
/* The RMA communication calls (MPI-4.1 §13.3): MPI_Put, MPI_Get, MPI_Accumulate,
 * MPI_Get_accumulate, MPI_Fetch_and_op, MPI_Compare_and_swap and the request-based MPI_Rput,
 * MPI_Rget, MPI_Raccumulate, MPI_Rget_accumulate. Each is forwarded unchanged; then, on success,
 * its `rma_call` line (bounded: RC_RMA_MAX_CALLS per epoch, RC_RMA_MAX_VALUE_BYTES of origin
 * values) and a copy of the buffers it reads, for the origin-buffer check (rma_origin.c). */
#define _GNU_SOURCE
#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "predefined.h"
#include "query_guard.h"
#include "redsem_mpi_features.h"
#include "rma_state.h"
#include "thread_clocks.h"
#include "type_text.h"
#include "watch.h"

struct rma_call {
  const char *call;
  MPI_Win win;
  int target;
  MPI_Aint disp;
  long long count;
  MPI_Datatype type;
  const void *origin; /* read by the call; NULL for a get (the origin buffer is written) */
  long long origin_count;
  MPI_Datatype origin_type;
  const void *compare; /* MPI_Compare_and_swap */
  const char *op;      /* NULL for put, get and compare-and-swap */
  void *result;        /* written by the call: get, get-accumulate, fetch-and-op, compare-and-swap */
  long long result_count;
  MPI_Datatype result_type;
  const void *caller;
  long long time; /* when the call was made */
};

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

static void write_line(struct rc_window *w, const struct rma_call *c, long long request) {
  if (w->syncs >= RC_RMA_MAX_SYNCS) return; /* the window's rma_limit line says so */
  if (w->calls++ >= RC_RMA_MAX_CALLS) {
    if (w->calls == RC_RMA_MAX_CALLS + 1) {
      rc_line l;
      rc_rma_begin(&l, "rma_limit", w, c->call);
      rc_str(&l, "what", "calls_in_epoch");
      rc_int(&l, "limit", RC_RMA_MAX_CALLS);
      rc_end(&l);
    }
    return;
  }
  rc_line l;
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
}

/* After the forwarded call succeeded. `request` points to the request of a request-based call.
 * With MPI_NO_OP the origin arguments are ignored (MPI-4.1 §13.3.4): they may be NULL, 0 and
 * MPI_DATATYPE_NULL, and are neither read nor described. */
static void record_call(const struct rma_call *given, const MPI_Request *request) {
  struct rma_call no_op = *given;
  const struct rma_call *c = given;
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
    write_line(w, c, number);
    const MPI_Request r = request ? *request : MPI_REQUEST_NULL;
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
  rc_rma_unlock();
  rc_guard_end(&guard);
}

/* After the forwarded call returned: recorded on success; whatever the library left open to
 * itself meanwhile is protected again before the program runs on (rc_watch_forward_begin). */
static int finish_call(const struct rma_call *c, int rc, const MPI_Request *request) {
  if (rc == MPI_SUCCESS) record_call(c, request);
  rc_watch_forward_end();
  return rc;
}

#define CALL(...) \
  (struct rma_call) { .caller = __builtin_return_address(0), .time = rc_rma_now(), __VA_ARGS__ }

int MPI_Put(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win) {
  if (!rc_active())
    return PMPI_Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype,
                    win);
  const struct rma_call c = CALL(.call = "MPI_Put", .win = win, .target = target_rank, .disp = target_disp,
                                 .count = target_count, .type = target_datatype, .origin = origin_addr,
                                 .origin_count = origin_count, .origin_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                          target_datatype, win);
  return finish_call(&c, rc, NULL);
}

int MPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,
            int target_count, MPI_Datatype target_datatype, MPI_Win win) {
  if (!rc_active())
    return PMPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype,
                    win);
  const struct rma_call c =
      CALL(.call = "MPI_Get", .win = win, .target = target_rank, .disp = target_disp, .count = target_count,
           .type = target_datatype, .origin_count = origin_count, .origin_type = origin_datatype, .result = origin_addr,
           .result_count = origin_count, .result_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                          target_datatype, win);
  return finish_call(&c, rc, NULL);
}

int MPI_Accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                   MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
  if (!rc_active())
    return PMPI_Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                           target_datatype, op, win);
  const struct rma_call c =
      CALL(.call = "MPI_Accumulate", .win = win, .target = target_rank, .disp = target_disp, .count = target_count,
           .type = target_datatype, .origin = origin_addr, .origin_count = origin_count, .origin_type = origin_datatype,
           .op = rc_op_name(rc_predefined_op(op)));
  rc_watch_forward_begin();
  const int rc = PMPI_Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                                 target_datatype, op, win);
  return finish_call(&c, rc, NULL);
}

int MPI_Get_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr,
                       int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
                       int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
  if (!rc_active())
    return PMPI_Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
                               target_rank, target_disp, target_count, target_datatype, op, win);
  const struct rma_call c =
      CALL(.call = "MPI_Get_accumulate", .win = win, .target = target_rank, .disp = target_disp, .count = target_count,
           .type = target_datatype, .origin = origin_addr, .origin_count = origin_count, .origin_type = origin_datatype,
           .op = rc_op_name(rc_predefined_op(op)), .result = result_addr, .result_count = result_count,
           .result_type = result_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count,
                                     result_datatype, target_rank, target_disp, target_count, target_datatype, op, win);
  return finish_call(&c, rc, NULL);
}

int MPI_Fetch_and_op(const void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank,
                     MPI_Aint target_disp, MPI_Op op, MPI_Win win) {
  if (!rc_active()) return PMPI_Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win);
  const struct rma_call c =
      CALL(.call = "MPI_Fetch_and_op", .win = win, .target = target_rank, .disp = target_disp, .count = 1,
           .type = datatype, .origin = origin_addr, .origin_count = 1, .origin_type = datatype,
           .op = rc_op_name(rc_predefined_op(op)), .result = result_addr, .result_count = 1, .result_type = datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win);
  return finish_call(&c, rc, NULL);
}

int MPI_Compare_and_swap(const void *origin_addr, const void *compare_addr, void *result_addr, MPI_Datatype datatype,
                         int target_rank, MPI_Aint target_disp, MPI_Win win) {
  if (!rc_active())
    return PMPI_Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank, target_disp, win);
  const struct rma_call c =
      CALL(.call = "MPI_Compare_and_swap", .win = win, .target = target_rank, .disp = target_disp, .count = 1,
           .type = datatype, .origin = origin_addr, .origin_count = 1, .origin_type = datatype, .compare = compare_addr,
           .result = result_addr, .result_count = 1, .result_type = datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank, target_disp, win);
  return finish_call(&c, rc, NULL);
}

int MPI_Rput(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request) {
  if (!rc_active())
    return PMPI_Rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                     target_datatype, win, request);
  const struct rma_call c = CALL(.call = "MPI_Rput", .win = win, .target = target_rank, .disp = target_disp,
                                 .count = target_count, .type = target_datatype, .origin = origin_addr,
                                 .origin_count = origin_count, .origin_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                           target_datatype, win, request);
  return finish_call(&c, rc, request);
}

int MPI_Rget(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,
             int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request) {
  if (!rc_active())
    return PMPI_Rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                     target_datatype, win, request);
  const struct rma_call c =
      CALL(.call = "MPI_Rget", .win = win, .target = target_rank, .disp = target_disp, .count = target_count,
           .type = target_datatype, .origin_count = origin_count, .origin_type = origin_datatype, .result = origin_addr,
           .result_count = origin_count, .result_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                           target_datatype, win, request);
  return finish_call(&c, rc, request);
}

int MPI_Raccumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                    MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
                    MPI_Request *request) {
  if (!rc_active())
    return PMPI_Raccumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                            target_datatype, op, win, request);
  const struct rma_call c =
      CALL(.call = "MPI_Raccumulate", .win = win, .target = target_rank, .disp = target_disp, .count = target_count,
           .type = target_datatype, .origin = origin_addr, .origin_count = origin_count, .origin_type = origin_datatype,
           .op = rc_op_name(rc_predefined_op(op)));
  rc_watch_forward_begin();
  const int rc = PMPI_Raccumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                                  target_datatype, op, win, request);
  return finish_call(&c, rc, request);
}

int MPI_Rget_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr,
                        int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
                        int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request) {
  if (!rc_active())
    return PMPI_Rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
                                target_rank, target_disp, target_count, target_datatype, op, win, request);
  const struct rma_call c =
      CALL(.call = "MPI_Rget_accumulate", .win = win, .target = target_rank, .disp = target_disp, .count = target_count,
           .type = target_datatype, .origin = origin_addr, .origin_count = origin_count, .origin_type = origin_datatype,
           .op = rc_op_name(rc_predefined_op(op)), .result = result_addr, .result_count = result_count,
           .result_type = result_datatype);
  rc_watch_forward_begin();
  const int rc =
      PMPI_Rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
                           target_rank, target_disp, target_count, target_datatype, op, win, request);
  return finish_call(&c, rc, request);
}

#if REDSEM_HAVE_LARGE_COUNT_RMA
/* The large-count forms (MPI-4.1 §2.5.8), recorded as their int-count forms are. */
int MPI_Put_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
              MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win) {
  if (!rc_active())
    return PMPI_Put_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                      target_datatype, win);
  const struct rma_call c = CALL(.call = "MPI_Put_c", .win = win, .target = target_rank, .disp = target_disp,
                                 .count = target_count, .type = target_datatype, .origin = origin_addr,
                                 .origin_count = origin_count, .origin_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Put_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                            target_datatype, win);
  return finish_call(&c, rc, NULL);
}

int MPI_Get_c(void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
              MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win) {
  if (!rc_active())
    return PMPI_Get_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                      target_datatype, win);
  const struct rma_call c =
      CALL(.call = "MPI_Get_c", .win = win, .target = target_rank, .disp = target_disp, .count = target_count,
           .type = target_datatype, .origin_count = origin_count, .origin_type = origin_datatype, .result = origin_addr,
           .result_count = origin_count, .result_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Get_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                            target_datatype, win);
  return finish_call(&c, rc, NULL);
}

int MPI_Accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
                     MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op,
                     MPI_Win win) {
  if (!rc_active())
    return PMPI_Accumulate_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                             target_datatype, op, win);
  const struct rma_call c =
      CALL(.call = "MPI_Accumulate_c", .win = win, .target = target_rank, .disp = target_disp, .count = target_count,
           .type = target_datatype, .origin = origin_addr, .origin_count = origin_count, .origin_type = origin_datatype,
           .op = rc_op_name(rc_predefined_op(op)));
  rc_watch_forward_begin();
  const int rc = PMPI_Accumulate_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                                   target_datatype, op, win);
  return finish_call(&c, rc, NULL);
}

int MPI_Get_accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                         void *result_addr, MPI_Count result_count, MPI_Datatype result_datatype, int target_rank,
                         MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op,
                         MPI_Win win) {
  if (!rc_active())
    return PMPI_Get_accumulate_c(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
                                 target_rank, target_disp, target_count, target_datatype, op, win);
  const struct rma_call c =
      CALL(.call = "MPI_Get_accumulate_c", .win = win, .target = target_rank, .disp = target_disp,
           .count = target_count, .type = target_datatype, .origin = origin_addr, .origin_count = origin_count,
           .origin_type = origin_datatype, .op = rc_op_name(rc_predefined_op(op)), .result = result_addr,
           .result_count = result_count, .result_type = result_datatype);
  rc_watch_forward_begin();
  const int rc =
      PMPI_Get_accumulate_c(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
                            target_rank, target_disp, target_count, target_datatype, op, win);
  return finish_call(&c, rc, NULL);
}

int MPI_Rput_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
               MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win,
               MPI_Request *request) {
  if (!rc_active())
    return PMPI_Rput_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                       target_datatype, win, request);
  const struct rma_call c = CALL(.call = "MPI_Rput_c", .win = win, .target = target_rank, .disp = target_disp,
                                 .count = target_count, .type = target_datatype, .origin = origin_addr,
                                 .origin_count = origin_count, .origin_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Rput_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                             target_datatype, win, request);
  return finish_call(&c, rc, request);
}

int MPI_Rget_c(void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
               MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win,
               MPI_Request *request) {
  if (!rc_active())
    return PMPI_Rget_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                       target_datatype, win, request);
  const struct rma_call c =
      CALL(.call = "MPI_Rget_c", .win = win, .target = target_rank, .disp = target_disp, .count = target_count,
           .type = target_datatype, .origin_count = origin_count, .origin_type = origin_datatype, .result = origin_addr,
           .result_count = origin_count, .result_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Rget_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                             target_datatype, win, request);
  return finish_call(&c, rc, request);
}

int MPI_Raccumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
                      MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op,
                      MPI_Win win, MPI_Request *request) {
  if (!rc_active())
    return PMPI_Raccumulate_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                              target_datatype, op, win, request);
  const struct rma_call c =
      CALL(.call = "MPI_Raccumulate_c", .win = win, .target = target_rank, .disp = target_disp, .count = target_count,
           .type = target_datatype, .origin = origin_addr, .origin_count = origin_count, .origin_type = origin_datatype,
           .op = rc_op_name(rc_predefined_op(op)));
  rc_watch_forward_begin();
  const int rc = PMPI_Raccumulate_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                                    target_datatype, op, win, request);
  return finish_call(&c, rc, request);
}

int MPI_Rget_accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                          void *result_addr, MPI_Count result_count, MPI_Datatype result_datatype, int target_rank,
                          MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op,
                          MPI_Win win, MPI_Request *request) {
  if (!rc_active())
    return PMPI_Rget_accumulate_c(origin_addr, origin_count, origin_datatype, result_addr, result_count,
                                  result_datatype, target_rank, target_disp, target_count, target_datatype, op, win,
                                  request);
  const struct rma_call c =
      CALL(.call = "MPI_Rget_accumulate_c", .win = win, .target = target_rank, .disp = target_disp,
           .count = target_count, .type = target_datatype, .origin = origin_addr, .origin_count = origin_count,
           .origin_type = origin_datatype, .op = rc_op_name(rc_predefined_op(op)), .result = result_addr,
           .result_count = result_count, .result_type = result_datatype);
  rc_watch_forward_begin();
  const int rc =
      PMPI_Rget_accumulate_c(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
                             target_rank, target_disp, target_count, target_datatype, op, win, request);
  return finish_call(&c, rc, request);
}
#endif
