// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/detail/scalar_table.h"

namespace redsem::kernels::detail {

kernel_fn scalar_c_integer_kernel(op_id op, basic_type t) { return scalar_kernel_in<type_group::c_integer>(op, t); }

}  // namespace redsem::kernels::detail
