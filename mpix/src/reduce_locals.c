/* SPDX-License-Identifier: BSD-3-Clause */
/* MPIX_Reduce_locals (mpi-issues #530; docs/semantics.md §4.2) on top of MPI_Reduce_local, whose
 * callback form is io := in ∘ io. Each row of §4.2's table needs at most one temporary. */
#include <limits.h>
#include <stdlib.h>

#include "native_seam.h"
#include "redsem_mpix.h"
#include "typed_buffer.h"

/* io := in ∘ io, through the native kernels when they take the op, else through MPI. */
static int reduce_into_right(const void *in, void *io, int count, MPI_Datatype datatype,
                             MPI_Op op) {
  const int native = redsem_mpix_native_reduce(in, io, io, count, datatype, op);
  if (native != REDSEM_MPIX_NOT_HANDLED) return native;
  return MPI_Reduce_local(in, io, count, datatype, op);
}

/* out := left ∘ right through a temporary T: copy right to T, T := left ∘ T, copy T to out.
 * out is written only after MPI_Reduce_local succeeded, so an op or datatype it refuses
 * leaves out as it was. */
static int reduce_through_temporary(const void *left, const void *right, void *out, int count,
                                    MPI_Datatype datatype, MPI_Op op, const redsem_mpix_layout *layout) {
  void *t = NULL, *allocation = NULL;
  int rc = redsem_mpix_temporary(layout, &t, &allocation);
  if (rc == MPI_SUCCESS) rc = redsem_mpix_typed_copy(right, t, count, datatype, layout);
  if (rc == MPI_SUCCESS) rc = MPI_Reduce_local(left, t, count, datatype, op);
  if (rc == MPI_SUCCESS) rc = redsem_mpix_typed_copy(t, out, count, datatype, layout);
  free(allocation);
  return rc;
}

/* A := A ∘ Y: copy Y to T, T := A ∘ T, copy T back to A. */
static int reduce_left_in_place(const void *y, void *a, int count, MPI_Datatype datatype,
                                MPI_Op op, const redsem_mpix_layout *layout) {
  const int native = redsem_mpix_native_reduce(a, y, a, count, datatype, op);
  if (native != REDSEM_MPIX_NOT_HANDLED) return native;
  return reduce_through_temporary(a, y, a, count, datatype, op, layout);
}

/* A := A ∘ A: copy A to T, then A := T ∘ A. */
static int reduce_self(void *a, int count, MPI_Datatype datatype, MPI_Op op,
                       const redsem_mpix_layout *layout) {
  const int native = redsem_mpix_native_reduce(a, a, a, count, datatype, op);
  if (native != REDSEM_MPIX_NOT_HANDLED) return native;
  void *t = NULL, *allocation = NULL;
  int rc = redsem_mpix_temporary(layout, &t, &allocation);
  if (rc == MPI_SUCCESS) rc = redsem_mpix_typed_copy(a, t, count, datatype, layout);
  if (rc == MPI_SUCCESS) rc = MPI_Reduce_local(t, a, count, datatype, op);
  free(allocation);
  return rc;
}

/* A := X ∘ Y with neither being A (X may be Y): copy Y to A, then A := X ∘ A. A predefined op
 * that the native kernels did not take may be one MPI refuses for this datatype (MPI_BAND on
 * MPI_DOUBLE): it goes through a temporary, so that the refusal finds A unwritten. A user op
 * cannot be refused once the datatype is valid, and keeps this row free of temporaries. */
static int reduce_into_third(const void *x, const void *y, void *a, int count,
                             MPI_Datatype datatype, MPI_Op op, const redsem_mpix_layout *layout) {
  const int native = redsem_mpix_native_reduce(x, y, a, count, datatype, op);
  if (native != REDSEM_MPIX_NOT_HANDLED) return native;
  if (redsem_mpix_is_predefined_op(op)) return reduce_through_temporary(x, y, a, count, datatype, op, layout);
  const int rc = redsem_mpix_typed_copy(y, a, count, datatype, layout);
  return rc == MPI_SUCCESS ? MPI_Reduce_local(x, a, count, datatype, op) : rc;
}

/* Ops MPI_Reduce_local refuses whatever the datatype (MPI-4.1 §7.9.2: MPI_REPLACE and
 * MPI_NO_OP are for RMA accumulates only). */
static int refused_op(MPI_Op op) { return op == MPI_OP_NULL || op == MPI_REPLACE || op == MPI_NO_OP; }

int MPIX_Reduce_locals(const void *inbuf, const void *argbuf, void *inoutbuf, int count,
                       MPI_Datatype datatype, MPI_Op op) {
  if (count < 0) return MPI_ERR_COUNT;
  if (refused_op(op)) return MPI_ERR_OP;
  if (inoutbuf == MPI_IN_PLACE) return MPI_ERR_BUFFER;
  redsem_mpix_layout layout;
  int rc = redsem_mpix_layout_of(datatype, count, &layout);
  if (rc != MPI_SUCCESS) return rc;
  if (layout.bytes == 0) return MPI_SUCCESS;
  const int left_is_a = inbuf == MPI_IN_PLACE;
  const int right_is_a = argbuf == MPI_IN_PLACE;
  if (inoutbuf == NULL || (!left_is_a && inbuf == NULL) || (!right_is_a && argbuf == NULL)) return MPI_ERR_BUFFER;
  int overlap = 0;
  if (!left_is_a) rc = redsem_mpix_type_maps_overlap(inbuf, inoutbuf, count, datatype, &layout, &overlap);
  if (rc == MPI_SUCCESS && !overlap && !right_is_a)
    rc = redsem_mpix_type_maps_overlap(argbuf, inoutbuf, count, datatype, &layout, &overlap);
  if (rc != MPI_SUCCESS) return rc;
  if (overlap) return MPI_ERR_BUFFER;
  if (left_is_a && right_is_a) return reduce_self(inoutbuf, count, datatype, op, &layout);
  if (left_is_a) return reduce_left_in_place(argbuf, inoutbuf, count, datatype, op, &layout);
  if (right_is_a) return reduce_into_right(inbuf, inoutbuf, count, datatype, op);
  return reduce_into_third(inbuf, argbuf, inoutbuf, count, datatype, op, &layout);
}

int MPIX_Reduce_locals_c(const void *inbuf, const void *argbuf, void *inoutbuf, MPI_Count count,
                         MPI_Datatype datatype, MPI_Op op) {
  if (count < 0) return MPI_ERR_COUNT;
  if (refused_op(op)) return MPI_ERR_OP;
  if (count <= INT_MAX) return MPIX_Reduce_locals(inbuf, argbuf, inoutbuf, (int)count, datatype, op);
  MPI_Aint lb = 0, extent = 0;
  int rc = MPI_Type_get_extent(datatype, &lb, &extent);
  /* Chunks are independent elementwise reductions; an overlap check per chunk would miss an
   * overlap between different chunks, so check the whole spans first (conservatively: spans, not
   * type maps, at this size). */
  redsem_mpix_layout whole;
  if (rc == MPI_SUCCESS) rc = redsem_mpix_layout_of(datatype, 1, &whole);
  if (rc != MPI_SUCCESS) return rc;
  whole.bytes += (MPI_Aint)(count - 1) * (extent < 0 ? -extent : extent);
  if (extent < 0) whole.first += (MPI_Aint)(count - 1) * extent;
  if (inoutbuf == MPI_IN_PLACE || inoutbuf == NULL || inbuf == NULL || argbuf == NULL) return MPI_ERR_BUFFER;
  if ((inbuf != MPI_IN_PLACE && redsem_mpix_spans_overlap(inbuf, inoutbuf, &whole)) ||
      (argbuf != MPI_IN_PLACE && redsem_mpix_spans_overlap(argbuf, inoutbuf, &whole)))
    return MPI_ERR_BUFFER;
  for (MPI_Count done = 0; done < count;) {
    const int chunk = count - done > INT_MAX ? INT_MAX : (int)(count - done);
    const MPI_Aint offset = (MPI_Aint)done * extent;
    const void *in = inbuf == MPI_IN_PLACE ? MPI_IN_PLACE : (const char *)inbuf + offset;
    const void *arg = argbuf == MPI_IN_PLACE ? MPI_IN_PLACE : (const char *)argbuf + offset;
    rc = MPIX_Reduce_locals(in, arg, (char *)inoutbuf + offset, chunk, datatype, op);
    if (rc != MPI_SUCCESS) return rc;
    done += chunk;
  }
  return MPI_SUCCESS;
}
