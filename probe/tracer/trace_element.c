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
  (void)datatype;
  const trace_element *left = in;
  trace_element *right = inout;
  for (int k = 0; k < *len; ++k) {
    char joined[2 * trace_tree_chars + 3];
    snprintf(joined, sizeof joined, "(%s%s)", left[k].tree, right[k].tree);
    if (strlen(joined) >= trace_tree_chars) strcpy(joined, "!");
    memcpy(right[k].tree, joined, trace_tree_chars);
    right[k].tree[trace_tree_chars - 1] = 0;
    if (left[k].index != right[k].index) right[k].index = -1;
  }
}
