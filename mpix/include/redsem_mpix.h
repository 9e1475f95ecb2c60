/* SPDX-License-Identifier: BSD-3-Clause */
/* redsem_mpix: the MPI_Reduce_locals proposal (mpi-issues #530) and the fixed ops of
 * mpi-forum-historic #28, usable today on top of any MPI (docs/semantics.md §4.2 and §8).
 *
 * Link with the library built by the same MPI as the program: libredsem_mpix_openmpi or
 * libredsem_mpix_mpich. The library keeps no state between calls except the op handles
 * that MPIX_Ops_init creates. */
#ifndef REDSEM_MPIX_H
#define REDSEM_MPIX_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library exports only what this header declares. */
#ifndef REDSEM_MPIX_API
#define REDSEM_MPIX_API
#endif

/* inoutbuf[k] := L[k] ∘ R[k], elementwise, where L is inbuf (or inoutbuf's entry value when
 * inbuf is MPI_IN_PLACE) and R is argbuf (or inoutbuf's entry value when argbuf is
 * MPI_IN_PLACE). Both operands are read before inoutbuf is written.
 *
 * Errors (returned; nothing is written):
 *   MPI_ERR_BUFFER  inoutbuf is MPI_IN_PLACE, or inoutbuf, inbuf or argbuf is NULL with
 *                   count > 0, or inbuf/argbuf shares a byte with inoutbuf under the type map
 *                   (interleaved buffers of a type with holes are fine; use MPI_IN_PLACE to
 *                   name inoutbuf as an operand)
 *   MPI_ERR_COUNT   count < 0
 *   MPI_ERR_OP      op is MPI_OP_NULL, MPI_REPLACE or MPI_NO_OP
 *   anything MPI_Reduce_local returns for the op and datatype (MPI_BAND on MPI_DOUBLE …).
 * A user-defined op is called with at most one temporary buffer of count elements. */
REDSEM_MPIX_API int MPIX_Reduce_locals(const void *inbuf, const void *argbuf, void *inoutbuf, int count,
                       MPI_Datatype datatype, MPI_Op op);

/* The large-count form: count may exceed INT_MAX; the work is split into chunks that
 * MPI_Reduce_local's int count can take. Beyond INT_MAX, overlap is decided on whole spans. */
REDSEM_MPIX_API int MPIX_Reduce_locals_c(const void *inbuf, const void *argbuf, void *inoutbuf, MPI_Count count,
                         MPI_Datatype datatype, MPI_Op op);

/* How many temporary buffers MPIX_Reduce_locals has allocated since the process started:
 * instrumentation, so tests can hold the library to docs/semantics.md §4.2's "at most one". */
REDSEM_MPIX_API long MPIX_Reduce_locals_temporaries(void);

/* How many MPIX_Reduce_locals calls (or chunks of a large-count call) redsem's native kernels
 * have done since the process started (predefined ops on predefined C datatypes; the rest go
 * to MPI_Reduce_local): instrumentation, so tests can see the native path taken. */
REDSEM_MPIX_API long MPIX_Reduce_locals_native_calls(void);

/* ---- The proposal's ops (docs/semantics.md §8, with its fixes), as ready MPI_Op handles. ----
 *
 * Each op combines (value, index) pairs of the predefined pair datatypes MPI_FLOAT_INT,
 * MPI_DOUBLE_INT, MPI_LONG_INT, MPI_2INT and MPI_SHORT_INT, whose C layouts are the structs
 * below. An index is read as a flag: 0 is false, anything else true; results carry 0 or 1.
 *
 * MPIX_SEGMENTED_SUM (§8.1, normalised flag; not commutative):
 *   (u,f) ⊕ (v,g) = (g ? v : u+v, f ∨ g). A flag marks the first element of a segment; Scan
 *   gives each rank the sum from the last segment start at or before it. Identity (0,0).
 * MPIX_SELECT_SUM (§8.2, with identity; commutative):
 *   (u,f) ⊕ (v,g) = f∧g: (u+v,1); f: (u,1); g: (v,1); neither: (0,0). Sums the selected
 *   values; (0,0) means nothing was selected.
 * MPIX_ALL_EQUAL_MIN (§8.3 fix A; commutative): every contribution supplies flag 1;
 *   (u,f) ⊕ (v,g) = (min(u,v), f ∧ g ∧ u = v). The flag of the result says whether every
 *   contribution was equal. A NaN compares unequal, so it clears the flag; min is redsem's
 *   MPI_MIN under its default policy: a NaN operand wins, and −0 < +0.
 *
 * Integer sums wrap (two's complement), as the native kernels do. The ops' C is generated at
 * build time from the op files examples/ops/segmented_sum_normalised.op, select_sum_identity.op
 * and all_min_all_equal.op (redsem emit-c); a datatype other than the five pair types ends the
 * program (MPI_Abort with MPI_ERR_TYPE), saying which it got. */
typedef struct { float value; int index; } MPIX_float_int;
typedef struct { double value; int index; } MPIX_double_int;
typedef struct { long value; int index; } MPIX_long_int;
typedef struct { int value; int index; } MPIX_2int;
typedef struct { short value; int index; } MPIX_short_int;

REDSEM_MPIX_API extern MPI_Op MPIX_SEGMENTED_SUM;
REDSEM_MPIX_API extern MPI_Op MPIX_SELECT_SUM;
REDSEM_MPIX_API extern MPI_Op MPIX_ALL_EQUAL_MIN;

/* Create the op handles (after MPI_Init) / free them (before MPI_Finalize). Both return an
 * MPI error code; init is idempotent. Until init, the handles are MPI_OP_NULL. */
REDSEM_MPIX_API int MPIX_Ops_init(void);
REDSEM_MPIX_API int MPIX_Ops_finalize(void);

#ifdef __cplusplus
}
#endif

#endif /* REDSEM_MPIX_H */
