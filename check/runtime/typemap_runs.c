/* SPDX-License-Identifier: BSD-3-Clause */
#include "typemap_runs.h"

#include <stdlib.h>

#include "type_contents.h"

/* Appends [begin, begin + bytes), merged with the last run when it continues it. */
static int add(struct rc_runs *r, uintptr_t begin, MPI_Aint bytes) {
  if (bytes <= 0) return 1;
  if (r->n > 0 && r->run[r->n - 1].end == begin) {
    r->run[r->n - 1].end += (uintptr_t)bytes;
    return 1;
  }
  if (r->n == RC_MAX_RUNS) return 0;
  r->run[r->n++] = (struct rc_run){begin, begin + (uintptr_t)bytes};
  return 1;
}

static int elements(struct rc_runs *r, uintptr_t at, long long count, MPI_Datatype type, int depth);

/* Blocks of `count` elements each, at `at` + displacement[i] (in bytes). */
static int blocks(struct rc_runs *r, uintptr_t at, int n, const int *counts, int same_count, const MPI_Aint *bytes,
                  const int *units, MPI_Aint unit, const MPI_Datatype *types, int one_type, int depth) {
  for (int i = 0; i < n; ++i) {
    const MPI_Aint disp = bytes ? bytes[i] : (MPI_Aint)units[i] * unit;
    const long long count = counts ? counts[same_count ? 0 : i] : 1;
    if (!elements(r, at + (uintptr_t)disp, count, types[one_type ? 0 : i], depth + 1)) return 0;
  }
  return 1;
}

/* One element of a derived datatype, its constructor read back. */
static int derived(struct rc_runs *r, uintptr_t at, const struct rc_type_contents *c, int depth) {
  const int *ints = c->ints;
  MPI_Aint lb, unit = 0;
  if (c->nd > 0 && PMPI_Type_get_extent(c->types[0], &lb, &unit) != MPI_SUCCESS) return 0;
  switch (c->combiner) {
    case MPI_COMBINER_DUP:
    case MPI_COMBINER_RESIZED: /* the same typemap, other bounds */
      return elements(r, at, 1, c->types[0], depth + 1);
    case MPI_COMBINER_CONTIGUOUS:
      return elements(r, at, ints[0], c->types[0], depth + 1);
    case MPI_COMBINER_VECTOR:
    case MPI_COMBINER_HVECTOR:
      for (int i = 0; i < ints[0]; ++i) {
        const MPI_Aint stride = c->combiner == MPI_COMBINER_VECTOR ? (MPI_Aint)ints[2] * unit : c->addrs[0];
        if (!elements(r, at + (uintptr_t)(i * stride), ints[1], c->types[0], depth + 1)) return 0;
      }
      return 1;
    case MPI_COMBINER_INDEXED:
      return blocks(r, at, ints[0], ints + 1, 0, NULL, ints + 1 + ints[0], unit, c->types, 1, depth);
    case MPI_COMBINER_HINDEXED:
      return blocks(r, at, ints[0], ints + 1, 0, c->addrs, NULL, 0, c->types, 1, depth);
    case MPI_COMBINER_INDEXED_BLOCK:
      return blocks(r, at, ints[0], ints + 1, 1, NULL, ints + 2, unit, c->types, 1, depth);
    case MPI_COMBINER_HINDEXED_BLOCK:
      return blocks(r, at, ints[0], ints + 1, 1, c->addrs, NULL, 0, c->types, 1, depth);
    case MPI_COMBINER_STRUCT:
      return blocks(r, at, ints[0], ints + 1, 0, c->addrs, NULL, 0, c->types, 0, depth);
    default:
      return 0; /* subarray, darray, Fortran types: not decoded */
  }
}

/* `count` elements of `type` from `at`. A type without gaps is one run; a named type with gaps
 * (MPI_SHORT_INT) is not decoded. */
static int elements(struct rc_runs *r, uintptr_t at, long long count, MPI_Datatype type, int depth) {
  MPI_Aint lb, extent, true_lb, true_extent;
  int size = 0;
  if (count <= 0) return 1;
  if (PMPI_Type_size(type, &size) != MPI_SUCCESS || PMPI_Type_get_extent(type, &lb, &extent) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent(type, &true_lb, &true_extent) != MPI_SUCCESS || size < 0)
    return 0;
  if (size == 0) return 1;
  if ((MPI_Aint)size == true_extent && (MPI_Aint)size == extent) return add(r, at + (uintptr_t)true_lb, count * extent);
  struct rc_type_contents c;
  if (rc_type_contents_read(type, depth, &c) != 0) return 0;
  int decided = c.combiner != MPI_COMBINER_NAMED || (MPI_Aint)size == true_extent;
  for (long long i = 0; decided && i < count; ++i) {
    const uintptr_t element = at + (uintptr_t)(i * extent);
    decided =
        c.combiner == MPI_COMBINER_NAMED ? add(r, element + (uintptr_t)true_lb, size) : derived(r, element, &c, depth);
  }
  if (c.combiner != MPI_COMBINER_NAMED) rc_type_contents_release(&c);
  return decided;
}

static int by_begin(const void *x, const void *y) {
  const struct rc_run *a = x, *b = y;
  return a->begin < b->begin ? -1 : a->begin > b->begin;
}

/* Sorted, and runs that touch or overlap merged. */
static void normalise(struct rc_runs *r) {
  qsort(r->run, (size_t)r->n, sizeof *r->run, by_begin);
  int kept = 0;
  for (int i = 0; i < r->n; ++i) {
    if (kept > 0 && r->run[i].begin <= r->run[kept - 1].end) {
      if (r->run[i].end > r->run[kept - 1].end) r->run[kept - 1].end = r->run[i].end;
    } else {
      r->run[kept++] = r->run[i];
    }
  }
  r->n = kept;
}

int rc_runs_of(const void *buf, long long count, MPI_Datatype type, struct rc_runs *out) {
  out->n = 0;
  out->run = malloc(RC_MAX_RUNS * sizeof *out->run);
  if (!out->run || type == MPI_DATATYPE_NULL || !elements(out, (uintptr_t)buf, count, type, 0)) return 0;
  normalise(out);
  return 1;
}

void rc_runs_free(struct rc_runs *r) {
  free(r->run);
  r->run = NULL;
  r->n = 0;
}

unsigned long long rc_runs_shared(const struct rc_runs *a, const struct rc_runs *b, uintptr_t *first) {
  unsigned long long shared = 0;
  int i = 0, j = 0;
  while (i < a->n && j < b->n) {
    const uintptr_t begin = a->run[i].begin > b->run[j].begin ? a->run[i].begin : b->run[j].begin;
    const uintptr_t end = a->run[i].end < b->run[j].end ? a->run[i].end : b->run[j].end;
    if (begin < end) {
      if (shared == 0) *first = begin;
      shared += end - begin;
    }
    if (a->run[i].end < b->run[j].end)
      ++i;
    else
      ++j;
  }
  return shared;
}
