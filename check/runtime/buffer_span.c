/* SPDX-License-Identifier: BSD-3-Clause */
#include "buffer_span.h"

int rc_span_of(const void *buf, long long count, MPI_Datatype type, struct rc_span *out) {
  MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
  if (PMPI_Type_get_extent(type, &lb, &extent) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent(type, &true_lb, &true_extent) != MPI_SUCCESS)
    return 0;
  if (count < 0 || extent < 0 || true_extent < 0) return 0;
  const uintptr_t base = (uintptr_t)buf + (uintptr_t)true_lb;
  out->begin = base;
  out->end = count == 0 ? base : base + (uintptr_t)((count - 1) * (long long)extent + (long long)true_extent);
  return 1;
}

int rc_spans_overlap(struct rc_span a, struct rc_span b) {
  return a.begin < a.end && b.begin < b.end && a.begin < b.end && b.begin < a.end;
}
