// SPDX-License-Identifier: BSD-3-Clause
// A C function proved equal to a predefined op (props/smt/c_predefined.h).
#include "props/smt/c_predefined.h"

#include "model/op_definitions.h"
#include "props/smt/sym_element.h"
#include "props/smt/symbolic_domain.h"
#include "props/smt/validity.h"

namespace redsem::smt {
namespace {

// The field terms of one entry as the predefined type's symbolic element.
template <class E>
sym_of_t<E> as_element(const c_element& x, std::size_t first) {
  if constexpr (is_complex<E>::value || is_pair<E>::value)
    return {{x.at(first)}, {x.at(first + 1)}};  // (re, im) and (value, index), in field order
  else
    return {x.at(first)};
}

// f(a,b) same P(a,b) entry by entry, and P defined: for B, every entry's type.
template <basic_type B>
z3::expr equal_claim(op_id op, const symbolic_domain& d, const policy& p, const c_element& a, const c_element& b,
                     const c_element& f, std::size_t entries) {
  using E = element_t<B>;
  z3::context& c = d.ctx();
  const std::size_t per_entry = a.size() / entries;
  d.clear_definedness();
  z3::expr all = c.bool_val(true);
  for (std::size_t e = 0; e < entries; ++e) {
    const std::size_t at = e * per_entry;
    const auto want = ops::apply<B>(op, d, p, as_element<E>(a, at), as_element<E>(b, at));
    all = all && same(as_element<E>(f, at), want);
  }
  for (const auto& defined : d.definedness()) all = all && defined;
  return all;
}

// ∀a,b: f(a,b) = P(a,b), decided by the solver (without the witness, whose context ends here).
validity equal_to(const c_function& fn, op_id op, basic_type type, unsigned timeout_ms) {
  z3::context c;
  std::vector<z3::expr> bits;
  const c_element a = fresh_element(c, fn, "a", &bits), b = fresh_element(c, fn, "b", &bits);
  std::size_t pads = 0;
  const auto pad = [&](bool, std::size_t, std::size_t) {
    return c.bv_const(("pad!" + std::to_string(++pads)).c_str(), 8);
  };
  const c_element f = call_c_function(c, fn, {a}, {b}, pad).result.at(0);
  const policy& p = fn.op->semantics;
  const symbolic_domain d(c, p);
  const std::size_t entries = fn.op->type.entries().size();
  const z3::expr claim = visit(type, [&](auto tag) {
    constexpr basic_type B = decltype(tag)::value;
    return equal_claim<B>(op, d, p, a, b, f, entries);
  });
  const validity v = check_valid(claim, timeout_ms);
  return {v.result, std::nullopt, v.how};
}

}  // namespace

predefined_equality equal_predefined_op(const c_function& fn, unsigned timeout_ms) {
  const auto type = fn.op->type.single_basic_type();
  if (!type || fn.op->type.entries().empty() || fn.op->fields.size() % fn.op->type.entries().size() != 0)
    return {std::nullopt, "the element is not one predefined type"};
  if (fn.op->semantics.compare == compare_rule::bitwise && holds_float(fn))
    return {std::nullopt, "compare=bitwise distinguishes NaN payloads, which the solver (one NaN) cannot"};
  std::string why = "no predefined op on " + std::string(to_string(*type)) + " is equal";
  for (std::size_t i = 0; i < reduction_op_count; ++i) {
    const auto op = static_cast<op_id>(i);
    if (usage_of(op) != op_usage::reduction || !op_allows(op, *type)) continue;
    try {
      const validity v = equal_to(fn, op, *type, timeout_ms);
      if (v.result == answer::valid) return {op, "proved (" + v.how + ")"};
      if (v.result == answer::unknown) why = std::string(to_string(op)) + ": " + v.how;
    } catch (const z3::exception& e) {
      why = std::string(to_string(op)) + ": solver error: " + e.msg();
    }
  }
  return {std::nullopt, why};
}

}  // namespace redsem::smt
