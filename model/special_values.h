/* SPDX-License-Identifier: BSD-3-Clause */
// The one table of scalar values that arithmetic, comparisons and kernels get wrong: zeros of
// both signs, infinities, quiet and signalling NaNs with payloads, subnormals, the extremes of
// each type, the values next to integer wrap points, and values whose sums and products round
// (0.1 + 0.2, 1/3, 2^digits + 1). The law pre-search (props/laws), the op-file checks
// (model/opfile) and the fuzzer (props/fuzz) all draw from it, so a value added here reaches
// every search at once.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "model/scalar.h"

namespace redsem {

// The bytes of one scalar (x87 long double uses the first 10 of its 16).
using scalar_bytes = std::array<std::byte, 16>;

// The special values of one scalar kind, no two with the same bytes, in a fixed order: the
// most ordinary first (0, -0, 1, -1, …), so that a search exhaustive over a prefix tries the
// common cases before the exotic ones.
std::span<const scalar_bytes> special_values(scalar_kind k);

// A subset of them, in its own order: zeros, ±1, 2, 3, 0.1–0.3, 1e16, infinities, one quiet
// NaN of each sign, the extremes. The op-file searches draw from these only: their draws are
// seeded and indexed by position, their counterexamples recorded (tests/opfile/golden), and
// drawing from all the values (more NaN encodings, subnormals) thins out the draws that refute
// the sums of examples/ops below the search's budget.
std::span<const scalar_bytes> core_special_values(scalar_kind k);

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

// The first special value of kind k in class c (a quiet NaN, the type's minimum …); the class
// must have one for k (every float kind has NaN and -0, every integer kind its extremes).
scalar_bytes first_special(scalar_kind k, value_class c);

}  // namespace redsem
