/* SPDX-License-Identifier: BSD-3-Clause */
// The concrete value domain: op_definitions.h evaluated on C++ values. This is the model.
#pragma once

#include <cmath>
#include <type_traits>

#include "model/policy.h"

namespace redsem {

class concrete_domain {
 public:
  using boolean = bool;

  explicit concrete_domain(const policy& p) : policy_(p) {}

  // Set when a signed integer SUM/PROD overflowed; the caller decides what the policy makes of it.
  bool overflowed() const { return overflowed_; }

  // The domain's value for a C++ scalar S (value<bool> is `boolean`), and a constant of it:
  // op files (model/opfile) build their literals this way.
  template <class S>
  using value = S;
  template <class S>
  S constant(S c) const { return c; }

  template <class V>
  V select(bool c, const V& a, const V& b) const { return c ? a : b; }

  template <class T>
  T add(T a, T b) const { return arith<arith_op::add>(a, b); }
  template <class T>
  T sub(T a, T b) const { return arith<arith_op::sub>(a, b); }
  template <class T>
  T mul(T a, T b) const { return arith<arith_op::mul>(a, b); }

  // −a; for integers 0 − a, wrapping (the most negative value overflows).
  template <class T>
  T neg(T a) const {
    if constexpr (std::is_floating_point_v<T>) return -a;
    else return sub(T{0}, a);
  }

  template <class T>
  bool lt(T a, T b) const { return a < b; }
  template <class T>
  bool eq(T a, T b) const { return a == b; }
  template <class T>
  bool is_nan(T a) const { return std::isnan(a); }
  template <class T>
  bool sign_bit(T a) const { return std::signbit(a); }
  template <class T>
  bool is_inf(T a) const { return std::isinf(a); }

  template <class T>
  T band(T a, T b) const { return static_cast<T>(a & b); }
  template <class T>
  T bor(T a, T b) const { return static_cast<T>(a | b); }
  template <class T>
  T bxor(T a, T b) const { return static_cast<T>(a ^ b); }

  // Shifts and rotations read the amount n as unsigned, as SMT-LIB's bit-vector operations do:
  // a shift by n ≥ the width gives 0 (or, >> of a negative signed value, all ones), and a
  // rotation is by n modulo the width. Right shifts are arithmetic for signed types.
  template <class T>
  T shl(T a, T n) const {
    using U = std::make_unsigned_t<T>;
    const auto k = static_cast<U>(n);
    if (k >= bits<T>) return T{0};
    return static_cast<T>(static_cast<wide<T>>(static_cast<U>(a)) << k);
  }
  template <class T>
  T shr(T a, T n) const {
    using U = std::make_unsigned_t<T>;
    const auto k = static_cast<U>(n);
    if constexpr (std::is_signed_v<T>) {
      if (k >= bits<T>) return a < 0 ? T{-1} : T{0};
      return static_cast<T>(a >> k);  // arithmetic shift of a signed value: defined since C++20
    } else {
      if (k >= bits<T>) return T{0};
      return static_cast<T>(static_cast<wide<T>>(a) >> k);
    }
  }
  template <class T>
  T rotl(T a, T n) const {
    using U = std::make_unsigned_t<T>;
    const unsigned k = static_cast<unsigned>(static_cast<U>(n) % bits<T>);
    const auto u = static_cast<wide<T>>(static_cast<U>(a));
    if (k == 0) return a;
    return static_cast<T>(static_cast<U>((u << k) | (u >> (bits<T> - k))));
  }
  template <class T>
  T rotr(T a, T n) const {
    using U = std::make_unsigned_t<T>;
    return rotl(a, static_cast<T>(static_cast<U>(bits<T> - static_cast<U>(n) % bits<T>)));
  }

  template <class T>
  bool truthy(T a) const {
    return policy_.truth == truth_rule::low_bit ? (a & 1) != 0 : a != 0;
  }
  template <class T>
  T from_truth(bool p, T /*like*/) const {
    if (!p) return T{0};
    return policy_.true_value == true_rule::all_ones ? static_cast<T>(~std::make_unsigned_t<T>{0}) : T{1};
  }

  bool and_(bool p, bool q) const { return p && q; }
  bool or_(bool p, bool q) const { return p || q; }
  bool xor_(bool p, bool q) const { return p != q; }
  bool not_(bool p) const { return !p; }

 private:
  template <class T>
  static constexpr unsigned bits = sizeof(T) * 8;
  template <class T>
  using wide = std::common_type_t<std::make_unsigned_t<T>, unsigned>;

  enum class arith_op { add, sub, mul };

  template <arith_op Op, class X>
  static X compute(X a, X b) {
    if constexpr (Op == arith_op::add) return a + b;
    else if constexpr (Op == arith_op::sub) return a - b;
    else return a * b;
  }

  template <arith_op Op, class T>
  static bool overflows(T a, T b) {
    T r;
    if constexpr (Op == arith_op::add) return __builtin_add_overflow(a, b, &r);
    else if constexpr (Op == arith_op::sub) return __builtin_sub_overflow(a, b, &r);
    else return __builtin_mul_overflow(a, b, &r);
  }

  // Integers compute in an unsigned type at least as wide as unsigned int, so the operation
  // wraps and never meets C++'s signed overflow or integer promotion to int.
  template <arith_op Op, class T>
  T arith(T a, T b) const {
    if constexpr (std::is_floating_point_v<T>) {
      return compute<Op>(a, b);
    } else {
      if constexpr (std::is_signed_v<T>) {
        if (overflows<Op>(a, b)) overflowed_ = true;
      }
      using wide = std::common_type_t<std::make_unsigned_t<T>, unsigned>;
      return static_cast<T>(compute<Op>(static_cast<wide>(a), static_cast<wide>(b)));
    }
  }

  policy policy_;
  mutable bool overflowed_ = false;
};

}  // namespace redsem
