/* SPDX-License-Identifier: BSD-3-Clause */
// Whether two arrays of one predefined type share a value byte, in O(1) time and memory: the
// answer the model's typemap walk (model/buffer.h: first_overlap) gives, without listing
// count × fields byte ranges, which at 10^9 elements would need gigabytes.
#pragma once

#include <algorithm>
#include <cstdint>

#include "model/datatype.h"
#include "model/scalar.h"

namespace redsem::kernels::detail {

// Floor division for a positive divisor.
constexpr __int128 floor_div(__int128 a, __int128 b) { return a / b - (a % b != 0 && a < 0 ? 1 : 0); }

// Arrays x and y of `count` elements of `type` (count > 0). Field f of x's element i occupies
// [x + i·E + o_f, x + i·E + o_f + w_f); field g of y's element j likewise. They intersect iff
// k = i − j satisfies L < k·E < U with L = d + o_g − o_f − w_f, U = d + o_g + w_g − o_f and
// d = y − x, and any k in [−(count−1), count−1] is some i − j: so take the least k above L/E.
inline bool arrays_overlap(std::uintptr_t x, std::uintptr_t y, std::int64_t count, basic_type type) {
  const type_info& t = info(type);
  const __int128 extent = t.size, d = static_cast<__int128>(y) - static_cast<__int128>(x);
  for (std::size_t f = 0; f < t.field_count; ++f)
    for (std::size_t g = 0; g < t.field_count; ++g) {
      const __int128 of = t.fields[f].offset, wf = value_bytes(t.fields[f].kind);
      const __int128 og = t.fields[g].offset, wg = value_bytes(t.fields[g].kind);
      const __int128 lower = d + og - of - wf, upper = d + og + wg - of;
      const __int128 k = std::max<__int128>(floor_div(lower, extent) + 1, -(count - 1));
      if (k <= count - 1 && k * extent < upper) return true;
    }
  return false;
}

}  // namespace redsem::kernels::detail
