/* SPDX-License-Identifier: BSD-3-Clause */
#include "native_seam.h"

#include <complex.h>
#include <stddef.h>
#include <stdint.h>

#include <redsem/reduce.h>

#include "redsem_mpix.h"

/* Predefined ops on predefined C datatypes go to redsem's kernels (redsem/reduce.h); everything
 * else (user ops, derived types, Fortran and character types) stays with MPI_Reduce_local so
 * user ops keep their callback semantics. MPI handles are not constants in every MPI (Open
 * MPI's are addresses), so the tables are compared at run time. */

typedef struct {
  MPI_Datatype mpi;
  redsem_datatype redsem;
  size_t c_extent; /* the C layout redsem's kernels assume; the MPI extent must agree */
} type_pair;

static long native_calls;

static int redsem_type_of(MPI_Datatype datatype, redsem_datatype *out) {
  typedef struct { float v; int i; } float_int;
  typedef struct { double v; int i; } double_int;
  typedef struct { long v; int i; } long_int;
  typedef struct { short v; int i; } short_int;
  typedef struct { long double v; int i; } long_double_int;
  const type_pair pairs[] = {
      {MPI_SIGNED_CHAR, REDSEM_SIGNED_CHAR, 1},
      {MPI_UNSIGNED_CHAR, REDSEM_UNSIGNED_CHAR, 1},
      {MPI_SHORT, REDSEM_SHORT, sizeof(short)},
      {MPI_UNSIGNED_SHORT, REDSEM_UNSIGNED_SHORT, sizeof(unsigned short)},
      {MPI_INT, REDSEM_INT, sizeof(int)},
      {MPI_UNSIGNED, REDSEM_UNSIGNED, sizeof(unsigned)},
      {MPI_LONG, REDSEM_LONG, sizeof(long)},
      {MPI_UNSIGNED_LONG, REDSEM_UNSIGNED_LONG, sizeof(unsigned long)},
      {MPI_LONG_LONG, REDSEM_LONG_LONG_INT, sizeof(long long)},
      {MPI_UNSIGNED_LONG_LONG, REDSEM_UNSIGNED_LONG_LONG, sizeof(unsigned long long)},
      {MPI_INT8_T, REDSEM_INT8_T, 1},
      {MPI_INT16_T, REDSEM_INT16_T, 2},
      {MPI_INT32_T, REDSEM_INT32_T, 4},
      {MPI_INT64_T, REDSEM_INT64_T, 8},
      {MPI_UINT8_T, REDSEM_UINT8_T, 1},
      {MPI_UINT16_T, REDSEM_UINT16_T, 2},
      {MPI_UINT32_T, REDSEM_UINT32_T, 4},
      {MPI_UINT64_T, REDSEM_UINT64_T, 8},
      {MPI_FLOAT, REDSEM_FLOAT, sizeof(float)},
      {MPI_DOUBLE, REDSEM_DOUBLE, sizeof(double)},
      {MPI_LONG_DOUBLE, REDSEM_LONG_DOUBLE, sizeof(long double)},
      {MPI_C_BOOL, REDSEM_C_BOOL, sizeof(_Bool)},
      {MPI_C_FLOAT_COMPLEX, REDSEM_C_COMPLEX, sizeof(float _Complex)},
      {MPI_C_DOUBLE_COMPLEX, REDSEM_C_DOUBLE_COMPLEX, sizeof(double _Complex)},
      {MPI_BYTE, REDSEM_BYTE, 1},
      {MPI_AINT, REDSEM_AINT, sizeof(MPI_Aint)},
      {MPI_OFFSET, REDSEM_OFFSET, sizeof(MPI_Offset)},
      {MPI_COUNT, REDSEM_COUNT, sizeof(MPI_Count)},
      {MPI_FLOAT_INT, REDSEM_FLOAT_INT, sizeof(float_int)},
      {MPI_DOUBLE_INT, REDSEM_DOUBLE_INT, sizeof(double_int)},
      {MPI_LONG_INT, REDSEM_LONG_INT, sizeof(long_int)},
      {MPI_2INT, REDSEM_2INT, 2 * sizeof(int)},
      {MPI_SHORT_INT, REDSEM_SHORT_INT, sizeof(short_int)},
      {MPI_LONG_DOUBLE_INT, REDSEM_LONG_DOUBLE_INT, sizeof(long_double_int)},
  };
  if (datatype == MPI_DATATYPE_NULL) return 0;
  for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; ++k) {
    if (pairs[k].mpi != datatype) continue;
    MPI_Aint lb = 0, extent = 0;
    if (MPI_Type_get_extent(datatype, &lb, &extent) != MPI_SUCCESS || lb != 0 ||
        (size_t)extent != pairs[k].c_extent)
      return 0;
    *out = pairs[k].redsem;
    return 1;
  }
  return 0;
}

static int redsem_op_of(MPI_Op op, redsem_op *out) {
  const struct { MPI_Op mpi; redsem_op redsem; } pairs[] = {
      {MPI_MAX, REDSEM_MAX},   {MPI_MIN, REDSEM_MIN},   {MPI_SUM, REDSEM_SUM},       {MPI_PROD, REDSEM_PROD},
      {MPI_LAND, REDSEM_LAND}, {MPI_BAND, REDSEM_BAND}, {MPI_LOR, REDSEM_LOR},       {MPI_BOR, REDSEM_BOR},
      {MPI_LXOR, REDSEM_LXOR}, {MPI_BXOR, REDSEM_BXOR}, {MPI_MAXLOC, REDSEM_MAXLOC}, {MPI_MINLOC, REDSEM_MINLOC},
  };
  if (op == MPI_OP_NULL) return 0;
  for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; ++k)
    if (pairs[k].mpi == op) {
      *out = pairs[k].redsem;
      return 1;
    }
  return 0;
}

int redsem_mpix_is_predefined_op(MPI_Op op) {
  redsem_op ignored;
  return redsem_op_of(op, &ignored);
}

int redsem_mpix_native_reduce(const void *left, const void *right, void *out, int count,
                              MPI_Datatype datatype, MPI_Op op) {
  redsem_datatype type;
  redsem_op rop;
  if (!redsem_type_of(datatype, &type) || !redsem_op_of(op, &rop)) return REDSEM_MPIX_NOT_HANDLED;
  /* out may be exactly left or right: redsem names that operand REDSEM_IN_PLACE. */
  const void *l = left == out ? REDSEM_IN_PLACE : left;
  const void *r = right == out ? REDSEM_IN_PLACE : right;
  /* An op the kernels refuse (not defined on the type, signed overflow under redsem's policy,
   * …) wrote nothing: MPI_Reduce_local decides, with MPI's own error or wrapping semantics. */
  if (redsem_reduce_locals(l, r, out, count, type, rop) != REDSEM_SUCCESS) return REDSEM_MPIX_NOT_HANDLED;
  ++native_calls;
  return MPI_SUCCESS;
}

long MPIX_Reduce_locals_native_calls(void) { return native_calls; }
