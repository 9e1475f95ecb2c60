/* SPDX-License-Identifier: BSD-3-Clause */
/* redsem/reduce.h: MPI_Reduce_local and the proposed MPI_Reduce_locals on native SIMD
 * kernels, with the semantics and the argument rules of redsem's model (default policy).
 * Usable from C (C99 or later) and C++.
 *
 *   redsem_reduce_local(in, inout, count, type, op)        inout[k] = in[k] op inout[k]
 *   redsem_reduce_locals(in, arg, inout, count, type, op)  inout[k] = L[k] op R[k], where
 *       L is in (or inout if in is REDSEM_IN_PLACE) and R is arg (or inout if REDSEM_IN_PLACE)
 *
 * Every call validates its arguments as the model does and returns REDSEM_SUCCESS or an error
 * code; an erroneous call writes nothing (except REDSEM_ERR_USER_FUNCTION_CHANGED_LEN, found
 * only after the user function ran). redsem_error_string(code) names the rule it breaks. */
#ifndef REDSEM_REDUCE_H
#define REDSEM_REDUCE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The MPI-4.1 predefined datatypes, as redsem's model orders them. */
typedef enum redsem_datatype {
  REDSEM_SIGNED_CHAR = 0,
  REDSEM_UNSIGNED_CHAR,
  REDSEM_SHORT,
  REDSEM_UNSIGNED_SHORT,
  REDSEM_INT,
  REDSEM_UNSIGNED,
  REDSEM_LONG,
  REDSEM_UNSIGNED_LONG,
  REDSEM_LONG_LONG_INT,
  REDSEM_UNSIGNED_LONG_LONG,
  REDSEM_INT8_T,
  REDSEM_INT16_T,
  REDSEM_INT32_T,
  REDSEM_INT64_T,
  REDSEM_UINT8_T,
  REDSEM_UINT16_T,
  REDSEM_UINT32_T,
  REDSEM_UINT64_T,
  REDSEM_INTEGER,
  REDSEM_INTEGER1,
  REDSEM_INTEGER2,
  REDSEM_INTEGER4,
  REDSEM_INTEGER8,
  REDSEM_FLOAT,
  REDSEM_DOUBLE,
  REDSEM_LONG_DOUBLE,
  REDSEM_REAL,
  REDSEM_DOUBLE_PRECISION,
  REDSEM_REAL4,
  REDSEM_REAL8,
  REDSEM_LOGICAL,
  REDSEM_C_BOOL,
  REDSEM_CXX_BOOL,
  REDSEM_C_COMPLEX,
  REDSEM_C_DOUBLE_COMPLEX,
  REDSEM_C_LONG_DOUBLE_COMPLEX,
  REDSEM_CXX_FLOAT_COMPLEX,
  REDSEM_CXX_DOUBLE_COMPLEX,
  REDSEM_CXX_LONG_DOUBLE_COMPLEX,
  REDSEM_COMPLEX,
  REDSEM_DOUBLE_COMPLEX,
  REDSEM_COMPLEX8,
  REDSEM_COMPLEX16,
  REDSEM_BYTE,
  REDSEM_AINT,
  REDSEM_OFFSET,
  REDSEM_COUNT,
  REDSEM_FLOAT_INT,
  REDSEM_DOUBLE_INT,
  REDSEM_LONG_INT,
  REDSEM_2INT,
  REDSEM_SHORT_INT,
  REDSEM_LONG_DOUBLE_INT,
  REDSEM_2REAL,
  REDSEM_2DOUBLE_PRECISION,
  REDSEM_2INTEGER,
  REDSEM_CHAR,
  REDSEM_WCHAR,
  REDSEM_CHARACTER,
  /* Not datatypes: they make every int32_t a value of this type in C++ as in C, so that another
   * value a caller passes is answered with REDSEM_ERR_INVALID_DATATYPE, never undefined behaviour
   * in the implementation (an enum's values are only those its enumerators' bits can hold). */
  REDSEM_DATATYPE_RANGE_MIN_ = INT32_MIN,
  REDSEM_DATATYPE_RANGE_MAX_ = INT32_MAX
} redsem_datatype;
#define REDSEM_LONG_LONG REDSEM_LONG_LONG_INT
#define REDSEM_C_FLOAT_COMPLEX REDSEM_C_COMPLEX
#define REDSEM_DATATYPE_COUNT 59

/* An op handle: one of the predefined ops below, or one made by redsem_op_create. */
typedef int32_t redsem_op;
enum redsem_predefined_op {
  REDSEM_MAX = 0,
  REDSEM_MIN,
  REDSEM_SUM,
  REDSEM_PROD,
  REDSEM_LAND,
  REDSEM_BAND,
  REDSEM_LOR,
  REDSEM_BOR,
  REDSEM_LXOR,
  REDSEM_BXOR,
  REDSEM_MAXLOC,
  REDSEM_MINLOC,
  REDSEM_REPLACE,
  REDSEM_NO_OP  /* MPI_REPLACE and MPI_NO_OP are RMA-only: erroneous here, as in MPI_Reduce_local */
};
#define REDSEM_OP_NULL ((redsem_op)-1)

/* Error codes: REDSEM_SUCCESS, then the model's rules in its order (model/outcome.h), then
 * the C API's own. */
typedef enum redsem_error {
  REDSEM_SUCCESS = 0,
  REDSEM_ERR_NEGATIVE_COUNT = 1,
  REDSEM_ERR_CHARACTER_TYPE,
  REDSEM_ERR_OP_NOT_FOR_TYPE,
  REDSEM_ERR_RMA_ONLY_OP,
  REDSEM_ERR_DERIVED_TYPE_WITH_PREDEFINED_OP,
  REDSEM_ERR_IN_PLACE_FORBIDDEN,
  REDSEM_ERR_IN_PLACE_INOUTBUF,
  REDSEM_ERR_INOUT_ALIASES_INPUT,
  REDSEM_ERR_INOUT_OVERLAPPING_ENTRIES,
  REDSEM_ERR_TYPE_SIGNATURE_MISMATCH,
  REDSEM_ERR_OUT_OF_BOUNDS,
  REDSEM_ERR_NULL_USER_FUNCTION,
  REDSEM_ERR_SIGNED_OVERFLOW,
  REDSEM_ERR_INVALID_DATATYPE = 100, /* not a redsem_datatype value */
  REDSEM_ERR_INVALID_OP,             /* not a predefined op, nor a live user op */
  REDSEM_ERR_NULL_BUFFER,            /* a NULL buffer with count > 0 */
  REDSEM_ERR_NO_MEMORY,              /* a temporary buffer (user op) or other memory was not available */
  REDSEM_ERR_USER_FUNCTION_CHANGED_LEN, /* the user function wrote *len: the call stops there, and the
                                           elements that call was given may be written */
  REDSEM_ERR_INTERNAL                /* an unexpected failure inside redsem (no exception leaves the API) */
} redsem_error;

/* The in-place marker for redsem_reduce_locals' in and arg (never for inout). */
extern const char redsem_in_place_marker;
#define REDSEM_IN_PLACE ((void*)&redsem_in_place_marker)

/* The MPI_User_function ABI: inoutvec[k] = invec[k] op inoutvec[k] for k < *len. */
typedef void redsem_user_function(void* invec, void* inoutvec, int* len, redsem_datatype* datatype);

/* A user-defined op; commute is nonzero when the function is commutative. */
int redsem_op_create(redsem_user_function* function, int commute, redsem_op* op);
/* Frees a user op and sets *op to REDSEM_OP_NULL. */
int redsem_op_free(redsem_op* op);

int redsem_reduce_local(const void* inbuf, void* inoutbuf, int64_t count, redsem_datatype datatype, redsem_op op);
int redsem_reduce_locals(const void* inbuf, const void* argbuf, void* inoutbuf, int64_t count,
                         redsem_datatype datatype, redsem_op op);

/* "name: rule (section)" for an error code; never NULL. */
const char* redsem_error_string(int code);

#ifdef __cplusplus
}
#endif

#endif /* REDSEM_REDUCE_H */
