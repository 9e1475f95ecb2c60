// The law engine: proves or refutes a law of a binary op on a predefined type, given twice —
// as a function of symbolic elements (for the solver) and as the model's concrete op (for
// search and replay). Op files do not go through it yet: props/smt/opfile_laws.cpp (`decide`)
// builds its own variables over the op file's fields, because an op-file element is not a
// predefined type (element_t<B>) and its `require` domain and `closed` law have no place here.
//
// The verdict is sound in both directions: `proved` comes from the solver or an
// equivalence-preserving rewrite; `refuted` only with a counterexample that the model op
// reproduces (a solver model that the model does not reproduce gives `unknown`, with why).
#pragma once

#include <z3++.h>

#include <chrono>
#include <functional>
#include <random>
#include <string>

#include "props/laws/concrete_laws.h"
#include "props/laws/law.h"
#include "props/smt/sym_element.h"
#include "props/smt/symbolic_domain.h"
#include "props/smt/validity.h"

namespace redsem::smt {

template <class E>
using symbolic_op = std::function<sym_of_t<E>(const symbolic_domain&, const sym_of_t<E>&, const sym_of_t<E>&)>;

namespace detail {

inline bool holds_float(const datatype& type) {
  const type_info& t = info(*type.predefined_type());
  bool any = false;
  for (std::size_t f = 0; f < t.field_count; ++f) any = any || is_float_kind(t.fields[f].kind);
  return any;
}

// Proofs equate results as the solver sees them: any NaN equals any NaN (symbolic_domain.h).
// That is the policy's compare rule unless it is bitwise and the element holds a float.
inline std::string proof_caveat(const datatype& type, const policy& p) {
  if (holds_float(type) && p.compare == compare_rule::bitwise)
    return "compare=bitwise distinguishes NaN payloads, which the SMT FloatingPoint theory (one NaN) cannot; "
           "no payload counterexample was found";
  return {};
}

// The claim that the law's equations hold for the given symbolic operands. Returns
// (definedness of every evaluation, equalities of the equations).
template <class E>
std::pair<z3::expr, z3::expr> law_claim(laws::law l, const symbolic_op<E>& f, const symbolic_domain& d,
                                        const std::vector<sym_of_t<E>>& v, const sym_of_t<E>* element) {
  z3::context& c = d.ctx();
  d.clear_definedness();
  z3::expr eq = c.bool_val(true);
  switch (l) {
    case laws::law::associativity:
      eq = same(f(d, f(d, v[0], v[1]), v[2]), f(d, v[0], f(d, v[1], v[2])));
      break;
    case laws::law::commutativity: eq = same(f(d, v[0], v[1]), f(d, v[1], v[0])); break;
    case laws::law::idempotence: eq = same(f(d, v[0], v[0]), v[0]); break;
    case laws::law::identity:
      eq = same(f(d, *element, v[0]), v[0]) && same(f(d, v[0], *element), v[0]);
      break;
    case laws::law::absorbing:
      eq = same(f(d, *element, v[0]), *element) && same(f(d, v[0], *element), *element);
      break;
    case laws::law::closed: break;  // every value of a predefined type is in its domain
  }
  z3::expr defined = c.bool_val(true);
  for (const auto& cond : d.definedness()) defined = defined && cond;
  return {defined, eq};
}

inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace detail

// Decides one law for all values of the variables; for identity/absorbing, of the given element.
template <class E>
laws::law_result prove_for_element(laws::law l, const laws::model_op& m, const symbolic_op<E>& f, const policy& p,
                                   const laws::prove_options& o, const laws::element_bytes* element,
                                   const std::vector<laws::element_bytes>& candidates) {
  const auto t0 = std::chrono::steady_clock::now();
  laws::law_result r;
  r.which = l;
  if (element) r.element = laws::show(m.type, *element);
  auto finish = [&](laws::verdict v, std::string why) {
    r.outcome = v;
    r.reason = std::move(why);
    r.seconds = detail::seconds_since(t0);
    return r;
  };
  std::mt19937_64 rng(o.random_seed);
  if (o.pre_search) {
    if (auto hit = laws::search_counterexample(l, m, p, candidates, rng, element)) {
      r.example = std::move(hit);
      return finish(laws::verdict::refuted, "counterexample from the model's special and random values");
    }
  }
  z3::context c;
  const symbolic_domain d(c, p);
  std::vector<element_var<E>> vars;
  const char* names[] = {"x", "y", "z"};
  for (std::size_t i = 0; i < laws::variable_count(l); ++i) vars.push_back(make_var<E>(c, names[i]));
  std::optional<sym_of_t<E>> constant;
  if (element) constant = constant_at<E>(c, element->data());
  const bool existence = l == laws::law::identity || l == laws::law::absorbing;
  std::vector<sym_of_t<E>> operands;
  for (const auto& var : vars) operands.push_back(var.value);
  auto [defined, eq] = detail::law_claim<E>(l, f, d, operands, constant ? &*constant : nullptr);
  // An identity must be defined with every x; the other laws speak of defined evaluations.
  const z3::expr claim = existence ? (defined && eq) : z3::implies(defined, eq);
  const validity v = check_valid(claim, o.timeout_ms);
  if (v.result == answer::valid) {
    if (auto caveat = detail::proof_caveat(m.type, p); !caveat.empty()) return finish(laws::verdict::unknown, caveat);
    return finish(laws::verdict::proved, "proved (" + v.how + ")");
  }
  if (v.result == answer::unknown) return finish(laws::verdict::unknown, v.how);
  std::vector<laws::element_bytes> values(vars.size(), laws::element_bytes(static_cast<std::size_t>(m.type.extent())));
  for (std::size_t i = 0; i < vars.size(); ++i) decode(*v.witness, vars[i], values[i].data());
  if (auto replayed = laws::violation(l, m, p, values, element)) {
    r.example = std::move(replayed);
    return finish(laws::verdict::refuted, "counterexample from the solver, replayed in the model");
  }
  return finish(laws::verdict::unknown, "the solver's counterexample does not reproduce in the model");
}

// Decides a law. Identity and absorbing ask whether such an element exists: the model's
// special values are tried first, then a counterexample-guided search over all elements.
template <class E>
laws::law_result prove_law(laws::law l, const laws::model_op& m, const symbolic_op<E>& f, const policy& p,
                           const laws::prove_options& o);

}  // namespace redsem::smt

#include "props/smt/element_search.h"
