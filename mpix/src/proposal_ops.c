/* The fixed ops of mpi-forum-historic #28 (docs/semantics.md §8) as MPI user functions:
 * inout[k] := in[k] ⊕ inout[k], with `in` the left (lower-rank) operand. */
#include <stdio.h>

#include "pair_values.h"
#include "redsem_mpix.h"

MPI_Op MPIX_SEGMENTED_SUM = MPI_OP_NULL;
MPI_Op MPIX_SELECT_SUM = MPI_OP_NULL;
MPI_Op MPIX_ALL_EQUAL_MIN = MPI_OP_NULL;

typedef pair (*pair_combine)(pair_kind kind, pair left, pair right);

/* §8.1 fixed: (u,f) ⊕ (v,g) = (g ? v : u+v, f ∨ g). */
static pair segmented_sum(pair_kind kind, pair left, pair right) {
  pair r = right;
  if (!right.flag) r.value = pair_add(kind, left.value, right.value);
  r.flag = left.flag || right.flag;
  return r;
}

/* §8.2 fixed: the sum of the selected operands; (0,0) when neither is selected. */
static pair select_sum(pair_kind kind, pair left, pair right) {
  if (left.flag && right.flag) return (pair){pair_add(kind, left.value, right.value), 1};
  if (left.flag) return left;
  if (right.flag) return right;
  return (pair){pair_zero(kind), 0};
}

/* §8.3 fix A: (min(u,v), f ∧ g ∧ u = v), min as the model's MIN (pair_min). */
static pair all_equal_min(pair_kind kind, pair left, pair right) {
  pair r;
  r.value = pair_min(kind, left.value, right.value);
  r.flag = left.flag && right.flag && pair_equal(kind, left.value, right.value);
  return r;
}

static void apply(pair_combine combine, const char *op_name, void *in, void *inout, int *len,
                  MPI_Datatype *datatype) {
  pair_layout layout;
  if (!pair_layout_of(*datatype, &layout)) {
    /* A user function cannot return an error code; a wrong datatype is a program error. */
    fprintf(stderr, "%s: only MPI_FLOAT_INT, MPI_DOUBLE_INT, MPI_LONG_INT, MPI_2INT and "
                    "MPI_SHORT_INT are supported\n", op_name);
    MPI_Abort(MPI_COMM_WORLD, MPI_ERR_TYPE);
    return;
  }
  for (int k = 0; k < *len; ++k) {
    const char *left = (const char *)in + (size_t)k * layout.stride;
    char *right = (char *)inout + (size_t)k * layout.stride;
    pair_store(&layout, right,
               combine(layout.kind, pair_load(&layout, left), pair_load(&layout, right)));
  }
}

static void segmented_sum_function(void *in, void *inout, int *len, MPI_Datatype *datatype) {
  apply(segmented_sum, "MPIX_SEGMENTED_SUM", in, inout, len, datatype);
}
static void select_sum_function(void *in, void *inout, int *len, MPI_Datatype *datatype) {
  apply(select_sum, "MPIX_SELECT_SUM", in, inout, len, datatype);
}
static void all_equal_min_function(void *in, void *inout, int *len, MPI_Datatype *datatype) {
  apply(all_equal_min, "MPIX_ALL_EQUAL_MIN", in, inout, len, datatype);
}

int MPIX_Ops_init(void) {
  if (MPIX_SEGMENTED_SUM != MPI_OP_NULL) return MPI_SUCCESS;
  int rc = MPI_Op_create(segmented_sum_function, 0, &MPIX_SEGMENTED_SUM);
  if (rc == MPI_SUCCESS) rc = MPI_Op_create(select_sum_function, 1, &MPIX_SELECT_SUM);
  if (rc == MPI_SUCCESS) rc = MPI_Op_create(all_equal_min_function, 1, &MPIX_ALL_EQUAL_MIN);
  if (rc != MPI_SUCCESS) MPIX_Ops_finalize();
  return rc;
}

int MPIX_Ops_finalize(void) {
  int rc = MPI_SUCCESS;
  MPI_Op *ops[] = {&MPIX_SEGMENTED_SUM, &MPIX_SELECT_SUM, &MPIX_ALL_EQUAL_MIN};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i) {
    if (*ops[i] == MPI_OP_NULL) continue;
    const int freed = MPI_Op_free(ops[i]);
    if (rc == MPI_SUCCESS) rc = freed;
  }
  return rc;
}
