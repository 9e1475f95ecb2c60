/* SPDX-License-Identifier: BSD-3-Clause */
/* The bytes a buffer's typemap touches (MPI-4.1 §5.1): count elements of a datatype decoded,
 * through MPI_Type_get_envelope/get_contents (type_contents.h), into byte runs, so that two
 * buffers are said to share bytes only when their typemaps do (the even and the odd doubles of
 * one array share none, though their extents overlap). Bounded: a typemap of more runs than
 * RC_MAX_RUNS, or built by a constructor it does not decode (subarray, darray), is not decided. */
#ifndef REDSEM_CHECK_TYPEMAP_RUNS_H
#define REDSEM_CHECK_TYPEMAP_RUNS_H

#include <mpi.h>
#include <stdint.h>

#define RC_MAX_RUNS 65536

struct rc_run {
  uintptr_t begin, end; /* [begin, end) */
};

struct rc_runs {
  int n;
  struct rc_run *run; /* RC_MAX_RUNS of them, sorted by begin and merged when decided */
};

/* Fills `out` (its `run` array allocated here, freed by rc_runs_free) with the bytes of `count`
 * elements of `type` at `buf` (MPI_BOTTOM: the datatype's displacements are addresses). 1 when
 * decided; 0 when not (too many runs, a constructor not decoded, MPI refused a query). */
int rc_runs_of(const void *buf, long long count, MPI_Datatype type, struct rc_runs *out);
void rc_runs_free(struct rc_runs *r);

/* The bytes both hold: how many, and the first of them. */
unsigned long long rc_runs_shared(const struct rc_runs *a, const struct rc_runs *b, uintptr_t *first);

#endif
