/* SPDX-License-Identifier: BSD-3-Clause */
// An op file as the law engine's subject (law_engine.h): the op file's typed AST evaluated by
// opfile::evaluator over the symbolic domain, the same evaluator and AST the concrete op runs
// (docs/design.md, decision 1). Its element is a struct of the op file's fields, its domain
// the `require` lines, and its integers wrap whatever the overflow rule (docs/op-files.md).
#pragma once

#include <z3++.h>

#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "model/opfile/concrete_op.h"
#include "model/opfile/evaluate.h"
#include "props/laws/opfile_prove.h"
#include "props/smt/sym_element.h"
#include "props/smt/symbolic_domain.h"

namespace redsem::smt {

// The symbolic domain plus what op files use beyond the predefined ops (model/domain.h):
// negation, shifts and rotations with SMT-LIB's semantics, which the concrete domain mirrors.
class opfile_domain : public symbolic_domain {
 public:
  using symbolic_domain::symbolic_domain;

  template <class S>
  sym<S> neg(const sym<S>& a) const {
    if constexpr (std::is_floating_point_v<S>) return {z3::expr(ctx(), Z3_mk_fpa_neg(ctx(), a.term))};
    else return {-a.term};
  }
  template <class S>
  sym<S> shl(const sym<S>& a, const sym<S>& n) const { return {z3::shl(a.term, n.term)}; }
  template <class S>
  sym<S> shr(const sym<S>& a, const sym<S>& n) const {
    if constexpr (std::is_signed_v<S>) return {z3::ashr(a.term, n.term)};
    else return {z3::lshr(a.term, n.term)};
  }
  template <class S>
  sym<S> rotl(const sym<S>& a, const sym<S>& n) const {
    return {z3::expr(ctx(), Z3_mk_ext_rotate_left(ctx(), a.term, n.term))};
  }
  template <class S>
  sym<S> rotr(const sym<S>& a, const sym<S>& n) const {
    return {z3::expr(ctx(), Z3_mk_ext_rotate_right(ctx(), a.term, n.term))};
  }
};

using sym_element = opfile::element<opfile_domain>;
using sym_value = opfile::value<opfile_domain>;

// Bitwise equal, any NaN equal to any NaN (the solver has one NaN): the nan_equal rule.
inline z3::expr same_element(z3::context& c, const sym_element& x, const sym_element& y) {
  z3::expr all = c.bool_val(true);
  for (std::size_t f = 0; f < x.size(); ++f) {
    all = all && opfile::visit(static_cast<opfile::field_type>(x[f].index()), [&](auto tag) {
      constexpr auto I = static_cast<std::size_t>(decltype(tag)::value);
      if constexpr (I == 0) return z3::expr(std::get<0>(x[f]) == std::get<0>(y[f]));
      else return same(std::get<I>(x[f]), std::get<I>(y[f]));
    });
  }
  return all;
}

class opfile_subject {
 public:
  explicit opfile_subject(const opfile::concrete_op& op)
      : op_(op), wrapping_(op.semantics()), m_(laws::opfile_model_op(op)) {
    wrapping_.overflow = overflow_rule::wrap;
  }

  const laws::model_op& model() const { return m_; }
  const policy& semantics() const { return op_.semantics(); }
  bool holds_float() const {
    for (const auto& f : op_.op().fields)
      if (opfile::is_float(f.type)) return true;
    return false;
  }
  bool has_domain() const { return op_.has_domain(); }
  std::vector<laws::element_bytes> candidates(std::mt19937_64& rng) const { return laws::opfile_candidates(op_, rng); }

  class session {
   public:
    using value = sym_element;
    struct var {
      sym_element value;
      std::vector<z3::expr> bits;  // per field: a bool constant, or the stored bits
    };
    session(const opfile_subject& s, z3::context& c) : s_(s), c_(c), d_(c, s.wrapping_), ev_(s.op_.op(), d_, s.wrapping_) {}
    session(const session&) = delete;  // the evaluator refers to d_
    session& operator=(const session&) = delete;
    var make_var(const std::string& name);
    value constant_at(const std::byte* p);
    void decode(const z3::model& m, const var& v, std::byte* p) const;
    value combine(const value& a, const value& b) { return ev_.combine(a, b); }
    z3::expr same(const value& a, const value& b) const { return same_element(c_, a, b); }
    z3::expr legal(const value& x) { return ev_.legal(x); }
    const symbolic_domain& domain() const { return d_; }
    opfile::evaluator<opfile_domain>& evaluator() { return ev_; }

   private:
    const opfile_subject& s_;
    z3::context& c_;
    opfile_domain d_;
    opfile::evaluator<opfile_domain> ev_;
  };
  session open(z3::context& c) const { return session(*this, c); }

 private:
  const opfile::concrete_op& op_;
  policy wrapping_;
  laws::model_op m_;
};

inline opfile_subject::session::var opfile_subject::session::make_var(const std::string& name) {
  var v;
  for (const auto& f : s_.op_.op().fields) {
    opfile::visit(f.type, [&](auto tag) {
      constexpr auto F = decltype(tag)::value;
      constexpr auto I = static_cast<std::size_t>(F);
      using S = opfile::field_cpp_t<F>;
      const std::string full = name + "." + f.name;
      if constexpr (F == opfile::field_type::boolean) {
        v.bits.push_back(c_.bool_const(full.c_str()));
        v.value.push_back(sym_value(std::in_place_index<I>, v.bits.back()));
      } else {
        v.bits.push_back(c_.bv_const(full.c_str(), detail::stored_bits<S>()));
        v.value.push_back(sym_value(std::in_place_index<I>, detail::from_bits<S>(c_, v.bits.back())));
      }
    });
  }
  return v;
}

inline sym_element opfile_subject::session::constant_at(const std::byte* p) {
  sym_element x;
  const auto& fields = s_.op_.op().fields;
  for (std::size_t f = 0; f < fields.size(); ++f) {
    opfile::visit(fields[f].type, [&](auto tag) {
      constexpr auto F = decltype(tag)::value;
      constexpr auto I = static_cast<std::size_t>(F);
      const std::byte* at = p + s_.op_.offset(f);
      if constexpr (F == opfile::field_type::boolean) x.push_back(sym_value(std::in_place_index<I>, c_.bool_val(*at != std::byte{0})));
      else {
        using S = opfile::field_cpp_t<F>;
        x.push_back(sym_value(std::in_place_index<I>, detail::from_bits<S>(c_, detail::bits_at<S>(c_, at))));
      }
    });
  }
  return x;
}

inline void opfile_subject::session::decode(const z3::model& m, const var& v, std::byte* p) const {
  const auto& fields = s_.op_.op().fields;
  for (std::size_t f = 0; f < fields.size(); ++f) {
    opfile::visit(fields[f].type, [&](auto tag) {
      constexpr auto F = decltype(tag)::value;
      std::byte* at = p + s_.op_.offset(f);
      if constexpr (F == opfile::field_type::boolean) *at = std::byte{m.eval(v.bits[f], true).is_true()};
      else detail::decode_scalar<opfile::field_cpp_t<F>>(m, v.bits[f], at);
    });
  }
}

}  // namespace redsem::smt
