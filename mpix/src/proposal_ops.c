/* SPDX-License-Identifier: BSD-3-Clause */
/* The fixed ops of mpi-forum-historic #28 (docs/semantics.md §8) as MPI_Op handles. Their user
 * functions are not written here: the build generates them from the op files in examples/ops with
 * `redsem emit-c` (mpix/CMakeLists.txt), so the C that MPI programs run is the definition the
 * model runs and Z3 proves laws of. Each generated function takes every pair type of its op
 * file's type choices by its datatype handle, and ends the program on any other. */
#include <stddef.h>

#include "redsem_mpix.h"

/* Generated: inout[k] := in[k] ∘ inout[k], `in` the left (lower-rank) operand, created with the
 * op file's commute flag. */
int mpix_segmented_sum_op_create(MPI_Op *op); /* examples/ops/segmented_sum_normalised.op */
int mpix_select_sum_op_create(MPI_Op *op);    /* examples/ops/select_sum_identity.op */
int mpix_all_equal_min_op_create(MPI_Op *op); /* examples/ops/all_min_all_equal.op */

MPI_Op MPIX_SEGMENTED_SUM = MPI_OP_NULL;
MPI_Op MPIX_SELECT_SUM = MPI_OP_NULL;
MPI_Op MPIX_ALL_EQUAL_MIN = MPI_OP_NULL;

int MPIX_Ops_init(void) {
  if (MPIX_SEGMENTED_SUM != MPI_OP_NULL) return MPI_SUCCESS;
  int rc = mpix_segmented_sum_op_create(&MPIX_SEGMENTED_SUM);
  if (rc == MPI_SUCCESS) rc = mpix_select_sum_op_create(&MPIX_SELECT_SUM);
  if (rc == MPI_SUCCESS) rc = mpix_all_equal_min_op_create(&MPIX_ALL_EQUAL_MIN);
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
