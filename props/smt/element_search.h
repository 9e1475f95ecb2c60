/* SPDX-License-Identifier: BSD-3-Clause */
// Finding an identity or absorbing element, or proving that none exists (included by
// law_engine.h). Candidates come from the subject (a type's special values, an op file's
// legal samples), each checked concretely first; if none is proved, a counterexample-guided search asks the solver for an element that
// satisfies the equations on a growing set of sample operands x:
//   - no element satisfies them on the samples: none satisfies them on all x (refuted);
//   - an element does: it is checked for all x (proved), or its counterexample joins the samples.
#pragma once

#include "props/smt/law_engine.h"

namespace redsem::smt {
namespace detail {

inline std::string sample_list(const datatype& type, const std::vector<laws::element_bytes>& samples) {
  std::string s;
  for (const auto& x : samples) s += (s.empty() ? "" : ", ") + laws::show(type, x).text;
  return s;
}

// Asks the solver for an element a (inside the op's domain) with the law's equations holding
// for every sample x.
template <class Subject, class Session>
validity element_for_samples(laws::law l, const Subject& s, Session& session,
                             const std::vector<laws::element_bytes>& samples, const typename Session::var& a,
                             unsigned timeout_ms) {
  z3::expr all = s.has_domain() ? session.legal(a.value) : session.domain().ctx().bool_val(true);
  for (const auto& x : samples) {
    auto [defined, eq] = law_claim(l, session, {session.constant_at(x.data())}, &a.value);
    all = all && defined && eq;
  }
  return check_satisfiable(all, timeout_ms);
}

}  // namespace detail

template <class Subject>
laws::law_result search_element(laws::law l, const Subject& s, const laws::prove_options& o,
                                const std::vector<laws::element_bytes>& candidates) {
  const laws::model_op& m = s.model();
  const policy& p = s.semantics();
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<laws::element_bytes> samples;  // operands that ruled a candidate out
  auto add_sample = [&](const laws::counterexample& c) {
    const auto& x = c.inputs.front().second.bytes;
    for (const auto& s : samples)
      if (s == x) return;
    samples.push_back(x);
  };
  std::vector<const laws::element_bytes*> survivors;
  for (const auto& a : candidates) {
    std::optional<laws::counterexample> broken;
    for (const auto& x : candidates)
      if ((broken = laws::violation(l, m, p, {x}, &a))) break;
    if (broken) {
      if (samples.size() < 8) add_sample(*broken);
    } else {
      survivors.push_back(&a);
    }
  }
  std::string unknown_reason;
  auto done = [&](laws::law_result r) {
    r.seconds = detail::seconds_since(t0);
    return r;
  };
  for (std::size_t i = 0; i < survivors.size() && i < 3; ++i) {
    laws::law_result r = prove_for_element(l, s, o, survivors[i], candidates);
    if (r.outcome == laws::verdict::proved) return done(std::move(r));
    if (r.example) add_sample(*r.example);
    if (r.outcome == laws::verdict::unknown) unknown_reason = r.reason;
  }
  for (int round = 0; round < 8; ++round) {
    z3::context c;
    auto session = s.open(c);
    const auto a = session.make_var("a");
    const validity v = detail::element_for_samples(l, s, session, samples, a, o.timeout_ms);
    if (v.result == answer::unknown) break;
    if (v.result == answer::invalid) {
      // The solver's equality is exact (NaN-equal); compare=ulps accepts nearby results too,
      // so "no element is exact" does not rule out one that is close enough.
      if (p.compare == compare_rule::ulps && p.ulps > 0 && s.holds_float()) {
        unknown_reason = "no element is exact on the samples, but compare=ulps may accept an inexact one";
        break;
      }
      laws::law_result r;
      r.which = l;
      r.outcome = laws::verdict::refuted;
      r.reason = "no element works: none satisfies the equations for x in {" + detail::sample_list(m.type, samples) +
                 "} (solver: unsatisfiable)";
      return done(std::move(r));
    }
    laws::element_bytes found(static_cast<std::size_t>(m.type.extent()));
    session.decode(*v.witness, a, found.data());
    laws::law_result r = prove_for_element(l, s, o, &found, candidates);
    if (r.outcome == laws::verdict::proved) return done(std::move(r));
    if (!r.example) {
      unknown_reason = r.reason;
      break;
    }
    add_sample(*r.example);
  }
  laws::law_result r;
  r.which = l;
  r.reason = unknown_reason.empty() ? "the element search did not converge" : unknown_reason;
  return done(std::move(r));
}

template <class Subject>
laws::law_result prove_law(laws::law l, const Subject& s, const laws::prove_options& o) {
  std::mt19937_64 rng(o.random_seed);
  const auto candidates = s.candidates(rng);
  if (l == laws::law::identity || l == laws::law::absorbing) return search_element(l, s, o, candidates);
  return prove_for_element(l, s, o, nullptr, candidates);
}

}  // namespace redsem::smt
