/* SPDX-License-Identifier: BSD-3-Clause */
// Complex multiplication, the two ways the policy's complex_prod key names, over any value
// domain (see domain.h): the model runs it on C++ values and props/smt on Z3 terms.
#pragma once

#include <limits>

#include "model/domain.h"
#include "model/policy.h"
#include "model/values.h"

namespace redsem::ops {

// The textbook formula, as the standard's own complex example uses; each product is
// rounded on its own (the model is built without FMA contraction).
template <class D, class S>
complex_val<S> textbook_prod(const D& d, const complex_val<S>& z, const complex_val<S>& w) {
  return {d.sub(d.mul(z.re, w.re), d.mul(z.im, w.im)), d.add(d.mul(z.re, w.im), d.mul(z.im, w.re))};
}

namespace detail {

// ±1 for an infinite part, ±0 for any other, with the part's sign: Annex G's "box".
template <class D, class S>
S box(const D& d, const S& x) {
  using C = scalar_of_t<S>;
  return d.select(d.sign_bit(x), d.select(d.is_inf(x), d.constant(C{-1}), d.constant(-C{0})),
                  d.select(d.is_inf(x), d.constant(C{1}), d.constant(C{0})));
}

// A NaN part becomes a zero of its sign. The sign can only reach a result that is NaN anyway
// (a zeroed part only ever meets other zeros or is added to a nonzero term), which is why the
// solver's sign-less NaN gives the same results under the nan_equal compare rule.
template <class D, class S>
S nan_to_zero(const D& d, const S& x) {
  using C = scalar_of_t<S>;
  return d.select(d.is_nan(x), d.select(d.sign_bit(x), d.constant(-C{0}), d.constant(C{0})), x);
}

// One operand's parts as Annex G rewrites them before recomputing: boxed when the operand is
// infinite, else NaNs zeroed when the other operand is infinite or a product overflowed.
template <class D, class S, class B>
complex_val<S> recovered(const D& d, const complex_val<S>& z, const B& z_inf, const B& zero_nans) {
  return {d.select(z_inf, box(d, z.re), d.select(zero_nans, nan_to_zero(d, z.re), z.re)),
          d.select(z_inf, box(d, z.im), d.select(zero_nans, nan_to_zero(d, z.im), z.im))};
}

}  // namespace detail

// C11 Annex G.5.1's multiplication (its example _Cmultd; libgcc's __muldc3, which GCC calls for
// `z * w` on complex operands): the textbook result, except that when both of its parts are
// NaN and an operand is infinite, or a partial product overflowed, the operands are rewritten
// (detail::recovered) and the product recomputed times infinity. Written symmetric in z and w,
// as the C code is in effect, so that the prover's commutative normal form sees it commute.
template <class D, class S>
complex_val<S> annex_g_prod(const D& d, const complex_val<S>& z, const complex_val<S>& w) {
  using C = scalar_of_t<S>;
  const complex_val<S> plain = textbook_prod(d, z, w);
  const auto z_inf = d.or_(d.is_inf(z.re), d.is_inf(z.im));
  const auto w_inf = d.or_(d.is_inf(w.re), d.is_inf(w.im));
  const auto product_inf = d.or_(d.or_(d.is_inf(d.mul(z.re, w.re)), d.is_inf(d.mul(z.im, w.im))),
                                 d.or_(d.is_inf(d.mul(z.re, w.im)), d.is_inf(d.mul(z.im, w.re))));
  const complex_val<S> zr = detail::recovered(d, z, z_inf, d.or_(w_inf, product_inf));
  const complex_val<S> wr = detail::recovered(d, w, w_inf, d.or_(z_inf, product_inf));
  const complex_val<S> again = textbook_prod(d, zr, wr);
  const S inf = d.constant(std::numeric_limits<C>::infinity());
  const auto recompute = d.and_(d.and_(d.is_nan(plain.re), d.is_nan(plain.im)),
                                d.or_(d.or_(z_inf, w_inf), product_inf));
  return {d.select(recompute, d.mul(inf, again.re), plain.re), d.select(recompute, d.mul(inf, again.im), plain.im)};
}

template <class D, class S>
complex_val<S> complex_prod(const D& d, const policy& p, const complex_val<S>& z, const complex_val<S>& w) {
  return p.complex_prod == complex_prod_rule::annex_g ? annex_g_prod(d, z, w) : textbook_prod(d, z, w);
}

}  // namespace redsem::ops
