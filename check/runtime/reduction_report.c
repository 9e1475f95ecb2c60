/* SPDX-License-Identifier: BSD-3-Clause */
#include "reduction_report.h"

#include <stdio.h>

#include "finding.h"
#include "predefined.h"
#include "user_ops.h"

void rc_check_in_place_agreement(const struct rc_reduction *r, const struct rc_sample *s,
                                 const struct rc_block *inputs) {
  /* These calls take MPI_IN_PLACE "at all processes" or at none (MPI-4.1 §7.9.6, §7.10.1,
   * §7.10.2); Reduce's root-only rule is checked locally. */
  const char *section = r->kind == RC_ALLREDUCE              ? "MPI-4.1 \302\2477.9.6"
                        : r->kind == RC_REDUCE_SCATTER_BLOCK ? "MPI-4.1 \302\2477.10.1"
                        : r->kind == RC_REDUCE_SCATTER       ? "MPI-4.1 \302\2477.10.2"
                                                             : NULL;
  if (!section) return;
  int with = 0;
  for (int i = 0; i < s->size; ++i) with += inputs[i].in_place != 0;
  if (with == 0 || with == s->size) return;
  char message[256];
  snprintf(message, sizeof message,
           "%s: %d of %d ranks pass MPI_IN_PLACE as sendbuf; it must be passed at all ranks or at none", r->call, with,
           s->size);
  rc_line l;
  rc_finding_begin(&l, "in_place_mixed", r->call, section, message, r->caller);
  rc_open_array(&l, "in_place_ranks");
  for (int i = 0; i < s->size; ++i)
    if (inputs[i].in_place) rc_int(&l, NULL, i);
  rc_close(&l);
  rc_int(&l, "comm_size", s->size);
  rc_int(&l, "index", (long long)s->index);
  rc_end(&l);
}

void rc_check_allreduce_agreement(const struct rc_reduction *r, const struct rc_sample *s,
                                  const struct rc_block *results) {
  int differ = 0;
  for (int i = 1; i < s->size; ++i)
    differ |= results[i].valid && results[0].valid && results[i].hash != results[0].hash;
  if (!differ) return;
  const int type = rc_predefined_type(r->type);
  const size_t size = rc_type_size(type);
  /* The first gathered element on which some rank differs from rank 0, when it is among them. */
  int element = -1;
  for (int k = 0; k < s->elements && element < 0; ++k)
    for (int i = 1; i < s->size; ++i)
      if (!rc_same_element(type, results[0].data + k * size, results[i].data + k * size)) element = k;
  char message[256];
  snprintf(message, sizeof message,
           "%s gave different results on different ranks; MPI requires every process of the group to receive "
           "identical results",
           r->call);
  rc_line l;
  rc_finding_begin(&l, "allreduce_results_differ", r->call, "MPI-4.1 \302\2477.9.6", message, r->caller);
  char op[32];
  rc_op_label(r->op, op, sizeof op);
  rc_str(&l, "op", op);
  rc_str(&l, "type", rc_type_name(type));
  rc_int(&l, "count", r->count);
  rc_int(&l, "index", (long long)s->index);
  rc_open_array(&l, "result_hashes");
  for (int i = 0; i < s->size; ++i) {
    char hex[24];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)results[i].hash);
    rc_str(&l, NULL, results[i].valid ? hex : NULL);
  }
  rc_close(&l);
  if (element >= 0) {
    rc_int(&l, "element", element);
    rc_open_array(&l, "values");
    for (int i = 0; i < s->size; ++i) rc_decode_element(&l, NULL, type, results[i].data + element * size);
    rc_close(&l);
  }
  rc_end(&l);
}

void rc_write_reduction_record(const struct rc_reduction *r, const struct rc_sample *s, const struct rc_block *inputs,
                               const struct rc_block *result, int result_rank) {
  const int op = rc_predefined_op(r->op), type = rc_predefined_type(r->type);
  if (op < 0 || type < 0 || rc_cell_verdict(type, op) != 'v') return;
  const size_t bytes = (size_t)s->elements * rc_type_size(type);
  int in_place = 0;
  for (int i = 0; i < s->size; ++i) in_place |= inputs[i].in_place;
  rc_line l;
  rc_begin(&l, "reduction");
  rc_str(&l, "call", r->call);
  rc_int(&l, "index", (long long)s->index);
  rc_int(&l, "comm_size", s->size);
  rc_int(&l, "root", r->kind == RC_REDUCE ? r->root : -1);
  rc_str(&l, "op", rc_op_name(op));
  rc_str(&l, "type", rc_type_name(type));
  rc_int(&l, "count", r->kind == RC_REDUCE_SCATTER ? rc_recvcount(r, 0) : r->count);
  rc_bool(&l, "in_place", in_place);
  rc_int(&l, "elements", s->elements);
  rc_open_array(&l, "inputs");
  for (int i = 0; i < s->size; ++i) rc_hex(&l, NULL, inputs[i].data, bytes);
  rc_close(&l);
  rc_hex(&l, "result", result->data, bytes);
  rc_int(&l, "result_rank", result_rank);
  rc_caller(&l, r->caller);
  rc_end(&l);
}
