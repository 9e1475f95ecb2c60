/* SPDX-License-Identifier: BSD-3-Clause */
// The scalar path: the model's op templates (ops::apply on the concrete domain) in a loop, the
// elements read and written through model/element_io.h. Semantics cannot drift from the model:
// this is the model's code with the op fixed at compile time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "kernels/kernel.h"
#include "model/concrete_domain.h"
#include "model/element_io.h"
#include "model/op_definitions.h"

namespace redsem::kernels::detail {

template <basic_type B, op_id Op>
inline constexpr bool may_overflow =
    (Op == op_id::sum || Op == op_id::prod) && std::is_integral_v<element_t<B>> && std::is_signed_v<element_t<B>>;

template <basic_type B, op_id Op>
kernel_status scalar_kernel(const std::byte* a, const std::byte* b, std::byte* out, std::uint64_t count,
                            const policy& p) noexcept {
  using E = element_t<B>;
  constexpr std::size_t size = sizeof(E);
  const concrete_domain d(p);
  if constexpr (may_overflow<B, Op>) {
    // Overflow as an error must leave out untouched, so the whole call is checked first.
    if (p.overflow == overflow_rule::erroneous) {
      for (std::uint64_t k = 0; k < count; ++k)
        (void)ops::apply<B>(Op, d, p, load_element<E>(a + k * size), load_element<E>(b + k * size));
      if (d.overflowed()) return kernel_status::signed_overflow;
    }
  }
  for (std::uint64_t k = 0; k < count; ++k) {
    const std::size_t at = k * size;
    store_element(out + at, ops::apply<B>(Op, d, p, load_element<E>(a + at), load_element<E>(b + at)));
  }
  return kernel_status::done;
}

template <basic_type B, op_id Op>
constexpr kernel_fn allowed_kernel() {
  if constexpr (op_allows(Op, B)) return &scalar_kernel<B, Op>;
  else return nullptr;
}

// The scalar kernel of every op that allows B, or nullptr.
template <basic_type B>
kernel_fn scalar_kernel_for(op_id op) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    kernel_fn found = nullptr;
    ((op == static_cast<op_id>(I) ? (found = allowed_kernel<B, static_cast<op_id>(I)>()) : nullptr), ...);
    return found;
  }(std::make_index_sequence<op_count>{});
}

}  // namespace redsem::kernels::detail
