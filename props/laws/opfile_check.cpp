// SPDX-License-Identifier: BSD-3-Clause
#include "props/laws/opfile_check.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <optional>
#include <random>
#include <utility>

#include "model/element_compare.h"
#include "model/opfile/domain_samples.h"
#include "props/laws/opfile_cases.h"

namespace redsem::laws {

using namespace opfile;  // the op's element types and its samples

namespace {

using cvalue = concrete_value;
using operands = binary_op::operands;
using detail::checked_cases;
using detail::same_value;

law_result result(law l, verdict v, std::uint64_t samples, std::vector<concrete_element> operands = {},
                  std::string claim = {}) {
  law_result r;
  r.which = l;
  r.outcome = v;
  r.samples = samples;
  r.operands = std::move(operands);
  r.claim = std::move(claim);
  return r;
}

// The values a comparison cannot tell apart from others: NaN (every comparison is false) and
// -0 (equal to +0).
bool is_nan_or_negative_zero(const cvalue& v) {
  return std::visit(
      [](auto x) {
        if constexpr (std::is_floating_point_v<decltype(x)>)
          return std::isnan(x) || (x == 0 && std::signbit(x));
        else
          return false;
      },
      v);
}

std::vector<field_samples> sampled_fields(const binary_op& op, const check_options& o) {
  std::vector<field_samples> fields = op.samples();
  if (o.without_nan_or_negative_zero)
    for (auto& f : fields)
      for (auto* set : {&f.small, &f.wide}) std::erase_if(*set, is_nan_or_negative_zero);
  return fields;
}

class law_checker {
 public:
  law_checker(const binary_op& op, const check_options& o)
      : op_(op),
        options_(o),
        rng_(o.seed),
        fields_(sampled_fields(op, o)),
        batch_(std::max<std::size_t>(1, op.batch())) {
    small_elements small = legal_small_elements(op, fields_, {o.max_small_elements, o.max_enumerated}, rng_);
    small_ = std::move(small.elements);
    coverage_ = small.coverage;
  }

  // One law alone (check_law).
  law_result run_one(law l) {
    if (small_.empty() && !random_legal_element(op_, fields_, rng_, options_.domain_probes, nullptr))
      return result(l, verdict::not_applicable, 0);
    table_ = combine_table();
    return run_law(l);
  }

  law_report run(bool declared_commute) {
    law_report r;
    r.declared_commute = declared_commute;
    r.exhaustive = coverage_;
    if (small_.empty() && !random_legal_element(op_, fields_, rng_, options_.domain_probes, nullptr)) {
      // Every law would hold vacuously: say so instead of "holds on 0 samples".
      r.empty_domain = true;
      for (law l : {law::commutativity, law::associativity, law::identity, law::closed})
        r.laws.push_back(result(l, verdict::not_applicable, 0));
      return r;
    }
    table_ = combine_table();
    for (law l : {law::commutativity, law::associativity, law::identity, law::closed}) r.laws.push_back(run_law(l));
    r.domain_rejected = rejected_;
    return r;
  }

 private:
  law_result run_law(law l) {
    reported_ = 0;
    law_result r = search(l);
    progress(l, r.samples);
    return r;
  }

  law_result search(law l) {
    switch (l) {
      case law::commutativity:
        return commutative();
      case law::associativity:
        return associative();
      case law::identity:
        return identity();
      case law::closed:
        return closed();
      case law::idempotence:
      case law::absorbing:
        break;
    }
    internal_error("the op-file checker has no idempotence or absorbing search");
  }

  // Tells options_.on_progress the cases law l has checked since it was last told (n so far).
  void progress(law l, std::uint64_t n) {
    if (options_.on_progress && n > reported_) options_.on_progress(l, n - reported_);
    reported_ = std::max(reported_, n);
  }

  // A random legal element, or nothing after many tries (a very narrow `require`).
  std::optional<concrete_element> random_element() {
    for (int attempt = 0; attempt < 100; ++attempt) {
      auto x = random_legal_element(op_, fields_, rng_, 100, &rejected_);
      if (!x || !options_.without_nan_or_negative_zero || !has_nan_or_negative_zero(*x)) return x;
    }
    return std::nullopt;
  }

  bool same(const concrete_element& x, const concrete_element& y) const { return same_value(op_, x, y); }

  std::vector<std::vector<concrete_element>> combine_table() const {
    std::vector<operands> pairs;
    for (const auto& a : small_)
      for (const auto& b : small_) pairs.push_back({&a, &b});
    std::vector<concrete_element> results = op_.combine_all(pairs);
    std::vector<std::vector<concrete_element>> t(small_.size());
    for (std::size_t i = 0; i < small_.size(); ++i)
      for (std::size_t j = 0; j < small_.size(); ++j) t[i].push_back(std::move(results[i * small_.size() + j]));
    return t;
  }

  static law_result refuted(law l, std::uint64_t n, std::vector<concrete_element> operands, std::string claim) {
    return result(l, verdict::refuted, n, std::move(operands), std::move(claim));
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

  law_result refuted_shrunk(law l, std::uint64_t n, std::vector<concrete_element> operands,
                            const claim_fn& broken) const {
    auto simple = shrink(std::move(operands), broken);
    auto claim = broken(simple);
    return refuted(l, n, std::move(simple), std::move(*claim));
  }

  // Whether the caller passes over this counterexample to associativity (check_options::excuse).
  bool excused(law l, const std::vector<concrete_element>& abc, const concrete_element& left,
               const concrete_element& right) const {
    return l == law::associativity && options_.excuse && options_.excuse(abc, left, right);
  }

  // How law l is broken on x, unless the caller excuses it.
  std::optional<std::string> unexcused_violation(law l, const std::vector<concrete_element>& x) const {
    auto c = checked_cases(op_, l, {x}).front();
    if (c.claim && excused(l, x, c.left, c.right)) return std::nullopt;
    return std::move(c.claim);
  }

  // The random phase of law l: options_.random_cases draws of `arity` legal elements, checked
  // in order, batch_ cases evaluated together; n counts on from the exhaustive phase.
  law_result random_phase(law l, std::size_t arity, std::uint64_t n) {
    const claim_fn broken = [&](const std::vector<concrete_element>& x) { return unexcused_violation(l, x); };
    std::vector<std::vector<concrete_element>> block;
    for (std::uint64_t k = 0; k < options_.random_cases;) {
      block.clear();
      for (; k < options_.random_cases && block.size() < batch_; ++k) {
        std::vector<std::optional<concrete_element>> drawn;
        for (std::size_t i = 0; i < arity; ++i) drawn.push_back(random_element());
        if (std::any_of(drawn.begin(), drawn.end(), [](const auto& x) { return !x; })) continue;
        std::vector<concrete_element> operands;
        for (auto& x : drawn) operands.push_back(std::move(*x));
        block.push_back(std::move(operands));
      }
      const auto cases = checked_cases(op_, l, block);
      for (std::size_t i = 0; i < block.size(); ++i) {
        ++n;
        if (cases[i].claim && !excused(l, block[i], cases[i].left, cases[i].right))
          return refuted_shrunk(l, n, block[i], broken);
      }
      progress(l, n);
    }
    return result(l, verdict::holds_on_samples, n);
  }

  law_result commutative() {
    std::uint64_t n = 0;
    for (std::size_t i = 0; i < small_.size(); ++i)
      for (std::size_t j = i + 1; j < small_.size(); ++j) {
        ++n;
        if (!same(table_[i][j], table_[j][i]))
          return refuted(law::commutativity, n, {small_[i], small_[j]},
                         "a∘b = " + format(table_[i][j]) + " but b∘a = " + format(table_[j][i]));
      }
    return random_phase(law::commutativity, 2, n);
  }

  law_result associative() {
    std::uint64_t n = 0;
    // Triples of small elements in order, batch_ at a time: (a∘b)∘c and a∘(b∘c) from the table.
    std::vector<std::array<std::size_t, 3>> block;
    const auto first_broken = [&]() -> std::optional<law_result> {
      std::vector<operands> pairs;
      for (const auto& [i, j, k] : block) {
        pairs.push_back({&table_[i][j], &small_[k]});
        pairs.push_back({&small_[i], &table_[j][k]});
      }
      const auto results = op_.combine_all(pairs);
      for (std::size_t t = 0; t < block.size(); ++t) {
        ++n;
        const auto& left = results[2 * t];
        const auto& right = results[2 * t + 1];
        if (same(left, right)) continue;
        const auto& [i, j, k] = block[t];
        std::vector<concrete_element> abc{small_[i], small_[j], small_[k]};
        if (excused(law::associativity, abc, left, right)) continue;
        return refuted(law::associativity, n, std::move(abc),
                       "(a∘b)∘c = " + format(left) + " but a∘(b∘c) = " + format(right));
      }
      block.clear();
      progress(law::associativity, n);
      return std::nullopt;
    };
    for (std::size_t i = 0; i < small_.size(); ++i)
      for (std::size_t j = 0; j < small_.size(); ++j)
        for (std::size_t k = 0; k < small_.size(); ++k) {
          block.push_back({i, j, k});
          if (block.size() == batch_)
            if (auto r = first_broken()) return *r;
        }
    if (auto r = first_broken()) return *r;
    return random_phase(law::associativity, 3, n);
  }

  law_result identity() {
    if (!op_.has_identity()) return result(law::identity, verdict::not_applicable, 0);
    const concrete_element e = op_.identity();
    if (!op_.legal(e))
      return refuted(law::identity, 1, {e}, "the identity candidate " + format(e) + " breaks a 'require'");
    std::uint64_t n = 0;
    for (std::size_t from = 0; from < small_.size(); from += batch_) {
      std::vector<std::vector<concrete_element>> block;
      for (std::size_t i = from; i < std::min(small_.size(), from + batch_); ++i) block.push_back({small_[i]});
      const auto claims = violations(op_, law::identity, block);
      for (std::size_t i = 0; i < block.size(); ++i) {
        ++n;
        if (claims[i]) return refuted(law::identity, n, block[i], *claims[i]);
      }
    }
    return random_phase(law::identity, 1, n);
  }

  law_result closed() {
    if (!op_.has_domain()) return result(law::closed, verdict::not_applicable, 0);
    std::uint64_t n = 0;
    for (std::size_t i = 0; i < small_.size(); ++i) {
      for (std::size_t j = 0; j < small_.size(); ++j) {
        ++n;
        if (!op_.legal(table_[i][j]))
          return refuted(law::closed, n, {small_[i], small_[j]},
                         "a∘b = " + format(table_[i][j]) + " breaks a 'require'");
      }
    }
    return random_phase(law::closed, 2, n);
  }

  const binary_op& op_;
  check_options options_;
  std::mt19937_64 rng_;
  std::vector<field_samples> fields_;
  std::size_t batch_;
  std::vector<concrete_element> small_;
  grid_coverage coverage_;
  std::uint64_t rejected_ = 0;
  std::vector<std::vector<concrete_element>> table_;
  std::uint64_t reported_ = 0;  // cases of the current law told to options_.on_progress
};

}  // namespace

bool has_nan_or_negative_zero(const concrete_element& x) {
  return std::any_of(x.begin(), x.end(), is_nan_or_negative_zero);
}

void mark_nan_or_zero_only(const binary_op& op, law_report& r, const check_options& options,
                           const declaration_words& words) {
  std::optional<law_report> without;
  for (law l : {law::commutativity, law::associativity}) {
    auto& found = r.at(l);
    const auto& x = found.operands;
    if (found.outcome != verdict::refuted || std::none_of(x.begin(), x.end(), has_nan_or_negative_zero)) continue;
    if (!without) {
      check_options o = options;
      o.without_nan_or_negative_zero = true;
      without = law_checker(op, o).run(r.declared_commute);
    }
    const auto& plain = without->at(l);
    found.only_nan_or_signed_zero = plain.outcome == verdict::holds_on_samples;
    if (plain.outcome == verdict::refuted) {  // a counterexample without them reads more plainly
      found.operands = plain.operands;
      found.claim = plain.claim;
    }
  }
  r.findings = findings_for(r.declared_commute, r.laws, words);
}

const law_result& law_report::at(law l) const {
  for (const auto& r : laws)
    if (r.which == l) return r;
  internal_error("law_report: no result for this law");
}

law_result& law_report::at(law l) { return const_cast<law_result&>(std::as_const(*this).at(l)); }

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

law_result check_law(const binary_op& op, law l, const check_options& options) {
  return law_checker(op, options).run_one(l);
}

law_report check_laws(const binary_op& op, bool declared_commute, const check_options& options,
                      const declaration_words& words) {
  law_report r = law_checker(op, options).run(declared_commute);
  r.findings = findings_for(r.declared_commute, r.laws, words);
  return r;
}

law_report check_laws(const concrete_op& op, const check_options& options) {
  law_report r = check_laws(op, op.op().commute, options);
  r.op = op.op().name;
  r.instance = op.op().instance;
  return r;
}

}  // namespace redsem::laws
