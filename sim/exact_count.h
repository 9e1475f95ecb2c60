/* SPDX-License-Identifier: BSD-3-Clause */
// A count that stays exact where a double would round: trees of an order search, paths of an
// interleaving search. A search split over processes (search_share) adds the same counts in a
// different grouping than one process does, and a double sum depends on its grouping once
// counts pass 2^53; exact integers make the split search report one process's numbers.
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

namespace redsem::sim {

// A non-negative integer, exact below 2^127; past that it falls back to a double, and only then
// may a split search's last digits differ from one process's. 16 bytes, 8-byte aligned, so
// the entries of a search (one per op application or per state) stay small.
class exact_count {
 public:
  constexpr exact_count() = default;  // zero
  static constexpr exact_count one() { return from_wide(1); }

  friend constexpr exact_count operator*(const exact_count& a, const exact_count& b) {
    if ((a.hi_ | b.hi_) == 0) return from_wide(static_cast<unsigned __int128>(a.lo_) * b.lo_);  // the common case
    unsigned __int128 product = 0;
    if (a.exact() && b.exact() && !__builtin_mul_overflow(a.wide(), b.wide(), &product) && fits(product))
      return from_wide(product);
    return inexact(a.value() * b.value());
  }

  constexpr exact_count& operator+=(const exact_count& b) {
    if (((hi_ | b.hi_) >> 62) == 0) {  // the common case: both below 2^126, the sum fits
      *this = from_wide(wide() + b.wide());
      return *this;
    }
    if (exact() && b.exact()) {
      const unsigned __int128 sum = wide() + b.wide();  // both below 2^127: no wrap-around
      if (fits(sum)) return *this = from_wide(sum);
    }
    return *this = inexact(value() + b.value());
  }

  // Integer → double is one correctly rounded conversion, so equal tallies give equal doubles.
  constexpr double value() const { return exact() ? static_cast<double>(wide()) : std::bit_cast<double>(lo_); }
  constexpr bool exact() const { return hi_ != inexact_mark; }
  // Whether the count is a multiple of 2^k (an inexact count is not known to be one).
  constexpr bool multiple_of_power_of_two(int k) const {
    return exact() && (k >= 128 ? wide() == 0 : (wide() & ((static_cast<unsigned __int128>(1) << k) - 1)) == 0);
  }

 private:
  static constexpr std::uint64_t inexact_mark = ~std::uint64_t{0};
  static constexpr bool fits(unsigned __int128 v) { return (v >> 127) == 0; }
  static constexpr exact_count from_wide(unsigned __int128 v) {
    exact_count t;
    t.lo_ = static_cast<std::uint64_t>(v);
    t.hi_ = static_cast<std::uint64_t>(v >> 64);
    return t;
  }
  static constexpr exact_count inexact(double v) {
    exact_count t;
    t.lo_ = std::bit_cast<std::uint64_t>(v);
    t.hi_ = inexact_mark;
    return t;
  }
  constexpr unsigned __int128 wide() const { return (static_cast<unsigned __int128>(hi_) << 64) | lo_; }

  // Exact: the integer's low and high halves (high below 2^63). Inexact: a double's bits in lo_.
  std::uint64_t lo_ = 0, hi_ = 0;
};

static_assert(std::is_trivially_copyable_v<exact_count> && sizeof(exact_count) == 16, "stored and sent as its bytes");

}  // namespace redsem::sim
