/* SPDX-License-Identifier: BSD-3-Clause */
/* The tracing element: each value is the evaluation tree that produced it, written as a
 * bracket string over rank names ("((01)(23))"), plus the global element index it belongs to,
 * so a library that mixes up elements is caught too. */
#ifndef REDSEM_PROBE_TRACE_ELEMENT_H
#define REDSEM_PROBE_TRACE_ELEMENT_H

#include <mpi.h>

enum { trace_tree_chars = 60 };

typedef struct {
  int index;                     /* global element index; -1 once two different ones met */
  char tree[trace_tree_chars];   /* NUL-terminated; "!" when the tree no longer fits */
} trace_element;

/* The one-character name of a rank in a tree (ranks 0..35). */
char trace_rank_name(int rank);

void trace_leaf(trace_element *e, int rank, int index);

/* The MPI user function: inout := "(" in inout ")". */
void trace_combine(void *in, void *inout, int *len, MPI_Datatype *datatype);

#endif
