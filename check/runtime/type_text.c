/* SPDX-License-Identifier: BSD-3-Clause */
/* Datatypes as the RMA records and redsem-mpi-helper name them. A derived datatype is written
 * as the constructor expression of the `.rma` scenario files (sim/rma/scenario.h), read back
 * from MPI with MPI_Type_get_envelope/get_contents (MPI-4.1 §5.1.13), so the post-run analysis
 * can hand it to the explorer as it is, and `--setup`'s handle describes itself. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "type_text.h"

#include "type_contents.h"

/* Text appended within a fixed buffer; `failed` once it does not fit. */
struct text {
  char *out;
  size_t cap, len;
  int failed;
};

static void put(struct text *t, const char *format, ...) {
  if (t->failed) return;
  va_list args;
  va_start(args, format);
  const int n = vsnprintf(t->out + t->len, t->cap - t->len, format, args);
  va_end(args);
  if (n < 0 || (size_t)n >= t->cap - t->len)
    t->failed = 1;
  else
    t->len += (size_t)n;
}

/* b:b:… of n integers. */
static void put_list(struct text *t, const int *v, int n) {
  for (int i = 0; i < n; ++i) put(t, i ? ":%d" : "%d", v[i]);
}

static void describe(struct text *t, MPI_Datatype type, int depth);

/* One constructor, as type_contents read it back. */
static void describe_derived(struct text *t, const struct rc_type_contents *c, int depth) {
  const int *ints = c->ints;
  const MPI_Aint *addrs = c->addrs;
  const MPI_Datatype *types = c->types;
  const int combiner = c->combiner;
  switch (combiner) {
    case MPI_COMBINER_DUP:
      describe(t, types[0], depth + 1);
      break;
    case MPI_COMBINER_CONTIGUOUS:
      put(t, "contiguous(%d,", ints[0]);
      describe(t, types[0], depth + 1);
      put(t, ")");
      break;
    case MPI_COMBINER_VECTOR:
      put(t, "vector(%d,%d,%d,", ints[0], ints[1], ints[2]);
      describe(t, types[0], depth + 1);
      put(t, ")");
      break;
    case MPI_COMBINER_HVECTOR:
      put(t, "hvector(%d,%d,%lld,", ints[0], ints[1], (long long)addrs[0]);
      describe(t, types[0], depth + 1);
      put(t, ")");
      break;
    case MPI_COMBINER_INDEXED:
      put(t, "indexed(");
      put_list(t, ints + 1, ints[0]);
      put(t, ",");
      put_list(t, ints + 1 + ints[0], ints[0]);
      put(t, ",");
      describe(t, types[0], depth + 1);
      put(t, ")");
      break;
    case MPI_COMBINER_INDEXED_BLOCK:
      put(t, "indexed(");
      for (int i = 0; i < ints[0]; ++i) put(t, i ? ":%d" : "%d", ints[1]);
      put(t, ",");
      put_list(t, ints + 2, ints[0]);
      put(t, ",");
      describe(t, types[0], depth + 1);
      put(t, ")");
      break;
    case MPI_COMBINER_HINDEXED:
    case MPI_COMBINER_STRUCT:
      /* hindexed(b,bytes,T) is struct(b,bytes,T:T:…). */
      put(t, "struct(");
      put_list(t, ints + 1, ints[0]);
      put(t, ",");
      for (int i = 0; i < ints[0]; ++i) put(t, i ? ":%lld" : "%lld", (long long)addrs[i]);
      put(t, ",");
      for (int i = 0; i < ints[0]; ++i) {
        if (i) put(t, ":");
        describe(t, types[combiner == MPI_COMBINER_STRUCT ? i : 0], depth + 1);
      }
      put(t, ")");
      break;
    case MPI_COMBINER_RESIZED:
      put(t, "resized(");
      describe(t, types[0], depth + 1);
      put(t, ",%lld,%lld)", (long long)addrs[0], (long long)addrs[1]);
      break;
    default:
      t->failed = 1; /* subarray, darray, Fortran types: not in the scenario format */
  }
}

static void describe(struct text *t, MPI_Datatype type, int depth) {
  struct rc_type_contents c;
  if (t->failed) return;
  if (rc_type_contents_read(type, depth, &c) != 0) {
    t->failed = 1;
    return;
  }
  if (c.combiner != MPI_COMBINER_NAMED) {
    describe_derived(t, &c, depth);
    rc_type_contents_release(&c);
    return;
  }
  char name[MPI_MAX_OBJECT_NAME];
  int len = 0;
  if (PMPI_Type_get_name(type, name, &len) != MPI_SUCCESS || len <= 0) {
    t->failed = 1;
    return;
  }
  name[len < MPI_MAX_OBJECT_NAME ? len : MPI_MAX_OBJECT_NAME - 1] = '\0';
  put(t, "%s", name);
}

const char *rc_type_text(MPI_Datatype type, char *out, size_t cap) {
  struct text t = {out, cap, 0, 0};
  if (cap == 0) return NULL;
  out[0] = '\0';
  describe(&t, type, 0);
  return t.failed ? NULL : out;
}
