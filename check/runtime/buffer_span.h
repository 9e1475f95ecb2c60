/* SPDX-License-Identifier: BSD-3-Clause */
/* The bytes `count` elements of a datatype occupy from a buffer address: from the first
 * element's true lower bound to the last element's true upper bound (MPI-4.1 §5.1.8). */
#ifndef REDSEM_CHECK_BUFFER_SPAN_H
#define REDSEM_CHECK_BUFFER_SPAN_H

#include <mpi.h>
#include <stdint.h>

struct rc_span {
  uintptr_t begin, end; /* [begin, end); empty when begin == end */
};

/* 0 when the datatype's extents cannot be read or are negative (nothing is then concluded). */
int rc_span_of(const void *buf, long long count, MPI_Datatype type, struct rc_span *out);
int rc_spans_overlap(struct rc_span a, struct rc_span b);

#endif
