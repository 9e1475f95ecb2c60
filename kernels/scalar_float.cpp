// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/detail/scalar_table.h"

namespace redsem::kernels::detail {

kernel_fn scalar_float_kernel(op_id op, basic_type t) { return scalar_kernel_in<type_group::floating, type_group::complex>(op, t); }

}  // namespace redsem::kernels::detail
