/* SPDX-License-Identifier: BSD-3-Clause */
// The scalar kernels, instantiated in one translation unit per few type groups to keep
// each compile small. Each returns nullptr for a type outside its groups or a pair op_allows rejects.
#pragma once

#include "kernels/detail/scalar_kernel.h"

namespace redsem::kernels::detail {

kernel_fn scalar_c_integer_kernel(op_id op, basic_type t);
kernel_fn scalar_other_integer_kernel(op_id op, basic_type t);  // Fortran integer, byte, multi-language
kernel_fn scalar_float_kernel(op_id op, basic_type t);          // floating point, complex
kernel_fn scalar_logical_pair_kernel(op_id op, basic_type t);   // logical, pairs, characters

// The body those functions share: the scalar kernel when t is in one of Groups.
template <type_group... Groups>
kernel_fn scalar_kernel_in(op_id op, basic_type t) {
  return visit(t, [op](auto tag) -> kernel_fn {
    constexpr basic_type B = decltype(tag)::value;
    if constexpr (((group_of(B) == Groups) || ...)) return scalar_kernel_for<B>(op);
    else return nullptr;
  });
}

}  // namespace redsem::kernels::detail
