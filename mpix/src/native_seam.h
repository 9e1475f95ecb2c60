/* SPDX-License-Identifier: BSD-3-Clause */
/* The seam where redsem's native kernels (redsem/reduce.h, kernels/) take predefined ops on
 * predefined C datatypes; everything else falls back to the MPI library's MPI_Reduce_local. */
#ifndef REDSEM_MPIX_NATIVE_SEAM_H
#define REDSEM_MPIX_NATIVE_SEAM_H

#include <mpi.h>

enum { REDSEM_MPIX_NOT_HANDLED = -1 };

/* out[k] := left[k] ∘ right[k] for a predefined op on a predefined datatype, where out may be
 * exactly left or right (elementwise aliasing, as the 3-operand native kernels allow).
 * Returns MPI_SUCCESS, an MPI error code, or REDSEM_MPIX_NOT_HANDLED when the caller must do
 * the work itself. */
int redsem_mpix_native_reduce(const void *left, const void *right, void *out, int count,
                              MPI_Datatype datatype, MPI_Op op);

/* Whether op is one of the twelve predefined reduction ops (MPI_MAX … MPI_MINLOC). */
int redsem_mpix_is_predefined_op(MPI_Op op);

#endif
