#include "native_seam.h"

/* To wire the native kernels: map (op, datatype) to redsem's op_id/basic_type, call the
 * 3-operand entry point of redsem/reduce.h, and translate its error codes to MPI's. Only
 * predefined ops on predefined (contiguous) datatypes qualify; everything else stays with
 * MPI_Reduce_local so user ops keep their callback semantics. */
int redsem_mpix_native_reduce(const void *left, const void *right, void *out, int count,
                              MPI_Datatype datatype, MPI_Op op) {
  (void)left; (void)right; (void)out; (void)count; (void)datatype; (void)op;
  return REDSEM_MPIX_NOT_HANDLED;
}
