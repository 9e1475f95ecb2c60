// SPDX-License-Identifier: BSD-3-Clause
// A C MPI_User_function's laws (props/laws/c_prove.h): first whether any path for *len = 1
// reaches what the executor does not model (then every law is unknown, naming it), then
// element independence for *len = 2 and 3, then each law through the law engine.
#include <sstream>

#include "model/opfile/concrete_op.h"
#include "props/laws/c_prove.h"
#include "props/laws/predefined_failure.h"
#include "props/laws/proof_cache.h"
#include "props/smt/c_predefined.h"
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

// What deciding a law needs besides the subject: the op, the options, the cache and the
// fingerprint that keys it (everything the verdict depends on).
struct decision {
  const c_source_op& op;
  const prove_options& o;
  const proof_cache* cache;
  std::string fingerprint;
};

// The handle's IR less its file names and debug metadata, which name a scratch directory that
// differs from run to run.
std::string handle_code(const std::string& ir) {
  std::string out, line;
  std::istringstream in(ir);
  while (std::getline(in, line))
    if (!line.starts_with("!") && !line.starts_with("; ModuleID") && !line.starts_with("source_filename"))
      out += line + "\n";
  return out;
}

std::string fingerprint_of(const c_source_op& op) {
  std::string f =
      op.ir + '\0' + handle_code(op.handle_ir) + '\0' + op.function + '\0' + std::to_string(op.type.extent());
  for (std::size_t i = 0; i < op.fields.size(); ++i)
    f += "|" + std::string(opfile::to_string(op.fields[i])) + "@" + std::to_string(op.offsets[i]);
  if (op.identity) f += "|identity " + opfile::format(*op.identity);
  return f;
}

law_result decide(law l, const smt::c_subject& s, const decision& d);

// A refutation over all inputs, decided again without NaN and -0 operands: proved there, it
// is marked as one that needs them (as opcheck --kernel marks its own); refuted there, the
// ordinary counterexample replaces the first, being the one a reader can act on.
void without_nan_or_signed_zero(law_result& r, const std::shared_ptr<const smt::c_function>& fn, const decision& d) {
  if (r.outcome != verdict::refuted || r.which == law::identity) return;
  const smt::c_subject ordinary(fn, true);
  law_result again = decide(r.which, ordinary, d);
  if (again.outcome == verdict::proved)
    r.only_nan_or_signed_zero = true;
  else if (again.outcome == verdict::refuted && again.example)
    r = std::move(again);
}

law_result solve(law l, const smt::c_subject& s, const prove_options& o, const element_bytes* element) {
  if (l != law::identity)
    if (auto hit = special_value_search(l, s)) {
      law_result r;
      r.which = l;
      r.outcome = verdict::refuted;
      r.example = std::move(hit);
      r.reason = "counterexample from special values, run in the executor";
      return r;
    }
  prove_options po = o;
  po.pre_search = false;  // done above, with the executor as the concrete op
  return smt::unless_solver_error(l, [&] {
    if (l != law::identity) return smt::prove_law(l, s, po);
    return smt::prove_for_element(l, s, po, element, {});
  });
}

// The cache's verdict, else the executor's and the solver's (stored unless unknown).
law_result decide(law l, const smt::c_subject& s, const decision& d) {
  std::optional<element_bytes> e;
  if (l == law::identity) {
    e.emplace(static_cast<std::size_t>(d.op.type.extent()));
    opfile::store_fields(d.op.fields, d.op.offsets, *d.op.identity, e->data());
  }
  const std::string key = d.fingerprint + (s.has_domain() ? "|without NaN and -0" : "");
  std::optional<law_result> r;
  if (d.cache) r = d.cache->find_c_source(key, l, s.model(), s.semantics(), e ? &*e : nullptr);
  if (!r) {
    r = solve(l, s, d.o, e ? &*e : nullptr);
    if (d.cache && r->outcome != verdict::unknown) d.cache->store_c_source(key, l, s.semantics(), *r);
  }
  add_evidence(d.op, *r);
  return *r;
}

// Associativity refuted: when the function is, for every input, MPI's own reduction op on its
// element's type, it fails only as that op does (props/laws/predefined_failure.h), which
// opcheck --kernel also reports as a warning. Not under fast-math: the IEEE model of its
// operations is then an assumption the compiler does not promise.
void mark_if_predefined(law_result& r, const smt::c_function& fn, bool fast_math, unsigned timeout_ms) {
  if (r.which != law::associativity || r.outcome != verdict::refuted || fast_math) return;
  const smt::predefined_equality e = smt::equal_predefined_op(fn, timeout_ms);
  if (!e.op) return;
  r.fails_as_predefined = predefined_on(*e.op, fn.op->type);
  r.equals_predefined = true;
}

}  // namespace

c_report prove_c_op(const c_source_op& op, const prove_options& o, const proof_cache* cache) {
  const auto fn = smt::load_c_function(op);
  c_report r;
  r.source_file = fn->module.source_file;
  r.line = fn->f->line;
  bool fast_math = false;
  {
    z3::context c;
    std::vector<z3::expr> bits;
    const auto a = smt::fresh_element(c, *fn, "a", &bits), b = smt::fresh_element(c, *fn, "b", &bits);
    const auto one = smt::call_c_function(c, *fn, {a}, {b}, fresh_pads(c, ""));
    r.not_modelled = reachable_stop(r, one.run, o.timeout_ms);
    fast_math = !one.run.fast_math_lines.empty();
    for (int line : one.run.fast_math_lines)
      r.notes.push_back(
          "fast-math flags on a float operation" + site(r, line) +
          ": the compiler may reassociate it or assume no NaN and no infinity; modelled as the IEEE operation clang "
          "emitted");
  }
  const smt::c_subject subject(fn);
  const decision d{op, o, cache, fingerprint_of(op)};
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
      if (o.on_law) o.on_law(l);
      x = decide(l, subject, d);
      if (subject.holds_float()) without_nan_or_signed_zero(x, fn, d);
      mark_if_predefined(x, *fn, fast_math, o.timeout_ms);
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
