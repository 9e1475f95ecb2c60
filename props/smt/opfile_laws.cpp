// SPDX-License-Identifier: BSD-3-Clause
// Op files through the law engine (props/smt/law_engine.h) as opfile_subject.h describes them,
// and the equivalence of an op file with a predefined pair op. A refutation is a solver model
// decoded to bytes and replayed through the concrete op.
#include <type_traits>

#include "model/element_compare.h"
#include "model/element_op.h"
#include "model/op_definitions.h"
#include "props/laws/opfile_check.h"
#include "props/laws/opfile_prove.h"
#include "props/smt/law_engine.h"
#include "props/smt/opfile_subject.h"
#include "props/smt/validity.h"

namespace redsem::smt {
namespace {

// The op-file element holding a symbolic pair's value and index, if its fields have those C types.
template <class V, class I>
std::optional<sym_element> as_fields(const opfile::typed_op& op, const pair_val<sym<V>, sym<I>>& x) {
  if (op.fields.size() != 2) return std::nullopt;
  std::optional<sym_element> out = sym_element{};
  const auto put = [&]<class S>(opfile::field_type t, const sym<S>& v) {
    opfile::visit(t, [&](auto tag) {
      constexpr auto F = decltype(tag)::value;
      if constexpr (std::is_same_v<opfile::field_cpp_t<F>, S>) {
        if (out) out->push_back(sym_value(std::in_place_index<static_cast<std::size_t>(F)>, v));
      } else {
        out.reset();
      }
    });
  };
  put(op.fields[0].type, x.value);
  put(op.fields[1].type, x.index);
  return out;
}

}  // namespace
}  // namespace redsem::smt

namespace redsem::laws {
namespace {

law_result decided(law l, verdict v, std::string reason) {
  law_result r;
  r.which = l;
  r.outcome = v;
  r.reason = std::move(reason);
  return r;
}

// The engine's counterexample in the op file's own terms (operands a, b[, c] and the claim the
// concrete checker words), for the op-file reports.
void add_opfile_evidence(const opfile::concrete_op& op, law_result& r) {
  if (r.outcome != verdict::refuted || !r.example) return;
  for (std::size_t i = 0; i < variable_count(r.which); ++i)
    r.operands.push_back(op.load(r.example->inputs[i].second.bytes.data()));
  r.claim = r.example->lhs_expression + " = " + r.example->lhs.text + " but " + r.example->rhs_expression + " = " +
            r.example->rhs.text;
  if (r.which != law::idempotence && r.which != law::absorbing)
    if (auto claim = violation(op, r.which, r.operands)) r.claim = *claim;
}

}  // namespace

law_result prove_opfile_law(const opfile::concrete_op& op, law l, const prove_options& o) {
  if (l == law::closed && !op.has_domain())
    return decided(l, verdict::not_applicable, "no 'require': every element is an input");
  const smt::opfile_subject subject(op);
  law_result r = smt::unless_solver_error(l, [&] {
    if (l != law::identity || !op.has_identity()) return smt::prove_law(l, subject, o);
    element_bytes e(op.size());  // the declared candidate
    op.store(op.identity(), e.data());
    std::mt19937_64 rng(o.random_seed);
    return smt::prove_for_element(l, subject, o, &e,
                                  o.pre_search ? subject.candidates(rng) : std::vector<element_bytes>{});
  });
  add_opfile_evidence(op, r);
  return r;
}

std::vector<law_result> prove_opfile(const opfile::concrete_op& op, const law_report& concrete,
                                     const prove_options& o) {
  std::vector<law_result> out;
  prove_options after_search = o;
  after_search.pre_search = false;  // the concrete check was the search
  for (const auto& l : concrete.laws) {
    if (l.outcome == verdict::not_applicable) continue;
    if (l.outcome == verdict::refuted) {
      law_result kept = decided(l.which, verdict::refuted, "counterexample from the model's sample values");
      kept.operands = l.operands;
      kept.claim = l.claim;
      out.push_back(std::move(kept));
      continue;
    }
    if (o.on_law) o.on_law(l.which);
    out.push_back(prove_opfile_law(op, l.which, after_search));
  }
  return out;
}

equivalence prove_same_as_predefined(const opfile::concrete_op& op, op_id predefined, basic_type pair_type,
                                     const prove_options& o) {
  ensure(op_allows(predefined, pair_type), "prove_same_as_predefined needs a legal (op, type) pair");
  return visit(pair_type, [&](auto tag) -> equivalence {
    constexpr basic_type B = decltype(tag)::value;
    using E = element_t<B>;
    if constexpr (!is_pair<E>::value) {
      return {verdict::unknown, {}, "not a value-index pair type"};
    } else {
      if (static_cast<std::size_t>(datatype::predefined(pair_type).extent()) != op.size())
        return {verdict::unknown, {}, "the op file's element is not laid out as this pair type"};
      z3::context c;
      const policy& p = op.semantics();
      const smt::opfile_domain d(c, p);
      opfile::evaluator<smt::opfile_domain> ev(op.op(), d, p);
      const auto a = smt::make_var<E>(c, "a"), b = smt::make_var<E>(c, "b");
      const auto fa = smt::as_fields(op.op(), a.value), fb = smt::as_fields(op.op(), b.value);
      if (!fa || !fb) return {verdict::unknown, {}, "the op file's fields do not have the pair's C types"};
      const auto expected = ops::apply<B>(predefined, d, p, a.value, b.value);
      const auto got = ev.combine(*fa, *fb);
      const auto expected_fields = smt::as_fields(op.op(), expected);
      const z3::expr claim = smt::same_element(c, got, *expected_fields);
      const smt::validity v = smt::check_valid(claim, o.timeout_ms);
      if (v.result == smt::answer::valid) return {verdict::proved, {}, "proved (" + v.how + ")"};
      if (v.result == smt::answer::unknown) return {verdict::unknown, {}, v.how};
      equivalence r{verdict::refuted, {}, "counterexample from the solver, replayed in the model"};
      std::vector<std::byte> x(op.size()), y(op.size()), from_file(op.size()), from_model(op.size());
      smt::decode(*v.witness, a, x.data());
      smt::decode(*v.witness, b, y.data());
      op.combine(x.data(), y.data(), from_file.data());
      predefined_element_op(predefined, pair_type, p).combine(x.data(), y.data(), from_model.data());
      if (same_element(datatype::predefined(pair_type), from_file.data(), from_model.data(), p))
        return {verdict::unknown, {}, "the solver's counterexample does not reproduce in the model"};
      r.operands = {op.load(x.data()), op.load(y.data())};
      return r;
    }
  });
}

}  // namespace redsem::laws
