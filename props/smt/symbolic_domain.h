/* SPDX-License-Identifier: BSD-3-Clause */
// The symbolic value domain (model/domain.h's interface over Z3 terms): op_definitions.h
// evaluated here yields the formula of exactly what the model computes.
//
// Floats round to nearest, ties to even, as the model does (no FMA: each operation rounds).
// The SMT FloatingPoint theory has one NaN, so a formula cannot tell NaN payloads or the sign
// of a NaN apart: equalities of results are "bitwise, any NaN equal to any NaN", which is the
// policy's nan_equal compare rule. sign_bit is fp.isNegative, false on NaN; the ops only
// consult it on numbers (every NaN case is decided before a tie between equal values).
#pragma once

#include <z3++.h>

#include <cstddef>
#include <cstring>
#include <type_traits>
#include <vector>

#include "model/policy.h"
#include "props/smt/sym_element.h"

namespace redsem::smt {

class symbolic_domain {
 public:
  using boolean = z3::expr;

  symbolic_domain(z3::context& c, const policy& p) : ctx_(&c), policy_(p) {}

  z3::context& ctx() const { return *ctx_; }

  // Conditions under which every operation so far was defined: under overflow=erroneous, no
  // signed SUM/PROD overflowed. The model reports such an evaluation as erroneous, so a law
  // is about the evaluations where these hold.
  const std::vector<z3::expr>& definedness() const { return defined_; }
  void clear_definedness() const { defined_.clear(); }

  template <class S>
  using value = std::conditional_t<std::is_same_v<S, bool>, z3::expr, sym<S>>;

  // A constant of scalar S (bool: a Boolean constant), from its stored bits.
  template <class S>
  value<S> constant(S c) const {
    if constexpr (std::is_same_v<S, bool>) {
      return ctx_->bool_val(c);
    } else {
      std::byte bytes[16] = {};
      std::memcpy(bytes, &c, sizeof c);
      return detail::from_bits<S>(*ctx_, detail::bits_at<S>(*ctx_, bytes));
    }
  }

  template <class S>
  sym<S> select(const z3::expr& c, const sym<S>& a, const sym<S>& b) const { return {z3::ite(c, a.term, b.term)}; }
  z3::expr select(const z3::expr& c, const z3::expr& a, const z3::expr& b) const { return z3::ite(c, a, b); }

  template <class S>
  sym<S> add(const sym<S>& a, const sym<S>& b) const {
    if constexpr (std::is_floating_point_v<S>) return {fp(Z3_mk_fpa_add, a, b)};
    else {
      note_overflow<S>(z3::bvadd_no_overflow(a.term, b.term, true), z3::bvadd_no_underflow(a.term, b.term));
      return {a.term + b.term};
    }
  }
  template <class S>
  sym<S> sub(const sym<S>& a, const sym<S>& b) const {
    if constexpr (std::is_floating_point_v<S>) return {fp(Z3_mk_fpa_sub, a, b)};
    else {
      note_overflow<S>(z3::bvsub_no_overflow(a.term, b.term), z3::bvsub_no_underflow(a.term, b.term, true));
      return {a.term - b.term};
    }
  }
  template <class S>
  sym<S> mul(const sym<S>& a, const sym<S>& b) const {
    if constexpr (std::is_floating_point_v<S>) return {fp(Z3_mk_fpa_mul, a, b)};
    else {
      note_overflow<S>(z3::bvmul_no_overflow(a.term, b.term, true), z3::bvmul_no_underflow(a.term, b.term));
      return {a.term * b.term};
    }
  }

  template <class S>
  z3::expr lt(const sym<S>& a, const sym<S>& b) const {
    if constexpr (std::is_floating_point_v<S>) return make(Z3_mk_fpa_lt(*ctx_, a.term, b.term));
    else if constexpr (std::is_signed_v<S>) return z3::slt(a.term, b.term);
    else return z3::ult(a.term, b.term);
  }
  template <class S>
  z3::expr eq(const sym<S>& a, const sym<S>& b) const {
    if constexpr (std::is_floating_point_v<S>) return make(Z3_mk_fpa_eq(*ctx_, a.term, b.term));  // IEEE: NaN ≠ NaN, −0 = +0
    else return a.term == b.term;
  }
  template <class S>
  z3::expr is_nan(const sym<S>& a) const { return make(Z3_mk_fpa_is_nan(*ctx_, a.term)); }
  template <class S>
  z3::expr sign_bit(const sym<S>& a) const { return make(Z3_mk_fpa_is_negative(*ctx_, a.term)); }
  template <class S>
  z3::expr is_inf(const sym<S>& a) const { return make(Z3_mk_fpa_is_infinite(*ctx_, a.term)); }

  template <class S>
  sym<S> band(const sym<S>& a, const sym<S>& b) const { return {a.term & b.term}; }
  template <class S>
  sym<S> bor(const sym<S>& a, const sym<S>& b) const { return {a.term | b.term}; }
  template <class S>
  sym<S> bxor(const sym<S>& a, const sym<S>& b) const { return {a.term ^ b.term}; }

  template <class S>
  z3::expr truthy(const sym<S>& a) const {
    if (policy_.truth == truth_rule::low_bit) return a.term.extract(0, 0) == ctx_->bv_val(1, 1);
    return a.term != ctx_->bv_val(0, bit_width<S>());
  }
  template <class S>
  sym<S> from_truth(const z3::expr& p, const sym<S>& /*like*/) const {
    const unsigned w = bit_width<S>();
    const z3::expr t = policy_.true_value == true_rule::all_ones ? ~ctx_->bv_val(0, w) : ctx_->bv_val(1, w);
    return {z3::ite(p, t, ctx_->bv_val(0, w))};
  }

  z3::expr and_(const z3::expr& p, const z3::expr& q) const { return p && q; }
  z3::expr or_(const z3::expr& p, const z3::expr& q) const { return p || q; }
  z3::expr xor_(const z3::expr& p, const z3::expr& q) const { return p != q; }
  z3::expr not_(const z3::expr& p) const { return !p; }

 private:
  z3::expr make(Z3_ast a) const {
    z3::expr e(*ctx_, a);
    ctx_->check_error();
    return e;
  }
  template <class S>
  z3::expr fp(Z3_ast (*op)(Z3_context, Z3_ast, Z3_ast, Z3_ast), const sym<S>& a, const sym<S>& b) const {
    return make(op(*ctx_, Z3_mk_fpa_rne(*ctx_), a.term, b.term));
  }
  // Unsigned types always wrap (C); signed ones wrap or are erroneous, as the policy says.
  template <class S>
  void note_overflow(const z3::expr& no_overflow, const z3::expr& no_underflow) const {
    if constexpr (std::is_signed_v<S>) {
      if (policy_.overflow == overflow_rule::erroneous) {
        defined_.push_back(no_overflow);
        defined_.push_back(no_underflow);
      }
    }
  }

  z3::context* ctx_;
  policy policy_;
  mutable std::vector<z3::expr> defined_;
};

}  // namespace redsem::smt
