// SPDX-License-Identifier: BSD-3-Clause
// The C API's handles are the model's enums: checked here, once, so they cannot drift.
#include "redsem/reduce.h"
#include "model/op.h"
#include "model/outcome.h"

namespace redsem {

static_assert(REDSEM_DATATYPE_COUNT == basic_type_count);
static_assert(to_string(static_cast<basic_type>(REDSEM_SIGNED_CHAR)) == "MPI_SIGNED_CHAR");
static_assert(to_string(static_cast<basic_type>(REDSEM_UNSIGNED_CHAR)) == "MPI_UNSIGNED_CHAR");
static_assert(to_string(static_cast<basic_type>(REDSEM_SHORT)) == "MPI_SHORT");
static_assert(to_string(static_cast<basic_type>(REDSEM_UNSIGNED_SHORT)) == "MPI_UNSIGNED_SHORT");
static_assert(to_string(static_cast<basic_type>(REDSEM_INT)) == "MPI_INT");
static_assert(to_string(static_cast<basic_type>(REDSEM_UNSIGNED)) == "MPI_UNSIGNED");
static_assert(to_string(static_cast<basic_type>(REDSEM_LONG)) == "MPI_LONG");
static_assert(to_string(static_cast<basic_type>(REDSEM_UNSIGNED_LONG)) == "MPI_UNSIGNED_LONG");
static_assert(to_string(static_cast<basic_type>(REDSEM_LONG_LONG_INT)) == "MPI_LONG_LONG_INT");
static_assert(to_string(static_cast<basic_type>(REDSEM_UNSIGNED_LONG_LONG)) == "MPI_UNSIGNED_LONG_LONG");
static_assert(to_string(static_cast<basic_type>(REDSEM_INT8_T)) == "MPI_INT8_T");
static_assert(to_string(static_cast<basic_type>(REDSEM_INT16_T)) == "MPI_INT16_T");
static_assert(to_string(static_cast<basic_type>(REDSEM_INT32_T)) == "MPI_INT32_T");
static_assert(to_string(static_cast<basic_type>(REDSEM_INT64_T)) == "MPI_INT64_T");
static_assert(to_string(static_cast<basic_type>(REDSEM_UINT8_T)) == "MPI_UINT8_T");
static_assert(to_string(static_cast<basic_type>(REDSEM_UINT16_T)) == "MPI_UINT16_T");
static_assert(to_string(static_cast<basic_type>(REDSEM_UINT32_T)) == "MPI_UINT32_T");
static_assert(to_string(static_cast<basic_type>(REDSEM_UINT64_T)) == "MPI_UINT64_T");
static_assert(to_string(static_cast<basic_type>(REDSEM_INTEGER)) == "MPI_INTEGER");
static_assert(to_string(static_cast<basic_type>(REDSEM_INTEGER1)) == "MPI_INTEGER1");
static_assert(to_string(static_cast<basic_type>(REDSEM_INTEGER2)) == "MPI_INTEGER2");
static_assert(to_string(static_cast<basic_type>(REDSEM_INTEGER4)) == "MPI_INTEGER4");
static_assert(to_string(static_cast<basic_type>(REDSEM_INTEGER8)) == "MPI_INTEGER8");
static_assert(to_string(static_cast<basic_type>(REDSEM_FLOAT)) == "MPI_FLOAT");
static_assert(to_string(static_cast<basic_type>(REDSEM_DOUBLE)) == "MPI_DOUBLE");
static_assert(to_string(static_cast<basic_type>(REDSEM_LONG_DOUBLE)) == "MPI_LONG_DOUBLE");
static_assert(to_string(static_cast<basic_type>(REDSEM_REAL)) == "MPI_REAL");
static_assert(to_string(static_cast<basic_type>(REDSEM_DOUBLE_PRECISION)) == "MPI_DOUBLE_PRECISION");
static_assert(to_string(static_cast<basic_type>(REDSEM_REAL4)) == "MPI_REAL4");
static_assert(to_string(static_cast<basic_type>(REDSEM_REAL8)) == "MPI_REAL8");
static_assert(to_string(static_cast<basic_type>(REDSEM_LOGICAL)) == "MPI_LOGICAL");
static_assert(to_string(static_cast<basic_type>(REDSEM_C_BOOL)) == "MPI_C_BOOL");
static_assert(to_string(static_cast<basic_type>(REDSEM_CXX_BOOL)) == "MPI_CXX_BOOL");
static_assert(to_string(static_cast<basic_type>(REDSEM_C_COMPLEX)) == "MPI_C_COMPLEX");
static_assert(to_string(static_cast<basic_type>(REDSEM_C_DOUBLE_COMPLEX)) == "MPI_C_DOUBLE_COMPLEX");
static_assert(to_string(static_cast<basic_type>(REDSEM_C_LONG_DOUBLE_COMPLEX)) == "MPI_C_LONG_DOUBLE_COMPLEX");
static_assert(to_string(static_cast<basic_type>(REDSEM_CXX_FLOAT_COMPLEX)) == "MPI_CXX_FLOAT_COMPLEX");
static_assert(to_string(static_cast<basic_type>(REDSEM_CXX_DOUBLE_COMPLEX)) == "MPI_CXX_DOUBLE_COMPLEX");
static_assert(to_string(static_cast<basic_type>(REDSEM_CXX_LONG_DOUBLE_COMPLEX)) == "MPI_CXX_LONG_DOUBLE_COMPLEX");
static_assert(to_string(static_cast<basic_type>(REDSEM_COMPLEX)) == "MPI_COMPLEX");
static_assert(to_string(static_cast<basic_type>(REDSEM_DOUBLE_COMPLEX)) == "MPI_DOUBLE_COMPLEX");
static_assert(to_string(static_cast<basic_type>(REDSEM_COMPLEX8)) == "MPI_COMPLEX8");
static_assert(to_string(static_cast<basic_type>(REDSEM_COMPLEX16)) == "MPI_COMPLEX16");
static_assert(to_string(static_cast<basic_type>(REDSEM_BYTE)) == "MPI_BYTE");
static_assert(to_string(static_cast<basic_type>(REDSEM_AINT)) == "MPI_AINT");
static_assert(to_string(static_cast<basic_type>(REDSEM_OFFSET)) == "MPI_OFFSET");
static_assert(to_string(static_cast<basic_type>(REDSEM_COUNT)) == "MPI_COUNT");
static_assert(to_string(static_cast<basic_type>(REDSEM_FLOAT_INT)) == "MPI_FLOAT_INT");
static_assert(to_string(static_cast<basic_type>(REDSEM_DOUBLE_INT)) == "MPI_DOUBLE_INT");
static_assert(to_string(static_cast<basic_type>(REDSEM_LONG_INT)) == "MPI_LONG_INT");
static_assert(to_string(static_cast<basic_type>(REDSEM_2INT)) == "MPI_2INT");
static_assert(to_string(static_cast<basic_type>(REDSEM_SHORT_INT)) == "MPI_SHORT_INT");
static_assert(to_string(static_cast<basic_type>(REDSEM_LONG_DOUBLE_INT)) == "MPI_LONG_DOUBLE_INT");
static_assert(to_string(static_cast<basic_type>(REDSEM_2REAL)) == "MPI_2REAL");
static_assert(to_string(static_cast<basic_type>(REDSEM_2DOUBLE_PRECISION)) == "MPI_2DOUBLE_PRECISION");
static_assert(to_string(static_cast<basic_type>(REDSEM_2INTEGER)) == "MPI_2INTEGER");
static_assert(to_string(static_cast<basic_type>(REDSEM_CHAR)) == "MPI_CHAR");
static_assert(to_string(static_cast<basic_type>(REDSEM_WCHAR)) == "MPI_WCHAR");
static_assert(to_string(static_cast<basic_type>(REDSEM_CHARACTER)) == "MPI_CHARACTER");
static_assert(to_string(static_cast<op_id>(REDSEM_MAX)) == "MPI_MAX");
static_assert(to_string(static_cast<op_id>(REDSEM_MIN)) == "MPI_MIN");
static_assert(to_string(static_cast<op_id>(REDSEM_SUM)) == "MPI_SUM");
static_assert(to_string(static_cast<op_id>(REDSEM_PROD)) == "MPI_PROD");
static_assert(to_string(static_cast<op_id>(REDSEM_LAND)) == "MPI_LAND");
static_assert(to_string(static_cast<op_id>(REDSEM_BAND)) == "MPI_BAND");
static_assert(to_string(static_cast<op_id>(REDSEM_LOR)) == "MPI_LOR");
static_assert(to_string(static_cast<op_id>(REDSEM_BOR)) == "MPI_BOR");
static_assert(to_string(static_cast<op_id>(REDSEM_LXOR)) == "MPI_LXOR");
static_assert(to_string(static_cast<op_id>(REDSEM_BXOR)) == "MPI_BXOR");
static_assert(to_string(static_cast<op_id>(REDSEM_MAXLOC)) == "MPI_MAXLOC");
static_assert(to_string(static_cast<op_id>(REDSEM_MINLOC)) == "MPI_MINLOC");
static_assert(to_string(static_cast<op_id>(REDSEM_REPLACE)) == "MPI_REPLACE");
static_assert(to_string(static_cast<op_id>(REDSEM_NO_OP)) == "MPI_NO_OP");
static_assert(REDSEM_ERR_NEGATIVE_COUNT == 1 + static_cast<int>(rule::negative_count));
static_assert(REDSEM_ERR_CHARACTER_TYPE == 1 + static_cast<int>(rule::character_type));
static_assert(REDSEM_ERR_OP_NOT_FOR_TYPE == 1 + static_cast<int>(rule::op_not_for_type));
static_assert(REDSEM_ERR_RMA_ONLY_OP == 1 + static_cast<int>(rule::rma_only_op));
static_assert(REDSEM_ERR_DERIVED_TYPE_WITH_PREDEFINED_OP == 1 + static_cast<int>(rule::derived_type_with_predefined_op));
static_assert(REDSEM_ERR_IN_PLACE_FORBIDDEN == 1 + static_cast<int>(rule::in_place_forbidden));
static_assert(REDSEM_ERR_IN_PLACE_INOUTBUF == 1 + static_cast<int>(rule::in_place_inoutbuf));
static_assert(REDSEM_ERR_INOUT_ALIASES_INPUT == 1 + static_cast<int>(rule::inout_aliases_input));
static_assert(REDSEM_ERR_INOUT_OVERLAPPING_ENTRIES == 1 + static_cast<int>(rule::inout_overlapping_entries));
static_assert(REDSEM_ERR_TYPE_SIGNATURE_MISMATCH == 1 + static_cast<int>(rule::type_signature_mismatch));
static_assert(REDSEM_ERR_OUT_OF_BOUNDS == 1 + static_cast<int>(rule::out_of_bounds));
static_assert(REDSEM_ERR_NULL_USER_FUNCTION == 1 + static_cast<int>(rule::null_user_function));
static_assert(REDSEM_ERR_SIGNED_OVERFLOW == 1 + static_cast<int>(rule::signed_overflow));
}  // namespace redsem
