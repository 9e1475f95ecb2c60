// SPDX-License-Identifier: BSD-3-Clause
#include "tools/verify/catalogue_inputs.h"

#include <array>
#include <cmath>
#include <limits>
#include <type_traits>

#include "model/check.h"
#include "model/element_io.h"

namespace redsem::tools {
namespace {

// The k-th catalogue value of scalar type S.
template <class S>
S scalar_value(int k, bool logical) {
  if (logical) {
    constexpr std::array<int, 8> truth{1, 0, 2, 1, 0, 5, 1, 0};  // 2 and 5: true, but not normalised
    return static_cast<S>(truth[static_cast<std::size_t>(k % 8)]);
  }
  if constexpr (std::is_floating_point_v<S>) {
    const S big = std::ldexp(S{1}, std::numeric_limits<S>::digits);
    const std::array<S, 8> v{S{0.1L}, big, -big, S{3}, S{-2.5L}, S{1} / S{3}, S{7e-3L}, S{1e3L}};
    return v[static_cast<std::size_t>(k % 8)];
  } else {
    using U = std::make_unsigned_t<S>;
    // Wrapping conversions (through the unsigned type) of: max, 1, min, 3, −5, 7, 100, −11.
    const std::array<U, 8> v{static_cast<U>(std::numeric_limits<S>::max()), U{1},
                             static_cast<U>(std::numeric_limits<S>::min()), U{3},
                             static_cast<U>(U{0} - U{5}), U{7}, U{100}, static_cast<U>(U{0} - U{11})};
    return static_cast<S>(v[static_cast<std::size_t>(k % 8)]);
  }
}

template <class E>
E element_value(int rank, bool logical) {
  if constexpr (is_complex<E>::value) {
    using S = decltype(E::re);
    return {scalar_value<S>(rank, false), scalar_value<S>(rank + 3, false)};
  } else if constexpr (is_pair<E>::value) {
    using V = decltype(E::value);
    using I = decltype(E::index);
    // Values repeat every three ranks, so ties between ranks occur from P = 4 on.
    return {scalar_value<V>(rank % 3, false), static_cast<I>(rank)};
  } else {
    return scalar_value<E>(rank, logical);
  }
}

}  // namespace

std::vector<sim::element> catalogue_inputs(basic_type type, int procs) {
  ensure(procs >= 1 && procs <= 16, "catalogue_inputs: 1 to 16 ranks");
  return visit(type, [&](auto tag) {
    constexpr basic_type B = decltype(tag)::value;
    using E = element_t<B>;
    std::vector<sim::element> out;
    for (int r = 0; r < procs; ++r) {
      sim::element e(info(B).size, std::byte{0});
      if constexpr (group_of(B) != type_group::character)
        store_element(e.data(), element_value<E>(r, group_of(B) == type_group::logical));
      out.push_back(std::move(e));
    }
    return out;
  });
}

}  // namespace redsem::tools
