/* SPDX-License-Identifier: BSD-3-Clause */
// Elements of a predefined type as solver terms: fresh variables, constants from the model's
// bytes, decoding a solver model back to those bytes, and equality of two results.
//
// A variable is a bit-vector of the scalar's stored bits, reinterpreted as a float where the
// scalar is one, so a solver model decodes to the exact bits (a NaN keeps the payload the
// solver picked). x87 long double is stored in 80 bits with an explicit integer bit; the
// solver's FloatingPoint(15,64) has it hidden, so the variable has 79 bits and decoding sets
// the integer bit as a canonical x87 number has it (1 unless the exponent is 0). The x87's
// non-canonical encodings (unnormals, pseudo-denormals) are outside what a law covers.
#pragma once

#include <z3++.h>

#include <cstddef>
#include <cstring>
#include <string>

#include "model/datatype.h"
#include "props/smt/sym.h"

namespace redsem::smt {

template <class E> struct sym_of { using type = sym<E>; };
template <class S> struct sym_of<complex_val<S>> { using type = complex_val<sym<S>>; };
template <class V, class I> struct sym_of<pair_val<V, I>> { using type = pair_val<sym<V>, sym<I>>; };
template <class E> using sym_of_t = typename sym_of<E>::type;

namespace detail {

template <class S>
constexpr unsigned stored_bits() {
  return scalar_kind_of<S>() == scalar_kind::f80 ? 79u : bit_width<S>();
}

template <class S>
sym<S> from_bits(z3::context& c, const z3::expr& bits) {
  if constexpr (std::is_floating_point_v<S>) return {bits.mk_from_ieee_bv(float_sort<S>(c))};
  else return {bits};
}

// The stored bits of one scalar at p, as a bit-vector numeral.
template <class S>
z3::expr bits_at(z3::context& c, const std::byte* p) {
  if constexpr (scalar_kind_of<S>() == scalar_kind::f80) {
    std::uint64_t mantissa = 0;
    std::uint16_t sign_exp = 0;
    std::memcpy(&mantissa, p, 8);
    std::memcpy(&sign_exp, p + 8, 2);
    const z3::expr fraction = c.bv_val(mantissa & ~(std::uint64_t{1} << 63), 63);
    return z3::concat(c.bv_val(sign_exp, 16), fraction);
  } else {
    std::uint64_t v = 0;
    std::memcpy(&v, p, value_bytes(scalar_kind_of<S>()));
    return c.bv_val(v, bit_width<S>());
  }
}

// The decimal text of a bit-vector numeral, as an unsigned 128-bit number.
inline unsigned __int128 numeral_value(const z3::expr& numeral) {
  unsigned __int128 v = 0;
  for (char ch : numeral.get_decimal_string(0)) v = v * 10 + static_cast<unsigned>(ch - '0');
  return v;
}

template <class S>
void store_bits(const z3::expr& numeral, std::byte* p) {
  const unsigned __int128 v = numeral_value(numeral);
  if constexpr (scalar_kind_of<S>() == scalar_kind::f80) {
    const auto fraction = static_cast<std::uint64_t>(v) & ~(std::uint64_t{1} << 63);
    const auto sign_exp = static_cast<std::uint16_t>(v >> 63);
    const bool integer_bit = (sign_exp & 0x7fff) != 0;
    const std::uint64_t mantissa = fraction | (std::uint64_t{integer_bit} << 63);
    std::memcpy(p, &mantissa, 8);
    std::memcpy(p + 8, &sign_exp, 2);
  } else {
    const auto low = static_cast<std::uint64_t>(v);
    std::memcpy(p, &low, value_bytes(scalar_kind_of<S>()));
  }
}

template <class S>
void decode_scalar(const z3::model& m, const z3::expr& bits, std::byte* p) {
  store_bits<S>(m.eval(bits, true), p);
}

}  // namespace detail

// An element variable: its symbolic value and the bit-vectors it is built from (to decode).
template <class E>
struct element_var {
  sym_of_t<E> value;
  std::vector<z3::expr> bits;
};

template <class E>
element_var<E> make_var(z3::context& c, const std::string& name) {
  auto fresh = [&]<class S>(const std::string& suffix, std::vector<z3::expr>& out) {
    out.push_back(c.bv_const((name + suffix).c_str(), detail::stored_bits<S>()));
    return detail::from_bits<S>(c, out.back());
  };
  std::vector<z3::expr> bits;
  if constexpr (is_complex<E>::value) {
    using S = decltype(E::re);
    auto re = fresh.template operator()<S>(".re", bits);
    auto im = fresh.template operator()<S>(".im", bits);
    return {{re, im}, bits};
  } else if constexpr (is_pair<E>::value) {
    auto v = fresh.template operator()<decltype(E::value)>(".value", bits);
    auto i = fresh.template operator()<decltype(E::index)>(".index", bits);
    return {{v, i}, bits};
  } else {
    auto v = fresh.template operator()<E>("", bits);
    return {v, bits};
  }
}

// The element stored at p (the model's layout), as a solver constant.
template <class E>
sym_of_t<E> constant_at(z3::context& c, const std::byte* p) {
  if constexpr (is_complex<E>::value) {
    using S = decltype(E::re);
    return {detail::from_bits<S>(c, detail::bits_at<S>(c, p)),
            detail::from_bits<S>(c, detail::bits_at<S>(c, p + sizeof(S)))};
  } else if constexpr (is_pair<E>::value) {
    using V = decltype(E::value);
    using I = decltype(E::index);
    return {detail::from_bits<V>(c, detail::bits_at<V>(c, p + offsetof(E, value))),
            detail::from_bits<I>(c, detail::bits_at<I>(c, p + offsetof(E, index)))};
  } else {
    return detail::from_bits<E>(c, detail::bits_at<E>(c, p));
  }
}

// Writes the value the solver model gives the variable to p, in the model's layout.
template <class E>
void decode(const z3::model& m, const element_var<E>& v, std::byte* p) {
  if constexpr (is_complex<E>::value) {
    using S = decltype(E::re);
    detail::decode_scalar<S>(m, v.bits[0], p);
    detail::decode_scalar<S>(m, v.bits[1], p + sizeof(S));
  } else if constexpr (is_pair<E>::value) {
    detail::decode_scalar<decltype(E::value)>(m, v.bits[0], p + offsetof(E, value));
    detail::decode_scalar<decltype(E::index)>(m, v.bits[1], p + offsetof(E, index));
  } else {
    detail::decode_scalar<E>(m, v.bits[0], p);
  }
}

// The two results are the same value: bitwise, except that the solver has one NaN (see
// symbolic_domain.h), i.e. the policy's nan_equal compare rule.
template <class S>
z3::expr same(const sym<S>& a, const sym<S>& b) {
  return a.term == b.term;
}
template <class S>
z3::expr same(const complex_val<sym<S>>& a, const complex_val<sym<S>>& b) {
  return a.re.term == b.re.term && a.im.term == b.im.term;
}
template <class V, class I>
z3::expr same(const pair_val<sym<V>, sym<I>>& a, const pair_val<sym<V>, sym<I>>& b) {
  return a.value.term == b.value.term && a.index.term == b.index.term;
}

}  // namespace redsem::smt
