// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/differential.h"

#include <algorithm>
#include <cstring>

#include "model/element_compare.h"
#include "props/fuzz/derived_layouts.h"

namespace redsem::fuzz {
namespace {

// The policies that differ from p only in the keys `choices` names.
std::vector<policy> varied_policies(const policy& p, policy_choices choices) {
  std::vector<policy> out;
  const auto nans = choices == policy_choices::minmax ? std::vector{nan_rule::propagate, nan_rule::ignore,
                                                                    nan_rule::c_ternary}
                                                      : std::vector{p.minmax_nan};
  const auto locs = choices == policy_choices::loc ? std::vector{loc_nan_rule::extreme, loc_nan_rule::c_chain}
                                                   : std::vector{p.loc_nan};
  const auto zeros = choices == policy_choices::minmax || choices == policy_choices::loc
                         ? std::vector{zero_rule::ordered, zero_rule::c_ternary}
                         : std::vector{p.minmax_zero};
  const auto ties = choices == policy_choices::loc
                        ? std::vector{loc_tie_rule::by_value, loc_tie_rule::first, loc_tie_rule::second}
                        : std::vector{p.loc_tie};
  const auto prods = choices == policy_choices::complex_prod
                         ? std::vector{complex_prod_rule::textbook, complex_prod_rule::annex_g}
                         : std::vector{p.complex_prod};
  for (auto n : nans)
    for (auto z : zeros)
      for (auto l : locs)
        for (auto t : ties)
          for (auto c : prods) {
            policy q = p;
            q.minmax_nan = n;
            q.minmax_zero = z;
            q.loc_nan = l;
            q.loc_tie = t;
            q.complex_prod = c;
            // A positional tie rule decides what loc_nan and minmax_zero would: vary it alone.
            const bool redundant =
                t != loc_tie_rule::by_value && (l != p.loc_nan || z != p.minmax_zero);
            if (!redundant) out.push_back(q);
          }
  return out;
}

// Every other choice of the keys `choices` names, in MPI's operand order and, for a commutative
// op, swapped (the chosen policy swapped too); fewest changes first, MPI's order before swapped.
std::vector<policy_variant> alternative_policies(const policy& p, policy_choices choices, bool commutative) {
  std::vector<policy_variant> out;
  for (bool swapped : {false, true}) {
    if (swapped && !commutative) break;
    for (const policy& q : varied_policies(p, choices))
      if (swapped || !(q == p)) out.push_back({q, swapped});
  }
  auto changes = [&](const policy_variant& v) {
    const policy& q = v.semantics;
    return (q.minmax_nan != p.minmax_nan) + (q.minmax_zero != p.minmax_zero) + (q.loc_nan != p.loc_nan) +
           (q.loc_tie != p.loc_tie) + (q.complex_prod != p.complex_prod) + (v.swapped ? 3 : 0);
  };
  std::stable_sort(out.begin(), out.end(),
                   [&](const policy_variant& a, const policy_variant& b) { return changes(a) < changes(b); });
  return out;
}

bool same(const datatype& t, std::int64_t extent, const std::byte* x, const std::byte* y, const policy& p) {
  // Identical bytes are equal under every compare rule; the field walk is for the rest.
  return std::memcmp(x, y, static_cast<std::size_t>(extent)) == 0 || same_element(t, x, y, p);
}

}  // namespace

std::string_view to_string(verdict_kind v) {
  switch (v) {
    case verdict_kind::pass:
      return "pass";
    case verdict_kind::wrong:
      return "wrong";
    case verdict_kind::policy_choice:
      return "policy_choice";
    case verdict_kind::inconsistent_policy:
      return "inconsistent_policy";
    case verdict_kind::wrote_outside:
      return "wrote_outside";
    case verdict_kind::kernel_error:
      return "kernel_error";
    case verdict_kind::wrote_invec:
      return "wrote_invec";
    case verdict_kind::changed_len:
      return "changed_len";
    case verdict_kind::hang:
      return "hang";
    case verdict_kind::wrote_gap:
      return "wrote_gap";
  }
  return "?";
}

differential::differential(oracle o, kernel_under_test k, const policy& p)
    : oracle_(std::move(o)), kernel_(std::move(k)), policy_(p), op_(oracle_.make(p)), extent_(oracle_.type.extent()) {
  if (oracle_.gaps_untouched) covered_ = covered_bytes(oracle_.type);
  if (oracle_.choices != policy_choices::none) {
    alternatives_ = alternative_policies(p, oracle_.choices, op_.commutative);
    for (const auto& q : alternatives_) alternative_ops_.push_back(oracle_.make(q.semantics));
  }
}

kernel_run differential::run_kernel(const fuzz_case& c) const {
  kernel_run r = run_guarded(kernel_, extent_, c);
  if (r.status == hang_status) ++hangs_seen_;
  return r;
}

std::vector<std::byte> differential::expected(const fuzz_case& c, int alternative) const {
  const element_op& op = alternative < 0 ? op_ : alternative_ops_.at(static_cast<std::size_t>(alternative));
  const bool swapped = alternative >= 0 && alternatives_[static_cast<std::size_t>(alternative)].swapped;
  std::vector<std::byte> out = c.inout;
  for (std::int64_t k = 0; k < c.count; ++k) {
    const std::byte* a = element_at(c.in, k, extent_);
    const std::byte* b = element_at(c.inout, k, extent_);
    op.combine(swapped ? b : a, swapped ? a : b, out.data() + k * extent_);
  }
  return out;
}

bool differential::in_domain(const fuzz_case& c) const {
  if (!oracle_.domain) return true;
  for (std::int64_t k = 0; k < c.count; ++k)
    if (!oracle_.domain->contains(element_at(c.in, k, extent_)) || !oracle_.domain->contains(element_at(c.inout, k, extent_)))
      return false;
  return true;
}

bool differential::follows(const fuzz_case& c, const std::vector<std::byte>& actual, std::size_t alternative) const {
  const auto model = expected(c, static_cast<int>(alternative));
  for (std::int64_t k = 0; k < c.count; ++k)
    if (!same(oracle_.type, extent_, element_at(actual, k, extent_), element_at(model, k, extent_), policy_))
      return false;
  return true;
}

case_result differential::check(const fuzz_case& c, const std::optional<policy_variant>& preferred) const {
  case_result r;
  kernel_run run = run_kernel(c);
  const run_judgement j = judge(run);
  r.actual = std::move(run.inout);
  r.kernel_status = run.status;
  r.expected = expected(c);
  for (std::int64_t k = 0; k < c.count; ++k)
    if (!same(oracle_.type, extent_, element_at(r.actual, k, extent_), element_at(r.expected, k, extent_), policy_))
      r.differing.push_back(k);
  r.byte_offset = j.byte_offset;
  r.outside_inbuf = j.in_inbuf;
  r.fault_located = j.fault_located;
  switch (j.outcome) {
    case run_outcome::hang: r.verdict = verdict_kind::hang; return r;
    case run_outcome::changed_len: r.verdict = verdict_kind::changed_len; return r;
    case run_outcome::failed: r.verdict = verdict_kind::kernel_error; return r;
    case run_outcome::wrote_outside: r.verdict = verdict_kind::wrote_outside; return r;
    case run_outcome::wrote_invec: r.verdict = verdict_kind::wrote_invec; return r;
    case run_outcome::returned: break;
  }
  if (const auto gap = first_gap_change(c.inout, r.actual)) {
    r.verdict = verdict_kind::wrote_gap;
    r.byte_offset = *gap;
  } else if (!r.differing.empty()) {
    classify(c, r, preferred);
  }
  return r;
}

std::optional<std::int64_t> differential::first_gap_change(const std::vector<std::byte>& before,
                                                           const std::vector<std::byte>& after) const {
  if (covered_.empty()) return std::nullopt;
  const std::size_t n = std::min(before.size(), after.size());
  for (std::size_t i = 0; i < n; ++i)
    if (!covered_[i % covered_.size()] && before[i] != after[i]) return static_cast<std::int64_t>(i);
  return std::nullopt;
}

void differential::classify(const fuzz_case& c, case_result& r, const std::optional<policy_variant>& preferred) const {
  r.verdict = verdict_kind::wrong;
  if (alternatives_.empty()) return;
  std::vector<std::vector<std::byte>> models{r.expected};
  std::vector<policy_variant> candidates{{policy_, false}};
  for (std::size_t i = 0; i < alternatives_.size(); ++i) {
    models.push_back(expected(c, static_cast<int>(i)));
    candidates.push_back(alternatives_[i]);
  }
  auto matches = [&](std::size_t i, std::int64_t k) {
    return same(oracle_.type, extent_, element_at(r.actual, k, extent_), element_at(models[i], k, extent_), policy_);
  };
  // The first alternative (fewest changes) that explains every element; the preferred one first.
  std::vector<std::size_t> order;
  for (std::size_t i = 1; i < models.size(); ++i) {
    if (preferred && candidates[i] == *preferred)
      order.insert(order.begin(), i);
    else
      order.push_back(i);
  }
  for (std::size_t i : order) {
    bool everywhere = true;
    for (std::int64_t k = 0; k < c.count && everywhere; ++k) everywhere = matches(i, k);
    if (everywhere) {
      r.verdict = verdict_kind::policy_choice;
      r.right_under = candidates[i];
      return;
    }
  }
  auto followed_by = [&](std::int64_t k) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < models.size(); ++i)
      if (matches(i, k)) out.push_back(i);
    return out;
  };
  for (auto k : r.differing)
    if (followed_by(k).empty()) return;  // plainly wrong: no policy gives this element
  // Each element follows some policy, no one policy all: name two elements that disagree,
  // preferring a pair that shares no policy at all.
  const std::int64_t a = r.differing.front();
  const auto pa = followed_by(a);
  std::int64_t b = -1;
  for (std::int64_t k = 0; k < c.count; ++k) {
    const auto pk = followed_by(k);
    const bool disjoint = std::none_of(pk.begin(), pk.end(),
                                       [&](std::size_t i) { return std::find(pa.begin(), pa.end(), i) != pa.end(); });
    if (disjoint) {
      b = k;
      break;
    }
    if (b < 0 && std::find(pk.begin(), pk.end(), pa.front()) == pk.end()) b = k;
  }
  r.verdict = verdict_kind::inconsistent_policy;
  r.conflict_a = a;
  r.conflict_b = b;
  for (auto i : pa) r.policies_a.push_back(candidates[i]);
  if (b >= 0)
    for (auto i : followed_by(b)) r.policies_b.push_back(candidates[i]);
}

}  // namespace redsem::fuzz
