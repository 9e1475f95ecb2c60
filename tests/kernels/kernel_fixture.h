/* SPDX-License-Identifier: BSD-3-Clause */
// Helpers for kernel tests: operand bytes full of special values and ties, the model as the
// oracle (reduce_local / reduce_locals on the same bytes), and element-wise comparison that
// names the type, op, form, target, length and element of the first difference.
#pragma once

#include <cstddef>
#include <cstdint>
#include <bit>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "kernels/kernel.h"
#include "model/buffer.h"
#include "model/element_compare.h"
#include "model/element_io.h"
#include "model/reduce_local.h"

namespace redsem::kernels::testing {

// One float kind's special values: zeros, ones, infinities, NaNs with payloads (quiet and
// signalling, both signs), subnormals, the extremes.
template <class F>
std::vector<F> special_floats() {
  using L = std::numeric_limits<F>;
  std::vector<F> v{F(0), -F(0), F(1), -F(1), L::infinity(), -L::infinity(), L::quiet_NaN(), -L::quiet_NaN(),
                   L::signaling_NaN(), L::denorm_min(), -L::denorm_min(), L::max(), L::lowest(), L::min(), F(0.5)};
  if constexpr (sizeof(F) == 4) {
    for (std::uint32_t bits : {0x7FC12345u, 0xFFC00001u, 0x7F80DEADu, 0xFF800001u}) v.push_back(std::bit_cast<F>(bits));
  } else if constexpr (sizeof(F) == 8) {
    for (std::uint64_t bits : {0x7FF8000000012345ull, 0xFFF8000000000001ull, 0x7FF000000000BEEFull})
      v.push_back(std::bit_cast<F>(bits));
  }
  return v;
}

// Bytes for `count` elements of `type`, a third special values, a third a few small values
// (so that equal values meet), a third random bits; padding random too.
class value_source {
 public:
  explicit value_source(std::uint64_t seed) : rng_(seed) {}

  std::vector<std::byte> elements(basic_type type, std::size_t count) {
    const type_info& t = info(type);
    std::vector<std::byte> out(count * t.size);
    for (auto& b : out) b = static_cast<std::byte>(rng_());
    for (std::size_t k = 0; k < count; ++k)
      for (std::size_t f = 0; f < t.field_count; ++f) fill(t.fields[f].kind, f == 1 && t.group == type_group::pair,
                                                         out.data() + k * t.size + t.fields[f].offset);
    return out;
  }

  // b's fields copied from a with probability 1/4 each, so that ties occur.
  void tie_some(basic_type type, const std::vector<std::byte>& a, std::vector<std::byte>& b) {
    const type_info& t = info(type);
    for (std::size_t k = 0; k * t.size < b.size(); ++k)
      for (std::size_t f = 0; f < t.field_count; ++f)
        if (rng_() % 4 == 0) {
          const std::size_t at = k * t.size + t.fields[f].offset;
          std::memcpy(b.data() + at, a.data() + at, value_bytes(t.fields[f].kind));
        }
  }

  std::uint64_t next() { return rng_(); }

 private:
  void fill(scalar_kind kind, bool is_index, std::byte* p) {
    const unsigned pick = rng_() % 3;
    switch (kind) {
      case scalar_kind::f32: return pick_float<float>(pick, p);
      case scalar_kind::f64: return pick_float<double>(pick, p);
      case scalar_kind::f80: return pick_float<long double>(pick, p);
      default: break;
    }
    const std::size_t n = value_bytes(kind);
    std::uint64_t v = rng_();
    if (is_index || pick == 1) v = rng_() % 5 - 2;  // small, negative included: index ties
    if (pick == 0) {
      const std::uint64_t top = std::uint64_t{1} << (8 * n - 1);
      const std::uint64_t specials[] = {0, 1, ~0ull, top, top - 1, 2, top + 1};
      v = specials[rng_() % std::size(specials)];
    }
    std::memcpy(p, &v, n);  // little-endian: the low n bytes
  }

  template <class F>
  void pick_float(unsigned pick, std::byte* p) {
    static const std::vector<F> specials = special_floats<F>();
    F v{};
    if (pick == 0) v = specials[rng_() % specials.size()];
    else if (pick == 1) v = static_cast<F>(static_cast<int>(rng_() % 5) - 2);
    else {
      std::uint64_t bits[2] = {rng_(), rng_()};
      std::memcpy(&v, bits, value_bytes(scalar_kind_of<F>()));
    }
    store_scalar(p, v);
  }

  std::mt19937_64 rng_;
};

// The three calls a kernel serves, as the model states them.
enum class call_shape {
  reduce_local,       // io = in ∘ io: kernel(a, b, b)
  reduce_locals,      // out = a ∘ b, three distinct buffers: kernel(a, b, out)
  locals_in_place_a,  // out = out ∘ b (inbuf MPI_IN_PLACE): kernel(out, b, out)
  locals_both_in_place,  // out = out ∘ out: kernel(out, out, out)
};
std::string to_string(call_shape s);

// Whether results are compared NaN-equal rather than bitwise: float SUM/PROD whose NaN
// payload x86 takes from whichever operand the compiler put first.
bool nan_equal_results(op_id op, basic_type type);

struct run_case {
  op_id op;
  basic_type type;
  call_shape shape;
  policy p;
  std::size_t count;
  std::size_t misalign_a, misalign_b, misalign_out;  // bytes, 0..7
};

// Runs the kernel and the model on the same operands; empty when they agree, else a message
// naming the first differing element. Also fails if the kernel wrote outside out's elements.
std::string compare_with_model(const kernel& k, const run_case& c, value_source& values);
// The same on given operands (c.count elements each) and out's bytes on entry.
std::string compare_with_model(const kernel& k, const run_case& c, const std::vector<std::byte>& a,
                               const std::vector<std::byte>& b, const std::vector<std::byte>& out0);

// Every legal predefined op of a class (MPI_REPLACE and MPI_NO_OP in `move`) on every type.
template <class F>
void for_each_pair(op_class cls, F&& f) {
  for_each_op_and_type([&](op_id op, basic_type type) {
    if (class_of(op) == cls && op_allows(op, type)) f(op, type);
  });
}

}  // namespace redsem::kernels::testing
