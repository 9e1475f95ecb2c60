/* The (value, index) pair datatypes the proposal ops accept, read and written one element at a
 * time through a small tagged value, so each op is written once for all five pair types. */
#ifndef REDSEM_MPIX_PAIR_VALUES_H
#define REDSEM_MPIX_PAIR_VALUES_H

#include <mpi.h>
#include <stddef.h>

typedef enum { PAIR_FLOAT, PAIR_DOUBLE, PAIR_LONG, PAIR_INT, PAIR_SHORT } pair_kind;

typedef struct {
  pair_kind kind;
  size_t stride;       /* sizeof the C struct: the datatype's extent */
  size_t index_offset; /* offsetof(struct, index) */
} pair_layout;

typedef union { float f; double d; long l; int i; short s; } pair_value;

typedef struct {
  pair_value value;
  int flag; /* the index read as a flag: 0 or 1 */
} pair;

/* Returns 0 for a datatype the proposal ops do not take. */
int pair_layout_of(MPI_Datatype datatype, pair_layout *layout);

pair pair_load(const pair_layout *layout, const void *element);
void pair_store(const pair_layout *layout, void *element, pair p);

pair_value pair_add(pair_kind kind, pair_value a, pair_value b); /* integers wrap */
pair_value pair_zero(pair_kind kind);
pair_value pair_min(pair_kind kind, pair_value a, pair_value b); /* NaN wins; -0 < +0 */
int pair_equal(pair_kind kind, pair_value a, pair_value b);

#endif
