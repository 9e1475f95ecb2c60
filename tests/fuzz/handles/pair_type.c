/* SPDX-License-Identifier: BSD-3-Clause */
/* A library that creates its element datatype at start-up, an (int, double) pair, and whose op
 * compares the handle it gets with that one (as libraries with their own reduction types do).
 * Built once per MPI with its mpicc. */
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>

struct pair {
  int count;
  double total;
};

static MPI_Datatype pair_type = MPI_DATATYPE_NULL;

/* The setup function `redsem fuzz --setup` calls after MPI_Init. */
int make_pair_type(MPI_Datatype* type) {
  const int blocks[2] = {1, 1};
  const MPI_Aint disps[2] = {offsetof(struct pair, count), offsetof(struct pair, total)};
  const MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};
  MPI_Datatype loose;
  if (MPI_Type_create_struct(2, blocks, disps, types, &loose) != MPI_SUCCESS) return 1;
  if (MPI_Type_create_resized(loose, 0, sizeof(struct pair), &pair_type) != MPI_SUCCESS) return 1;
  MPI_Type_free(&loose);
  if (MPI_Type_commit(&pair_type) != MPI_SUCCESS) return 1;
  *type = pair_type;
  return 0;
}

/* The shape most libraries have: an initialiser without arguments, called after MPI_Init, that
 * keeps the type in a global (`--setup LIB.so:pair_library_init=pair_library_type`). */
MPI_Datatype pair_library_type = MPI_DATATYPE_NULL;
void pair_library_init(void) {
  MPI_Datatype made;
  if (make_pair_type(&made) == 0) pair_library_type = made;
}

/* A setup function that fails. */
int refuse_setup(MPI_Datatype* type) {
  (void)type;
  return 7;
}

/* Field-by-field sum of the pairs (tests/fuzz/handles/pair_sum.op). */
void pair_sum(void* invec, void* inoutvec, int* len, MPI_Datatype* datatype) {
  if (*datatype != pair_type) abort();
  const struct pair* a = invec;
  struct pair* b = inoutvec;
  for (int i = 0; i < *len; ++i) {
    b[i].count = (int)((unsigned)a[i].count + (unsigned)b[i].count);
    b[i].total = a[i].total + b[i].total;
  }
}

/* The same, but the totals of the last element are not added. */
void pair_sum_drops_last_total(void* invec, void* inoutvec, int* len, MPI_Datatype* datatype) {
  if (*datatype != pair_type) abort();
  const struct pair* a = invec;
  struct pair* b = inoutvec;
  for (int i = 0; i < *len; ++i) {
    b[i].count = (int)((unsigned)a[i].count + (unsigned)b[i].count);
    if (i + 1 < *len) b[i].total = a[i].total + b[i].total;
  }
}

/* Field-by-field sum on any handle that MPI says holds 12 bytes in 16: it asks the library
 * about the handle, as code that accepts several layouts does. */
void pair_sum_checks_size(void* invec, void* inoutvec, int* len, MPI_Datatype* datatype) {
  int size = 0;
  MPI_Aint lb = 0, extent = 0;
  if (MPI_Type_size(*datatype, &size) != MPI_SUCCESS || MPI_Type_get_extent(*datatype, &lb, &extent) != MPI_SUCCESS ||
      size != 12 || extent != (MPI_Aint)sizeof(struct pair))
    abort();
  const struct pair* a = invec;
  struct pair* b = inoutvec;
  for (int i = 0; i < *len; ++i) {
    b[i].count = (int)((unsigned)a[i].count + (unsigned)b[i].count);
    b[i].total = a[i].total + b[i].total;
  }
}
