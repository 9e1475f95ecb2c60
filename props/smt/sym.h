/* SPDX-License-Identifier: BSD-3-Clause */
// A solver term standing for a C++ scalar S: the symbolic counterpart of an `S` value, so that
// op_definitions.h, written over any domain, runs unchanged on Z3 terms (docs/design.md, decision 1).
// Integers are bit-vectors of S's exact width; float, double and x87 long double are the
// FloatingPoint sorts (8,24), (11,53) and (15,64).
#pragma once

#include <z3++.h>

#include <type_traits>

#include "model/datatype.h"
#include "model/domain.h"

namespace redsem::smt {

template <class S>
struct sym {
  z3::expr term;
};

template <class S>
constexpr unsigned bit_width() {
  return static_cast<unsigned>(value_bytes(scalar_kind_of<S>()) * 8);
}

// The FloatingPoint sort of a floating scalar: exponent and significand bits (hidden bit included).
template <class F>
z3::sort float_sort(z3::context& c) {
  constexpr scalar_kind k = scalar_kind_of<F>();
  if constexpr (k == scalar_kind::f32) return c.fpa_sort(8, 24);
  else if constexpr (k == scalar_kind::f64) return c.fpa_sort(11, 53);
  else return c.fpa_sort(15, 64);  // x87 extended: the explicit integer bit is the hidden bit
}

}  // namespace redsem::smt

namespace redsem {
// So that is_float_value<sym<S>> and the ops' `if constexpr` branches see the scalar S.
template <class S>
struct scalar_of<smt::sym<S>> {
  using type = S;
};
}  // namespace redsem
