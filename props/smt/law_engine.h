/* SPDX-License-Identifier: BSD-3-Clause */
// The law engine: proves or refutes a law of a binary op, for predefined ops and op files
// alike. Each is a *subject* given twice: as its concrete op (laws::model_op: the model's own
// evaluation, for search and replay) and as a symbolic op over solver terms. What differs
// between them lives in the subject; building variables, the switch on the law, the solver
// call, the NaN caveat, replaying the counterexample and the reason strings are written here
// once. A subject provides:
//   const laws::model_op& model() const;  const policy& semantics() const;  // compare rule
//   bool holds_float() const;  bool has_domain() const;                      // `require` lines
//   std::vector<laws::element_bytes> candidates(std::mt19937_64&) const;     // legal elements
//   session open(z3::context&) const;
// and its session, the symbolic op in one solver context:
//   using value = …;  using var = …;  (var has .value)
//   var make_var(const std::string& name);  value constant_at(const std::byte*);
//   void decode(const z3::model&, const var&, std::byte*);
//   value combine(const value&, const value&);  z3::expr same(const value&, const value&);
//   z3::expr legal(const value&);  const symbolic_domain& domain() const;  // definedness
// Predefined ops: props/smt/predefined_laws.cpp; op files: props/smt/opfile_subject.h.
//
// The verdict is sound in both directions: `proved` comes from the solver or an
// equivalence-preserving rewrite; `refuted` only with a counterexample that the model op
// reproduces (a solver model that the model does not reproduce gives `unknown`, with why).
#pragma once

#include <z3++.h>

#include <chrono>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "props/laws/concrete_laws.h"
#include "props/laws/law.h"
#include "props/smt/symbolic_domain.h"
#include "props/smt/validity.h"

namespace redsem::smt {

namespace detail {

// Proofs equate results as the solver sees them: any NaN equals any NaN (symbolic_domain.h).
// That is the policy's compare rule unless it is bitwise and the element holds a float.
template <class Subject>
std::string proof_caveat(const Subject& s) {
  if (s.holds_float() && s.semantics().compare == compare_rule::bitwise)
    return "compare=bitwise distinguishes NaN payloads, which the SMT FloatingPoint theory (one NaN) cannot; "
           "no payload counterexample was found";
  return {};
}

// The claim that the law's equations hold for the given symbolic operands. Returns
// (definedness of every evaluation, equalities of the equations).
template <class Session>
std::pair<z3::expr, z3::expr> law_claim(laws::law l, Session& s, const std::vector<typename Session::value>& v,
                                        const typename Session::value* element) {
  const symbolic_domain& d = s.domain();
  z3::context& c = d.ctx();
  d.clear_definedness();
  const auto f = [&](const auto& a, const auto& b) { return s.combine(a, b); };
  z3::expr eq = c.bool_val(true);
  switch (l) {
    case laws::law::associativity: eq = s.same(f(f(v[0], v[1]), v[2]), f(v[0], f(v[1], v[2]))); break;
    case laws::law::commutativity: eq = s.same(f(v[0], v[1]), f(v[1], v[0])); break;
    case laws::law::idempotence: eq = s.same(f(v[0], v[0]), v[0]); break;
    case laws::law::identity: eq = s.same(f(*element, v[0]), v[0]) && s.same(f(v[0], *element), v[0]); break;
    case laws::law::absorbing:
      eq = s.same(f(*element, v[0]), *element) && s.same(f(v[0], *element), *element);
      break;
    case laws::law::closed: eq = s.legal(f(v[0], v[1])); break;  // true for a predefined type
  }
  z3::expr defined = c.bool_val(true);
  for (const auto& cond : d.definedness()) defined = defined && cond;
  return {defined, eq};
}

// `claim` for operands inside the op's domain (its `require` lines), if it has one.
template <class Subject, class Session, class Values>
z3::expr inside_domain(const Subject& s, Session& session, const Values& operands, z3::expr claim) {
  if (!s.has_domain()) return claim;
  z3::expr legal = claim.ctx().bool_val(true);
  for (const auto& x : operands) legal = legal && session.legal(x);
  return z3::implies(legal, claim);
}

inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace detail

// Decides one law for all values of the variables; for identity/absorbing, of the given element.
template <class Subject>
laws::law_result prove_for_element(laws::law l, const Subject& s, const laws::prove_options& o,
                                   const laws::element_bytes* element,
                                   const std::vector<laws::element_bytes>& candidates) {
  const auto t0 = std::chrono::steady_clock::now();
  const laws::model_op& m = s.model();
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
    if (auto hit = laws::search_counterexample(l, m, s.semantics(), candidates, rng, element)) {
      r.example = std::move(hit);
      return finish(laws::verdict::refuted, "counterexample from the model's special and random values");
    }
  }
  z3::context c;
  auto session = s.open(c);
  using var_t = typename decltype(session)::var;
  using value_t = typename decltype(session)::value;
  std::vector<var_t> vars;
  const char* names[] = {"x", "y", "z"};
  for (std::size_t i = 0; i < laws::variable_count(l); ++i) vars.push_back(session.make_var(names[i]));
  std::optional<value_t> constant;
  if (element) constant = session.constant_at(element->data());
  const bool existence = l == laws::law::identity || l == laws::law::absorbing;
  std::vector<value_t> operands;
  for (const auto& var : vars) operands.push_back(var.value);
  auto [defined, eq] = detail::law_claim(l, session, operands, constant ? &*constant : nullptr);
  // An identity must be defined with every x; the other laws speak of defined evaluations.
  const z3::expr claim = detail::inside_domain(s, session, operands, existence ? (defined && eq) : z3::implies(defined, eq));
  const validity v = check_valid(claim, o.timeout_ms);
  if (v.result == answer::valid) {
    if (auto caveat = detail::proof_caveat(s); !caveat.empty()) return finish(laws::verdict::unknown, caveat);
    return finish(laws::verdict::proved, "proved (" + v.how + ")");
  }
  if (v.result == answer::unknown) return finish(laws::verdict::unknown, v.how);
  std::vector<laws::element_bytes> values(vars.size(), laws::element_bytes(static_cast<std::size_t>(m.type.extent())));
  for (std::size_t i = 0; i < vars.size(); ++i) session.decode(*v.witness, vars[i], values[i].data());
  if (auto replayed = laws::violation(l, m, s.semantics(), values, element)) {
    r.example = std::move(replayed);
    return finish(laws::verdict::refuted, "counterexample from the solver, replayed in the model");
  }
  return finish(laws::verdict::unknown, "the solver's counterexample does not reproduce in the model");
}

// decide(), or when the solver fails, an unknown verdict with its reason: never a crash of a table.
template <class Decide>
laws::law_result unless_solver_error(laws::law l, Decide&& decide) {
  try {
    return decide();
  } catch (const z3::exception& e) {
    laws::law_result r;
    r.which = l;
    r.reason = std::string("solver error: ") + e.msg();
    return r;
  }
}

// Decides a law. Identity and absorbing ask whether such an element exists: the subject's
// candidate elements are tried first, then a counterexample-guided search over all elements.
template <class Subject>
laws::law_result prove_law(laws::law l, const Subject& s, const laws::prove_options& o);

}  // namespace redsem::smt

#include "props/smt/element_search.h"
