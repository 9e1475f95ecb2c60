// The scalar values kernels get wrong: extremes, zeros of both signs, infinities, NaNs with
// payloads, subnormals and the values next to integer wrap points. The generator weights them
// in; the shrinker uses value_class to say "only with NaN".
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

#include "model/scalar.h"

namespace redsem::fuzz {

// The bytes of one scalar (x87 long double uses the first 10 of its 16).
using scalar_bytes = std::array<std::byte, 16>;

// The special values of one scalar kind, most ordinary first.
std::span<const scalar_bytes> special_values(scalar_kind k);

// The value `v` (a small integer) as a scalar of kind k: 1 → 1, 1.0f, 1.0 …
scalar_bytes small_value(scalar_kind k, int v);

enum class value_class : std::uint8_t {
  ordinary,
  zero,
  negative_zero,
  infinity,
  nan,
  subnormal,
  type_min,  // the smallest integer of the type
  type_max,  // the largest integer, or the largest finite float
};
std::string_view to_string(value_class c);

value_class classify(scalar_kind k, const std::byte* x);

}  // namespace redsem::fuzz
