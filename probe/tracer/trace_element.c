/* SPDX-License-Identifier: BSD-3-Clause */
#include "trace_element.h"

#include <stdio.h>
#include <string.h>

char trace_rank_name(int rank) {
  static const char names[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  return rank >= 0 && rank < (int)sizeof names - 1 ? names[rank] : '?';
}

void trace_leaf(trace_element *e, int rank, int index) {
  memset(e, 0, sizeof *e);
  e->index = index;
  e->tree[0] = trace_rank_name(rank);
}

void trace_combine(void *in, void *inout, int *len, MPI_Datatype *datatype) {
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(*datatype, &lb, &extent);
  for (int k = 0; k < *len; ++k) {
    const trace_element *left = (const trace_element *)((const char *)in + k * extent);
    trace_element *right = (trace_element *)((char *)inout + k * extent);
    char joined[2 * trace_tree_chars + 3];
    snprintf(joined, sizeof joined, "(%s%s)", left->tree, right->tree);
    if (strlen(joined) >= trace_tree_chars) strcpy(joined, "!");
    memcpy(right->tree, joined, trace_tree_chars);
    right->tree[trace_tree_chars - 1] = 0;
    if (left->index != right->index) right->index = -1;
  }
}
