// Op files through the solver: the op file's typed AST evaluated by opfile::evaluator over the
// symbolic domain (the same evaluator and AST the concrete op runs, docs/design.md, decision 1).
// A refutation is a solver model decoded to bytes and replayed through the concrete op.
#include <chrono>
#include <type_traits>

#include "model/element_compare.h"
#include "model/element_op.h"
#include "model/op_definitions.h"
#include "model/opfile/evaluate.h"
#include "props/laws/opfile_prove.h"
#include "props/smt/sym_element.h"
#include "props/smt/symbolic_domain.h"
#include "props/smt/validity.h"

namespace redsem::smt {
namespace {

// The symbolic domain plus what op files use beyond the predefined ops (model/domain.h):
// negation, shifts and rotations with SMT-LIB's semantics,
// which the concrete domain mirrors.
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

// One operand: a value per field, and the solver constants to decode it from.
struct operand_var {
  sym_element value;
  std::vector<z3::expr> bits;  // per field: a bool constant, or the stored bits
};

operand_var make_operand(z3::context& c, const opfile::typed_op& op, const std::string& name) {
  operand_var v;
  for (const auto& f : op.fields) {
    opfile::visit(f.type, [&](auto tag) {
      constexpr auto F = decltype(tag)::value;
      constexpr auto I = static_cast<std::size_t>(F);
      using S = opfile::field_cpp_t<F>;
      const std::string full = name + "." + f.name;
      if constexpr (F == opfile::field_type::boolean) {
        v.bits.push_back(c.bool_const(full.c_str()));
        v.value.push_back(sym_value(std::in_place_index<I>, v.bits.back()));
      } else {
        v.bits.push_back(c.bv_const(full.c_str(), detail::stored_bits<S>()));
        v.value.push_back(sym_value(std::in_place_index<I>, detail::from_bits<S>(c, v.bits.back())));
      }
    });
  }
  return v;
}

opfile::concrete_element decode(const z3::model& m, const opfile::concrete_op& op, const operand_var& v) {
  std::vector<std::byte> bytes(op.size());
  for (std::size_t f = 0; f < op.op().fields.size(); ++f) {
    opfile::visit(op.op().fields[f].type, [&](auto tag) {
      constexpr auto F = decltype(tag)::value;
      if constexpr (F == opfile::field_type::boolean) bytes[op.offset(f)] = std::byte{m.eval(v.bits[f], true).is_true()};
      else detail::decode_scalar<opfile::field_cpp_t<F>>(m, v.bits[f], bytes.data() + op.offset(f));
    });
  }
  return op.load(bytes.data());
}

// Bitwise equal, any NaN equal to any NaN (the solver has one NaN): the nan_equal rule.
z3::expr same_element(z3::context& c, const sym_element& x, const sym_element& y) {
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

bool holds_float(const opfile::typed_op& op) {
  for (const auto& f : op.fields)
    if (opfile::is_float(f.type)) return true;
  return false;
}

laws::law_result decide(laws::law l, const opfile::concrete_op& op, const policy& p, const laws::prove_options& o) {
  const auto t0 = std::chrono::steady_clock::now();
  laws::law_result r;
  r.which = l;
  z3::context c;
  policy wrapping = p;  // op-file integers wrap whatever the overflow rule (docs/op-files.md)
  wrapping.overflow = overflow_rule::wrap;
  const opfile_domain d(c, wrapping);
  opfile::evaluator<opfile_domain> ev(op.op(), d, wrapping);
  const std::size_t arity = l == laws::law::associativity ? 3 : l == laws::law::identity ? 1 : 2;
  std::vector<operand_var> vars;
  const char* names[] = {"a", "b", "c"};
  z3::expr legal = c.bool_val(true);
  for (std::size_t i = 0; i < arity; ++i) {
    vars.push_back(make_operand(c, op.op(), names[i]));
    legal = legal && ev.legal(vars.back().value);
  }
  const auto combine = [&](const sym_element& x, const sym_element& y) { return ev.combine(x, y); };
  z3::expr holds = c.bool_val(true);
  switch (l) {
    case laws::law::commutativity:
      holds = same_element(c, combine(vars[0].value, vars[1].value), combine(vars[1].value, vars[0].value));
      break;
    case laws::law::associativity:
      holds = same_element(c, combine(combine(vars[0].value, vars[1].value), vars[2].value),
                           combine(vars[0].value, combine(vars[1].value, vars[2].value)));
      break;
    case laws::law::identity: {
      const sym_element e = ev.identity();
      holds = same_element(c, combine(e, vars[0].value), vars[0].value) &&
              same_element(c, combine(vars[0].value, e), vars[0].value);
      break;
    }
    case laws::law::closed: holds = ev.legal(combine(vars[0].value, vars[1].value)); break;
    case laws::law::idempotence:
    case laws::law::absorbing: internal_error("op files have no idempotence or absorbing proof");
  }
  const validity v = check_valid(z3::implies(legal, holds), o.timeout_ms);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (v.result == answer::valid) {
    if (holds_float(op.op()) && p.compare == compare_rule::bitwise) {
      r.outcome = laws::verdict::unknown;
      r.reason = "compare=bitwise distinguishes NaN payloads, which the SMT FloatingPoint theory (one NaN) cannot";
    } else {
      r.outcome = laws::verdict::proved;
      r.reason = "proved (" + v.how + ")";
    }
    return r;
  }
  if (v.result == answer::unknown) {
    r.reason = v.how;
    return r;
  }
  for (const auto& var : vars) r.operands.push_back(decode(*v.witness, op, var));
  if (auto broken = laws::violation(op, l, r.operands)) {
    r.outcome = laws::verdict::refuted;
    r.claim = *broken;
    r.reason = "counterexample from the solver, replayed in the model";
  } else {
    r.operands.clear();
    r.reason = "the solver's counterexample does not reproduce in the model";
  }
  return r;
}

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

std::vector<law_result> prove_opfile(const opfile::concrete_op& op, const law_report& concrete,
                                     const prove_options& o) {
  std::vector<law_result> out;
  for (const auto& l : concrete.laws) {
    if (l.outcome == verdict::not_applicable) continue;
    if (l.outcome == verdict::refuted) {
      law_result kept;
      kept.which = l.which;
      kept.outcome = verdict::refuted;
      kept.operands = l.operands;
      kept.claim = l.claim;
      kept.reason = "counterexample from the model's sample values";
      out.push_back(std::move(kept));
      continue;
    }
    out.push_back(smt::decide(l.which, op, op.semantics(), o));
  }
  return out;
}

}  // namespace redsem::laws

namespace redsem::laws {

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
