#include "model/opfile/law_check.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <functional>
#include <optional>
#include <limits>
#include <random>

#include "model/element_compare.h"
#include "model/opfile/domain_samples.h"

namespace redsem::opfile {
namespace {

using cvalue = concrete_value;

bool same_value(const concrete_op& op, const concrete_element& x, const concrete_element& y) {
  std::vector<std::byte> bx(op.size()), by(op.size());
  op.store(x, bx.data());
  op.store(y, by.data());
  return same_element(op.type(), bx.data(), by.data(), op.semantics());
}

class law_checker {
 public:
  law_checker(const concrete_op& op, const check_options& o)
      : op_(op), options_(o), rng_(o.seed), fields_(samples_of(op.op())) {
    small_elements small = legal_small_elements(op, fields_, {o.max_small_elements, o.max_enumerated}, rng_);
    small_ = std::move(small.elements);
    coverage_ = small.coverage;
  }

  law_report run() {
    law_report r;
    r.op = op_.op().name;
    r.instance = op_.op().instance;
    r.declared_commute = op_.op().commute;
    r.exhaustive = coverage_;
    if (small_.empty() && !random_legal_element(op_, fields_, rng_, options_.domain_probes, nullptr)) {
      // Every law would hold vacuously: say so instead of "holds on 0 samples".
      r.empty_domain = true;
      for (law l : {law::commutative, law::associative, law::identity, law::closed})
        r.laws.push_back({l, verdict::not_applicable, 0, {}, ""});
      return r;
    }
    table_ = combine_table();
    r.laws.push_back(commutative());
    r.laws.push_back(associative());
    r.laws.push_back(identity());
    r.laws.push_back(closed());
    r.domain_rejected = rejected_;
    return r;
  }

 private:
  // A random legal element, or nothing after many tries (a very narrow `require`).
  std::optional<concrete_element> random_element() { return random_legal_element(op_, fields_, rng_, 100, &rejected_); }

  bool same(const concrete_element& x, const concrete_element& y) const { return same_value(op_, x, y); }

  std::vector<std::vector<concrete_element>> combine_table() const {
    std::vector<std::vector<concrete_element>> t(small_.size());
    for (std::size_t i = 0; i < small_.size(); ++i)
      for (std::size_t j = 0; j < small_.size(); ++j) t[i].push_back(op_.combine(small_[i], small_[j]));
    return t;
  }

  static law_result refuted(law l, std::uint64_t n, std::vector<concrete_element> operands, std::string claim) {
    return {l, verdict::refuted, n, std::move(operands), std::move(claim)};
  }

  using claim_fn = std::function<std::optional<std::string>(const std::vector<concrete_element>&)>;

  // A random counterexample made simple: greedily, each field of each operand becomes the
  // earliest sample value (small set first) that keeps the inputs legal and the law broken.
  std::vector<concrete_element> shrink(std::vector<concrete_element> xs, const claim_fn& broken) const {
    for (int round = 0; round < 20; ++round) {
      bool changed = false;
      for (auto& x : xs) {
        for (std::size_t f = 0; f < x.size(); ++f) {
          std::vector<cvalue> candidates = fields_[f].small;
          candidates.insert(candidates.end(), fields_[f].wide.begin(), fields_[f].wide.end());
          for (const auto& c : candidates) {
            if (c == x[f]) break;  // nothing simpler than what it already is
            const cvalue saved = x[f];
            x[f] = c;
            if (op_.legal(x) && broken(xs)) {
              changed = true;
              break;
            }
            x[f] = saved;
          }
        }
      }
      if (!changed) break;
    }
    return xs;
  }

  law_result refuted_shrunk(law l, std::uint64_t n, std::vector<concrete_element> operands, const claim_fn& broken) const {
    auto simple = shrink(std::move(operands), broken);
    auto claim = broken(simple);
    return refuted(l, n, std::move(simple), std::move(*claim));
  }

  law_result commutative() {
    std::uint64_t n = 0;
    const auto check = [&](const concrete_element& a, const concrete_element& b, const concrete_element& ab,
                           const concrete_element& ba) -> std::optional<law_result> {
      ++n;
      if (same(ab, ba)) return std::nullopt;
      return refuted(law::commutative, n, {a, b}, "a∘b = " + format(ab) + " but b∘a = " + format(ba));
    };
    for (std::size_t i = 0; i < small_.size(); ++i)
      for (std::size_t j = i + 1; j < small_.size(); ++j)
        if (auto r = check(small_[i], small_[j], table_[i][j], table_[j][i])) return *r;
    const claim_fn broken = [&](const std::vector<concrete_element>& x) { return violation(op_, law::commutative, x); };
    for (std::uint64_t k = 0; k < options_.random_cases; ++k) {
      auto a = random_element(), b = random_element();
      if (!a || !b) continue;
      ++n;
      if (broken({*a, *b})) return refuted_shrunk(law::commutative, n, {*a, *b}, broken);
    }
    return {law::commutative, verdict::holds_on_samples, n, {}, ""};
  }

  law_result associative() {
    std::uint64_t n = 0;
    const auto check = [&](const concrete_element& a, const concrete_element& b, const concrete_element& c,
                           const concrete_element& ab, const concrete_element& bc) -> std::optional<law_result> {
      ++n;
      const auto left = op_.combine(ab, c), right = op_.combine(a, bc);
      if (same(left, right)) return std::nullopt;
      return refuted(law::associative, n, {a, b, c}, "(a∘b)∘c = " + format(left) + " but a∘(b∘c) = " + format(right));
    };
    for (std::size_t i = 0; i < small_.size(); ++i)
      for (std::size_t j = 0; j < small_.size(); ++j)
        for (std::size_t k = 0; k < small_.size(); ++k)
          if (auto r = check(small_[i], small_[j], small_[k], table_[i][j], table_[j][k])) return *r;
    const claim_fn broken = [&](const std::vector<concrete_element>& x) { return violation(op_, law::associative, x); };
    for (std::uint64_t k = 0; k < options_.random_cases; ++k) {
      auto a = random_element(), b = random_element(), c = random_element();
      if (!a || !b || !c) continue;
      ++n;
      if (broken({*a, *b, *c})) return refuted_shrunk(law::associative, n, {*a, *b, *c}, broken);
    }
    return {law::associative, verdict::holds_on_samples, n, {}, ""};
  }

  law_result identity() {
    if (!op_.has_identity()) return {law::identity, verdict::not_applicable, 0, {}, ""};
    const concrete_element e = op_.identity();
    std::uint64_t n = 0;
    if (!op_.legal(e)) return refuted(law::identity, 1, {e}, "the identity candidate " + format(e) + " breaks a 'require'");
    const auto check = [&](const concrete_element& a) -> std::optional<law_result> {
      ++n;
      const auto ea = op_.combine(e, a), ae = op_.combine(a, e);
      if (!same(ea, a)) return refuted(law::identity, n, {a}, "e∘a = " + format(ea) + " for e = " + format(e) + ", not a");
      if (!same(ae, a)) return refuted(law::identity, n, {a}, "a∘e = " + format(ae) + " for e = " + format(e) + ", not a");
      return std::nullopt;
    };
    for (const auto& a : small_)
      if (auto r = check(a)) return *r;
    const claim_fn broken = [&](const std::vector<concrete_element>& x) { return violation(op_, law::identity, x); };
    for (std::uint64_t k = 0; k < options_.random_cases; ++k) {
      auto a = random_element();
      if (!a) continue;
      ++n;
      if (broken({*a})) return refuted_shrunk(law::identity, n, {*a}, broken);
    }
    return {law::identity, verdict::holds_on_samples, n, {}, ""};
  }

  law_result closed() {
    if (op_.op().requires_.empty()) return {law::closed, verdict::not_applicable, 0, {}, ""};
    std::uint64_t n = 0;
    for (std::size_t i = 0; i < small_.size(); ++i) {
      for (std::size_t j = 0; j < small_.size(); ++j) {
        ++n;
        if (!op_.legal(table_[i][j]))
          return refuted(law::closed, n, {small_[i], small_[j]}, "a∘b = " + format(table_[i][j]) + " breaks a 'require'");
      }
    }
    const claim_fn broken = [&](const std::vector<concrete_element>& x) { return violation(op_, law::closed, x); };
    for (std::uint64_t k = 0; k < options_.random_cases; ++k) {
      auto a = random_element(), b = random_element();
      if (!a || !b) continue;
      ++n;
      if (broken({*a, *b})) return refuted_shrunk(law::closed, n, {*a, *b}, broken);
    }
    return {law::closed, verdict::holds_on_samples, n, {}, ""};
  }

  const concrete_op& op_;
  check_options options_;
  std::mt19937_64 rng_;
  std::vector<field_samples> fields_;
  std::vector<concrete_element> small_;
  grid_coverage coverage_;
  std::uint64_t rejected_ = 0;
  std::vector<std::vector<concrete_element>> table_;
};

}  // namespace

std::string_view to_string(law l) {
  switch (l) {
    case law::commutative: return "commutative";
    case law::associative: return "associative";
    case law::identity: return "identity";
    case law::closed: return "closed";
  }
  internal_error("unknown law");
}

std::string_view to_string(verdict v) {
  switch (v) {
    case verdict::holds_on_samples: return "holds on samples";
    case verdict::refuted: return "refuted";
    case verdict::not_applicable: return "n/a";
  }
  internal_error("unknown verdict");
}

std::optional<std::string> violation(const concrete_op& op, law l, const std::vector<concrete_element>& x) {
  switch (l) {
    case law::commutative: {
      const auto ab = op.combine(x[0], x[1]), ba = op.combine(x[1], x[0]);
      if (same_value(op, ab, ba)) return std::nullopt;
      return "a∘b = " + format(ab) + " but b∘a = " + format(ba);
    }
    case law::associative: {
      const auto left = op.combine(op.combine(x[0], x[1]), x[2]), right = op.combine(x[0], op.combine(x[1], x[2]));
      if (same_value(op, left, right)) return std::nullopt;
      return "(a∘b)∘c = " + format(left) + " but a∘(b∘c) = " + format(right);
    }
    case law::identity: {
      const auto e = op.identity();
      const auto ea = op.combine(e, x[0]), ae = op.combine(x[0], e);
      if (!same_value(op, ea, x[0])) return "e∘a = " + format(ea) + " for e = " + format(e) + ", not a";
      if (!same_value(op, ae, x[0])) return "a∘e = " + format(ae) + " for e = " + format(e) + ", not a";
      return std::nullopt;
    }
    case law::closed: {
      const auto ab = op.combine(x[0], x[1]);
      if (op.legal(ab)) return std::nullopt;
      return "a∘b = " + format(ab) + " breaks a 'require'";
    }
  }
  internal_error("unknown law");
}

std::vector<finding> findings_for(bool declared_commute, const std::vector<law_result>& laws) {
  std::vector<finding> out;
  const auto refuted = [&](law l) { return laws[static_cast<std::size_t>(l)].outcome == verdict::refuted; };
  if (declared_commute && refuted(law::commutative))
    out.push_back({severity::error, "declared 'commute true' but the op is not commutative: MPI may reorder operands "
                                    "(MPI-4.1 §7.9.5) and the result then depends on the order"});
  if (!declared_commute && laws[static_cast<std::size_t>(law::commutative)].outcome == verdict::holds_on_samples)
    out.push_back({severity::note, "declared 'commute false' but no counterexample to commutativity was found: "
                                   "'commute true' would let MPI reorder operands"});
  if (refuted(law::associative))
    out.push_back({severity::error, "not associative: MPI may regroup operands of every op, commutative or not "
                                    "(MPI-4.1 §7.9.5), so results depend on the reduction tree"});
  if (refuted(law::identity)) out.push_back({severity::error, "the declared identity candidate is not an identity"});
  if (refuted(law::closed))
    out.push_back({severity::error, "a result breaks a 'require': combined values are not valid inputs"});
  return out;
}

bool law_report::has_error() const {
  for (const auto& f : findings)
    if (f.level == severity::error) return true;
  return false;
}

std::string empty_domain_message(const law_report& r, const check_options& options) {
  return "no element satisfies the 'require' lines (none among " + std::to_string(r.exhaustive.enumerated) +
         " small-value elements tried, nor in " + std::to_string(options.domain_probes) +
         " random draws): the op's domain is empty, or too narrow for this search to reach, so no law can be checked";
}

law_report check_laws(const concrete_op& op, const check_options& options) {
  law_report r = law_checker(op, options).run();
  r.findings = findings_for(r.declared_commute, r.laws);
  return r;
}

}  // namespace redsem::opfile
