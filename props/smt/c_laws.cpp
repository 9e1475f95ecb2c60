// SPDX-License-Identifier: BSD-3-Clause
// A C MPI_User_function's laws (props/laws/c_prove.h): first whether any path for *len = 1
// reaches what the executor does not model (then every law is unknown, naming it), then
// element independence for *len = 2 and 3, then each law through the law engine.
#include "model/opfile/concrete_op.h"
#include "props/laws/c_prove.h"
#include "props/smt/c_subject.h"
#include "props/smt/law_engine.h"
#include "props/smt/validity.h"

namespace redsem::laws {
namespace {

using smt::c_element;

std::string site(const c_report& r, int line) {
  return line > 0 ? " (" + r.source_file + ":" + std::to_string(line) + ")" : std::string();
}

std::function<z3::expr(bool, std::size_t, std::size_t)> fresh_pads(z3::context& c, const std::string& prefix) {
  auto n = std::make_shared<std::size_t>(0);
  return [&c, prefix, n](bool, std::size_t, std::size_t) {
    return c.bv_const((prefix + "pad!" + std::to_string(++*n)).c_str(), 8);
  };
}

// The first construct outside the model that some inputs reach, with its line; "" if none.
std::string reachable_stop(const c_report& r, const smt::cexec::run_result& run, unsigned timeout_ms) {
  if (!run.too_many_paths.empty()) return run.too_many_paths;
  for (const auto& s : run.stops) {
    const smt::validity v = smt::check_satisfiable(s.condition, timeout_ms);
    if (v.result == smt::answer::invalid) continue;  // no input takes that path
    return s.what + site(r, s.line) + (v.result == smt::answer::unknown ? " (may be reached: " + v.how + ")" : "");
  }
  return {};
}

std::string element_text(const c_source_op& op, const std::vector<std::byte>& bytes) {
  return opfile::format(opfile::load_fields(op.fields, op.offsets, bytes.data()));
}

// The bytes of an element whose field terms the model evaluates.
std::vector<std::byte> evaluated(const z3::model& m, const smt::c_function& fn, const c_element& x) {
  std::vector<std::byte> out(static_cast<std::size_t>(fn.op->type.extent()));
  std::vector<z3::expr> bits;
  for (const auto& t : x) {
    if (!t.is_fpa())
      bits.push_back(m.eval(t, true));
    else
      bits.push_back(m.eval(z3::expr(t.ctx(), Z3_mk_fpa_to_ieee_bv(t.ctx(), t)), true));
  }
  smt::decode_element(m, fn, bits, out.data());
  return out;
}

void check_element_wise(c_report& r, const smt::c_function& fn, unsigned timeout_ms) {
  r.element_wise = verdict::proved;
  for (std::size_t n : {2, 3}) {
    z3::context c;
    std::vector<c_element> in, inout;
    std::vector<std::vector<z3::expr>> in_bits(n), inout_bits(n);
    for (std::size_t i = 0; i < n; ++i) {
      in.push_back(smt::fresh_element(c, fn, "in" + std::to_string(i), &in_bits[i]));
      inout.push_back(smt::fresh_element(c, fn, "inout" + std::to_string(i), &inout_bits[i]));
    }
    const auto whole = smt::call_c_function(c, fn, in, inout, fresh_pads(c, "n"));
    if (auto stop = reachable_stop(r, whole.run, timeout_ms); !stop.empty()) {
      r.element_wise = verdict::unknown;
      r.element_wise_text = "unknown with *len = " + std::to_string(n) + ": not modelled: " + stop;
      return;
    }
    z3::expr all = c.bool_val(true);
    std::vector<c_element> alone;
    for (std::size_t i = 0; i < n; ++i) {
      alone.push_back(smt::call_c_function(c, fn, {in[i]}, {inout[i]}, fresh_pads(c, "one")).result.at(0));
      for (std::size_t f = 0; f < alone[i].size(); ++f) all = all && whole.result[i][f] == alone[i][f];
    }
    const smt::validity v = smt::check_valid(all, timeout_ms);
    if (v.result == smt::answer::valid) continue;
    if (v.result == smt::answer::unknown) {
      r.element_wise = verdict::unknown;
      r.element_wise_text = "unknown with *len = " + std::to_string(n) + ": " + v.how;
      return;
    }
    std::string ins, inouts, detail;
    for (std::size_t i = 0; i < n; ++i) {
      std::vector<std::byte> a(static_cast<std::size_t>(fn.op->type.extent())), b(a.size());
      smt::decode_element(*v.witness, fn, in_bits[i], a.data());
      smt::decode_element(*v.witness, fn, inout_bits[i], b.data());
      ins += (i ? ", " : "") + element_text(*fn.op, a);
      inouts += (i ? ", " : "") + element_text(*fn.op, b);
      const auto got = evaluated(*v.witness, fn, whole.result[i]), want = evaluated(*v.witness, fn, alone[i]);
      if (detail.empty() && got != want)
        detail = "element " + std::to_string(i) + " becomes " + element_text(*fn.op, got) + ", but a call on element " +
                 std::to_string(i) + " alone gives " + element_text(*fn.op, want);
    }
    r.element_wise = verdict::refuted;
    r.element_wise_text = "refuted (solver counterexample): with *len = " + std::to_string(n) + ", invec = [" + ins +
                          "], inoutvec = [" + inouts + "]: " + detail;
    return;
  }
  r.element_wise_text = "proved for *len = 2 and 3: each element of the result is one call on that element";
}

std::string rename(std::string s) {
  for (auto& ch : s) ch = ch == 'x' ? 'a' : ch == 'y' ? 'b' : ch == 'z' ? 'c' : ch;
  return s;
}

// The engine's evidence in the fields' terms, as opcheck --kernel shows it.
void add_evidence(const c_source_op& op, law_result& r) {
  if (r.outcome != verdict::refuted || !r.example) return;
  for (std::size_t i = 0; i < r.example->inputs.size(); ++i)
    r.operands.push_back(opfile::load_fields(op.fields, op.offsets, r.example->inputs[i].second.bytes.data()));
  r.claim = rename(r.example->lhs_expression) + " = " + element_text(op, r.example->lhs.bytes) + " but " +
            rename(r.example->rhs_expression) + " = " + element_text(op, r.example->rhs.bytes);
}

// A short concrete search over the first special values (each combine runs the executor, so
// the engine's own pre-search, sized for a model op, would be slow): float sums fail here at
// once, where the solver would spend its whole budget.
std::optional<counterexample> special_value_search(law l, const smt::c_subject& s) {
  std::mt19937_64 rng(1);
  auto c = s.candidates(rng);
  c.resize(std::min<std::size_t>(c.size(), 10));
  const std::size_t arity = variable_count(l);
  std::vector<std::size_t> idx(arity, 0);
  for (;;) {
    std::vector<element_bytes> vars;
    for (auto i : idx) vars.push_back(c[i]);
    bool legal = true;
    for (const auto& v : vars) legal = legal && (!s.model().legal || s.model().legal(v.data()));
    if (legal)
      if (auto hit = violation(l, s.model(), s.semantics(), vars)) return hit;
    std::size_t i = 0;
    while (i < arity && ++idx[i] == c.size()) idx[i++] = 0;
    if (i == arity) return std::nullopt;
  }
}

law_result decide(law l, const smt::c_subject& s, const c_source_op& op, const prove_options& o);

// A refutation over all inputs, decided again without NaN and -0 operands: proved there, it
// is marked as one that needs them (as opcheck --kernel marks its own); refuted there, the
// ordinary counterexample replaces the first, being the one a reader can act on.
void without_nan_or_signed_zero(law_result& r, const std::shared_ptr<const smt::c_function>& fn, const c_source_op& op,
                                const prove_options& o) {
  if (r.outcome != verdict::refuted || r.which == law::identity) return;
  const smt::c_subject ordinary(fn, true);
  law_result again = decide(r.which, ordinary, op, o);
  if (again.outcome == verdict::proved)
    r.only_nan_or_signed_zero = true;
  else if (again.outcome == verdict::refuted && again.example)
    r = std::move(again);
}

law_result decide(law l, const smt::c_subject& s, const c_source_op& op, const prove_options& o) {
  if (l != law::identity)
    if (auto hit = special_value_search(l, s)) {
      law_result r;
      r.which = l;
      r.outcome = verdict::refuted;
      r.example = std::move(hit);
      r.reason = "counterexample from special values, run in the executor";
      add_evidence(op, r);
      return r;
    }
  prove_options po = o;
  po.pre_search = false;  // done above, with the executor as the concrete op
  law_result r = smt::unless_solver_error(l, [&] {
    if (l != law::identity) return smt::prove_law(l, s, po);
    element_bytes e(static_cast<std::size_t>(op.type.extent()));
    opfile::store_fields(op.fields, op.offsets, *op.identity, e.data());
    return smt::prove_for_element(l, s, po, &e, {});
  });
  add_evidence(op, r);
  return r;
}

}  // namespace

c_report prove_c_op(const c_source_op& op, const prove_options& o) {
  const auto fn = smt::load_c_function(op);
  c_report r;
  r.source_file = fn->module.source_file;
  r.line = fn->f->line;
  {
    z3::context c;
    std::vector<z3::expr> bits;
    const auto a = smt::fresh_element(c, *fn, "a", &bits), b = smt::fresh_element(c, *fn, "b", &bits);
    const auto one = smt::call_c_function(c, *fn, {a}, {b}, fresh_pads(c, ""));
    r.not_modelled = reachable_stop(r, one.run, o.timeout_ms);
    for (int line : one.run.fast_math_lines)
      r.notes.push_back(
          "fast-math flags on a float operation" + site(r, line) +
          ": the compiler may reassociate it or assume no NaN and no infinity; modelled as the IEEE operation clang "
          "emitted");
  }
  const smt::c_subject subject(fn);
  // closed belongs to op files' `require` lines: n/a here, listed for the shared findings.
  std::vector<law> laws{law::commutativity, law::associativity, law::identity, law::closed};
  for (law l : laws) {
    law_result x;
    x.which = l;
    if ((l == law::identity && !op.identity) || l == law::closed) {
      x.outcome = verdict::not_applicable;
    } else if (!r.not_modelled.empty()) {
      x.reason = "not modelled: " + r.not_modelled;
    } else {
      x = decide(l, subject, op, o);
      if (subject.holds_float()) without_nan_or_signed_zero(x, fn, op, o);
    }
    r.laws.push_back(std::move(x));
  }
  if (r.not_modelled.empty())
    check_element_wise(r, *fn, o.timeout_ms);
  else
    r.element_wise_text = "unknown: not modelled: " + r.not_modelled;
  return r;
}

}  // namespace redsem::laws
