// SPDX-License-Identifier: BSD-3-Clause
#include "sim/exact_sum.h"

#include <array>
#include <cmath>
#include <cstring>
#include <limits>

namespace redsem::sim {
namespace {

// Sums integer multiples of 2^lowest exactly: 32-bit limbs held in 64-bit words, so carries can
// wait until the end (each limb takes < 2^34 per addition; far below 2^63 for any sane count).
template <class T>
class fixed_point_sum {
 public:
  static constexpr int digits = std::numeric_limits<T>::digits;
  static constexpr int lowest = std::numeric_limits<T>::min_exponent - digits;  // 2^lowest: the least subnormal
  static constexpr int width_bits = std::numeric_limits<T>::max_exponent - lowest + 64;
  static constexpr int limbs = width_bits / 32 + 2;

  void add(T x) {
    int e = 0;
    const T f = std::frexp(std::fabs(x), &e);  // |x| = f · 2^e, f in [0.5, 1)
    if (f == 0) return;
    auto mantissa = static_cast<std::uint64_t>(std::ldexp(f, digits));
    int position = e - digits - lowest;
    while (position < 0) {  // subnormal: the bits shifted out are zero
      mantissa >>= 1;
      ++position;
    }
    const int limb = position / 32, shift = position % 32;
    const unsigned __int128 wide = static_cast<unsigned __int128>(mantissa) << shift;
    const std::int64_t sign = std::signbit(x) ? -1 : 1;
    for (int k = 0; k < 3; ++k)
      limb_[limb + k] += sign * static_cast<std::int64_t>(static_cast<std::uint32_t>(wide >> (32 * k)));
  }

  T rounded() {
    normalize();
    const bool negative = limb_[limbs - 1] < 0;
    if (negative) negate();
    int top = -1;  // the highest set bit
    for (int i = limbs - 1; i >= 0 && top < 0; --i)
      if (limb_[i] != 0) top = 32 * i + (63 - __builtin_clzll(static_cast<std::uint64_t>(limb_[i])));
    if (top < 0) return T{0};  // an exact zero sum is +0 in round-to-nearest
    T result;
    if (top < digits) {
      result = std::ldexp(static_cast<T>(bits(0, top + 1)), lowest);  // fits: exact
    } else {
      const int low = top - digits + 1;  // the last kept bit
      std::uint64_t kept = bits(low, digits);
      const bool half = bit(low - 1);
      bool sticky = false;
      for (int b = 0; b < low - 1 && !sticky; ++b) sticky = bit(b);
      if (half && (sticky || (kept & 1))) ++kept;
      result = std::ldexp(static_cast<T>(kept), low + lowest);  // overflow rounds to infinity
    }
    return negative ? -result : result;
  }

 private:
  void normalize() {
    for (int i = 0; i + 1 < limbs; ++i) {
      const std::int64_t carry = limb_[i] >> 32;  // floor division: limbs end in [0, 2^32)
      limb_[i] -= carry * (std::int64_t{1} << 32);
      limb_[i + 1] += carry;
    }
  }
  void negate() {
    for (auto& l : limb_) l = -l;
    normalize();
  }
  bool bit(int b) const { return b >= 0 && ((limb_[b / 32] >> (b % 32)) & 1) != 0; }
  std::uint64_t bits(int from, int count) const {
    std::uint64_t v = 0;
    for (int b = count - 1; b >= 0; --b) v = (v << 1) | (bit(from + b) ? 1 : 0);
    return v;
  }

  std::array<std::int64_t, limbs> limb_{};
};

template <class T>
std::optional<T> exact_rounded(const std::vector<T>& xs) {
  fixed_point_sum<T> acc;
  for (T x : xs) {
    if (!std::isfinite(x)) return std::nullopt;
    acc.add(x);
  }
  return acc.rounded();
}

template <class T, class Bits>
std::optional<std::uint64_t> distance(T a, T b) {
  if (std::isnan(a) || std::isnan(b)) return std::nullopt;
  const auto place = [](T x) {
    Bits bits;
    std::memcpy(&bits, &x, sizeof x);
    const Bits magnitude = bits & (std::numeric_limits<Bits>::max() >> 1);
    const auto m = static_cast<__int128>(magnitude);
    return std::signbit(x) ? -m : m;
  };
  const __int128 d = place(a) - place(b);
  return static_cast<std::uint64_t>(d < 0 ? -d : d);
}

}  // namespace

std::optional<float> correctly_rounded_sum(const std::vector<float>& xs) { return exact_rounded(xs); }
std::optional<double> correctly_rounded_sum(const std::vector<double>& xs) { return exact_rounded(xs); }
std::optional<std::uint64_t> ulp_distance(float a, float b) { return distance<float, std::uint32_t>(a, b); }
std::optional<std::uint64_t> ulp_distance(double a, double b) { return distance<double, std::uint64_t>(a, b); }

}  // namespace redsem::sim
