/* SPDX-License-Identifier: BSD-3-Clause */
/* The checks a reduction call gets on every rank and every call, with no communication: the op
 * against the datatype (the model's table, MPI-4.1 §7.9.2), MPI_IN_PLACE where the call does not
 * take it, and send and receive buffers that share bytes (MPI-4.1 §2.3). Each is reported even
 * when the library accepts the call. */
#include <stdint.h>
#include <stdio.h>

#include "buffer_span.h"
#include "finding.h"
#include "predefined.h"
#include "query_guard.h"
#include "reduction.h"
#include "type_contents.h"
#include "typemap_runs.h"
#include "user_ops.h"

/* Where MPI-4.1 defines each call (its MPI_IN_PLACE rules included). */
static const char *section_of(enum rc_collective kind) {
  switch (kind) {
    case RC_REDUCE:
      return "MPI-4.1 \302\2477.9.1";
    case RC_ALLREDUCE:
      return "MPI-4.1 \302\2477.9.6";
    case RC_REDUCE_SCATTER_BLOCK:
      return "MPI-4.1 \302\2477.10.1";
    case RC_REDUCE_SCATTER:
      return "MPI-4.1 \302\2477.10.2";
    case RC_SCAN:
      return "MPI-4.1 \302\2477.11.1";
    case RC_EXSCAN:
      return "MPI-4.1 \302\2477.11.2";
    case RC_REDUCE_LOCAL:
      return "MPI-4.1 \302\2477.9.7";
  }
  return "MPI-4.1 \302\2477.9";
}

void rc_check_op_type(const struct rc_reduction *r) {
  const int op = rc_predefined_op(r->op);
  if (op < 0 || !rc_type_queryable(r->type)) return; /* a user op takes any datatype */
  const int type = rc_predefined_type(r->type);
  const char *name, *section, *text;
  if (type >= 0) {
    if (rc_cell_verdict(type, op) == 'v') return;
    rc_cell_rule(type, op, &name, &section, &text);
  } else if (rc_type_is_derived(r->type)) {
    rc_derived_type_rule(&name, &section, &text);
  } else {
    return; /* a named type the model does not list (an optional Fortran kind…): not judged */
  }
  char message[256];
  snprintf(message, sizeof message, "%s with %s on %s: %s", r->call, rc_op_name(op), rc_type_name(type), text);
  rc_line l;
  rc_finding_begin(&l, name, r->call, section, message, r->caller);
  rc_str(&l, "op", rc_op_name(op));
  rc_str(&l, "type", rc_type_name(type));
  rc_int(&l, "count", r->count);
  rc_end(&l);
}

static void in_place_finding(const struct rc_reduction *r, const char *check, const char *rule, const char *argument,
                             const char *message, int rank) {
  rc_line l;
  rc_finding_begin(&l, check, r->call, rule, message, r->caller);
  rc_str(&l, "argument", argument);
  if (r->kind == RC_REDUCE) rc_int(&l, "root", r->root);
  if (r->kind != RC_REDUCE_LOCAL) rc_int(&l, "comm_rank", rank);
  rc_end(&l);
}

static void check_in_place(const struct rc_reduction *r, int rank) {
  char message[256];
  if (r->kind == RC_REDUCE_LOCAL) {
    if (r->sendbuf != MPI_IN_PLACE && r->recvbuf != MPI_IN_PLACE) return;
    snprintf(message, sizeof message, "MPI_Reduce_local is passed MPI_IN_PLACE as %s, which it does not accept",
             r->sendbuf == MPI_IN_PLACE ? "inbuf" : "inoutbuf");
    in_place_finding(r, "in_place_forbidden", section_of(r->kind), r->sendbuf == MPI_IN_PLACE ? "inbuf" : "inoutbuf",
                     message, rank);
    return;
  }
  if (r->recvbuf == MPI_IN_PLACE) {
    snprintf(message, sizeof message, "%s is passed MPI_IN_PLACE as recvbuf: only sendbuf may be MPI_IN_PLACE",
             r->call);
    in_place_finding(r, "in_place_recvbuf", section_of(r->kind), "recvbuf", message, rank);
  }
  if (r->kind == RC_REDUCE && r->sendbuf == MPI_IN_PLACE && rank != r->root) {
    snprintf(message, sizeof message,
             "%s at rank %d passes MPI_IN_PLACE as sendbuf, but only the root (rank %d) may: "
             "a non-root's sendbuf holds its contribution",
             r->call, rank, r->root);
    in_place_finding(r, "in_place_non_root", section_of(r->kind), "sendbuf", message, rank);
  }
}

/* The elements the send and receive buffers hold at this rank. */
static void element_counts(const struct rc_reduction *r, int rank, int size, long long *send, long long *recv) {
  *send = *recv = r->count;
  if (r->kind == RC_REDUCE_SCATTER_BLOCK) *send = (long long)r->count * size;
  if (r->kind == RC_REDUCE_SCATTER) {
    *send = 0;
    for (int i = 0; i < size; ++i) *send += rc_recvcount(r, i);
    *recv = rc_recvcount(r, rank);
  }
}

static void overlap_finding(const struct rc_reduction *r, int rank, struct rc_span send, struct rc_span recv,
                            unsigned long long shared, uintptr_t first) {
  const int local = r->kind == RC_REDUCE_LOCAL;
  const char *in = local ? "inbuf" : "sendbuf", *out = local ? "inoutbuf" : "recvbuf";
  char message[320];
  /* Sizes and offsets only: addresses differ per rank, and go in the evidence. */
  snprintf(message, sizeof message,
           "%s's %s and %s share %llu bytes of their typemaps, from byte %llu of %s on: an output buffer must not "
           "alias an input (use MPI_IN_PLACE)",
           r->call, in, out, shared, (unsigned long long)(first - send.begin), in);
  rc_line l;
  rc_finding_begin(&l, local ? "inout_aliases_input" : "buffers_overlap", r->call, "MPI-4.1 \302\2472.3", message,
                   r->caller);
  char hex[32];
  snprintf(hex, sizeof hex, "0x%jx", (uintmax_t)send.begin);
  rc_str(&l, "send_begin", hex);
  rc_int(&l, "send_bytes", (long long)(send.end - send.begin));
  snprintf(hex, sizeof hex, "0x%jx", (uintmax_t)recv.begin);
  rc_str(&l, "recv_begin", hex);
  rc_int(&l, "recv_bytes", (long long)(recv.end - recv.begin));
  rc_int(&l, "shared_bytes", (long long)shared);
  rc_int(&l, "first_shared", (long long)(first - send.begin));
  if (!local) rc_int(&l, "comm_rank", rank);
  rc_end(&l);
}

/* Send and receive buffers that share bytes: decided on their typemaps, not their extents. NULL
 * with a nonzero count is MPI_BOTTOM: the datatype's displacements are then addresses. */
static void check_overlap(const struct rc_reduction *r, int rank, int size) {
  if (r->sendbuf == MPI_IN_PLACE || r->recvbuf == MPI_IN_PLACE || !rc_type_queryable(r->type)) return;
  if (r->kind == RC_REDUCE && rank != r->root) return; /* recvbuf is significant only at the root */
  long long send_count, recv_count;
  element_counts(r, rank, size, &send_count, &recv_count);
  struct rc_span send, recv;
  if (send_count <= 0 || recv_count <= 0 || !rc_span_of(r->sendbuf, send_count, r->type, &send) ||
      !rc_span_of(r->recvbuf, recv_count, r->type, &recv) || !rc_spans_overlap(send, recv))
    return;
  struct rc_runs in = {0, NULL}, out = {0, NULL};
  uintptr_t first = 0;
  const int decided =
      rc_runs_of(r->sendbuf, send_count, r->type, &in) && rc_runs_of(r->recvbuf, recv_count, r->type, &out);
  const unsigned long long shared = decided ? rc_runs_shared(&in, &out, &first) : 0;
  rc_runs_free(&in);
  rc_runs_free(&out);
  if (!decided) {
    rc_note("overlap_not_decided", r->call,
            "the send and receive buffers' extents overlap, and their datatype's typemap is too large or of a "
            "constructor the check does not decode: whether they share bytes is not checked",
            r->caller);
    return;
  }
  if (shared) overlap_finding(r, rank, send, recv, shared, first);
}

void rc_check_buffers(const struct rc_reduction *r, int rank, int size) {
  check_in_place(r, rank);
  check_overlap(r, rank, size);
}
