/* SPDX-License-Identifier: BSD-3-Clause */
// The one definition of every predefined op, over any value domain (see domain.h).
// The model runs it on C++ values; props/smt runs the very same code on Z3 terms, so a
// law proved there is a law of what the model executes (docs/design.md, decision 1).
//
// Operand order is MPI's: `a` is the left operand (invec, lower ranks), `b` the right
// (inoutvec); the result is a ∘ b (MPI-4.1 §7.9.5). For RMA, a is the target's current
// value and b the origin's (f(a,b) in §13.3.4).
#pragma once

#include "model/check.h"
#include "model/complex_prod.h"
#include "model/datatype.h"
#include "model/domain.h"
#include "model/op.h"
#include "model/policy.h"
#include "model/values.h"

namespace redsem::ops {

enum class direction { smaller, greater };

// The operand MIN (smaller) or MAX (greater) picks, with the policy's NaN and ±0 rules.
template <class D, class V>
V extreme(const D& d, const policy& p, direction dir, const V& a, const V& b) {
  const auto a_better = dir == direction::greater ? d.lt(b, a) : d.lt(a, b);
  if constexpr (!is_float_value<V>) {
    return d.select(a_better, a, b);  // equal integers are identical: ties need no rule
  } else {
    const auto b_better = dir == direction::greater ? d.lt(a, b) : d.lt(b, a);
    // Numerically equal: identical bits, or −0 against +0.
    const V tie = p.minmax_zero == zero_rule::c_ternary ? b
                  : dir == direction::greater         ? d.select(d.sign_bit(a), b, a)
                                                      : d.select(d.sign_bit(a), a, b);
    const V ordered = d.select(a_better, a, d.select(b_better, b, tie));
    switch (p.minmax_nan) {
      case nan_rule::propagate: return d.select(d.is_nan(a), a, d.select(d.is_nan(b), b, ordered));
      case nan_rule::ignore: return d.select(d.is_nan(a), b, d.select(d.is_nan(b), a, ordered));
      case nan_rule::c_ternary:  // `a > b ? a : b` is false with a NaN, so it yields b
        return d.select(d.or_(d.is_nan(a), d.is_nan(b)), b, ordered);
    }
    internal_error("unknown nan_rule");
  }
}

// The smaller of two indices (a floating min for MPI_2REAL and MPI_2DOUBLE_PRECISION).
template <class D, class I>
I min_index(const D& d, const I& i, const I& j) {
  return d.select(d.lt(j, i), j, i);
}

// MINLOC (smaller) and MAXLOC (greater), MPI-4.1 §7.9.4: the extreme value, and on a tie the
// smaller index, for MAXLOC too.
template <class D, class V, class I>
pair_val<V, I> extreme_loc(const D& d, const policy& p, direction dir, const pair_val<V, I>& a,
                           const pair_val<V, I>& b) {
  const V& u = a.value;
  const V& v = b.value;
  const auto a_better = dir == direction::greater ? d.lt(v, u) : d.lt(u, v);
  const auto b_better = dir == direction::greater ? d.lt(u, v) : d.lt(v, u);
  const I k = min_index(d, a.index, b.index);
  if constexpr (!is_float_value<V>) {
    return {d.select(a_better, u, d.select(b_better, v, u)),
            d.select(a_better, a.index, d.select(b_better, b.index, k))};
  } else {
    if (p.loc_nan == loc_nan_rule::c_chain) {
      // if (u better) (u,i) else if (u == v) (u, min(i,j)) else (v,j)
      const auto eq = d.eq(u, v);
      return {d.select(a_better, u, d.select(eq, u, v)),
              d.select(a_better, a.index, d.select(eq, k, b.index))};
    }
    if (p.loc_tie != loc_tie_rule::by_value) {
      // By operand position: a NaN on either side, or a tie (±0), goes to the chosen operand;
      // a tie still takes the smaller index.
      const bool first = p.loc_tie == loc_tie_rule::first;
      const auto nan = d.or_(d.is_nan(u), d.is_nan(v));
      const V& pv = first ? u : v;
      const I& pi = first ? a.index : b.index;
      return {d.select(nan, pv, d.select(a_better, u, d.select(b_better, v, pv))),
              d.select(nan, pi, d.select(a_better, a.index, d.select(b_better, b.index, k)))};
    }
    // NaN counts as the extreme value; two NaNs tie.
    const auto a_wins = d.or_(a_better, d.and_(d.is_nan(u), d.not_(d.is_nan(v))));
    const auto b_wins = d.or_(b_better, d.and_(d.is_nan(v), d.not_(d.is_nan(u))));
    const V tie = p.minmax_zero == zero_rule::c_ternary ? u
                  : dir == direction::greater         ? d.select(d.sign_bit(u), v, u)
                                                      : d.select(d.sign_bit(u), u, v);
    return {d.select(a_wins, u, d.select(b_wins, v, tie)),
            d.select(a_wins, a.index, d.select(b_wins, b.index, k))};
  }
}

template <class D, class V>
V sum(const D& d, const V& a, const V& b) {
  return d.add(a, b);
}
template <class D, class S>
complex_val<S> sum(const D& d, const complex_val<S>& a, const complex_val<S>& b) {
  return {d.add(a.re, b.re), d.add(a.im, b.im)};
}

template <class D, class V>
V prod(const D& d, const V& a, const V& b) {
  return d.mul(a, b);
}
// Complex operands: the formula the policy names (complex_prod.h).
template <class D, class S>
complex_val<S> prod(const D& d, const policy& p, const complex_val<S>& a, const complex_val<S>& b) {
  return complex_prod(d, p, a, b);
}
template <class D, class V>
V prod(const D& d, const policy& /*p*/, const V& a, const V& b) {
  return prod(d, a, b);
}

// a ∘ b for predefined op `op` on elements of predefined type B, in domain D.
// Only (op, B) pairs that op_allows() are instantiated; others are an internal error.
template <basic_type B, class D, class E>
E apply(op_id op, const D& d, const policy& p, const E& a, const E& b) {
  constexpr auto allowed = [](op_id o) { return op_allows(o, B); };
  switch (op) {
    case op_id::max: if constexpr (allowed(op_id::max)) return extreme(d, p, direction::greater, a, b); break;
    case op_id::min: if constexpr (allowed(op_id::min)) return extreme(d, p, direction::smaller, a, b); break;
    case op_id::sum: if constexpr (allowed(op_id::sum)) return sum(d, a, b); break;
    case op_id::prod: if constexpr (allowed(op_id::prod)) return prod(d, p, a, b); break;
    case op_id::land: if constexpr (allowed(op_id::land)) return d.from_truth(d.and_(d.truthy(a), d.truthy(b)), a); break;
    case op_id::lor: if constexpr (allowed(op_id::lor)) return d.from_truth(d.or_(d.truthy(a), d.truthy(b)), a); break;
    case op_id::lxor: if constexpr (allowed(op_id::lxor)) return d.from_truth(d.xor_(d.truthy(a), d.truthy(b)), a); break;
    case op_id::band: if constexpr (allowed(op_id::band)) return d.band(a, b); break;
    case op_id::bor: if constexpr (allowed(op_id::bor)) return d.bor(a, b); break;
    case op_id::bxor: if constexpr (allowed(op_id::bxor)) return d.bxor(a, b); break;
    case op_id::maxloc: if constexpr (allowed(op_id::maxloc)) return extreme_loc(d, p, direction::greater, a, b); break;
    case op_id::minloc: if constexpr (allowed(op_id::minloc)) return extreme_loc(d, p, direction::smaller, a, b); break;
    case op_id::replace: return b;
    case op_id::no_op: return a;
  }
  internal_error("op applied to a type it does not allow; callers validate first");
}

}  // namespace redsem::ops
