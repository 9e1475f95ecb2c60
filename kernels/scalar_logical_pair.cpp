// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/detail/scalar_table.h"

namespace redsem::kernels::detail {

kernel_fn scalar_logical_pair_kernel(op_id op, basic_type t) { return scalar_kernel_in<type_group::logical, type_group::pair, type_group::character>(op, t); }

}  // namespace redsem::kernels::detail
