// SPDX-License-Identifier: BSD-3-Clause
// Partial-order reduction keeps every reachable final state: on random programs the reduced
// search, the unreduced search and the per-group product agree. And a search split over
// shares (redsem-mpi) finds what one process finds.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <random>
#include <set>

#include "model/rma/element_update.h"
#include "model/element_io.h"
#include "tests/rma/explorer_fixture.h"
#include "tests/rma/random_program.h"
#include "sim/thread_shares.h"

namespace redsem::sim::rma {
namespace {

using namespace testing;
using K = access_kind;

using outcome_set = std::set<std::string>;  // outcomes' bytes

outcome_set set_of(const record_list& finals) {
  outcome_set out;
  for (std::size_t i = 0; i < finals.size(); ++i) out.emplace(reinterpret_cast<const char*>(finals[i]), finals.width());
  return out;
}

// Empty when the search does not finish within its budget.
std::optional<outcome_set> finals_of(const rma_program& p, reduction mode) {
  const search_space sp = whole_program(p);
  const search_result r = run_search(sp, {mode, 1'000'000, {}});
  if (!r.stats.complete) return std::nullopt;
  return set_of(r.finals);
}

TEST(RmaReduction, ReducedAndFullSearchesReachTheSameFinalStates) {
  std::mt19937 rng(20260301);
  int compared = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const rma_program p = random_program(rng);
    const auto full = finals_of(p, reduction::none);
    if (!full) continue;
    ++compared;
    const auto reduced = finals_of(p, reduction::partial_order);
    ASSERT_TRUE(reduced.has_value());
    ASSERT_EQ(full->size(), reduced->size()) << "trial " << trial << ": " << p.accesses.size() << " accesses";
    ASSERT_TRUE(*full == *reduced) << "trial " << trial;
    // The per-group exploration multiplies out to the same number of final states.
    const exploration x = explore(p, explore_options{});
    ASSERT_DOUBLE_EQ(x.final_states, static_cast<double>(full->size())) << "trial " << trial;
  }
  EXPECT_GT(compared, 250);
}

// Every share of a split search ends with one process's figures, and the outcomes it owns:
// together one process's outcomes, each held once.
// `placement_steps`: how many steps decide where a state goes (search_options; 0 the default).
void expect_split_search_same(const search_space& sp, reduction mode, int shares, const std::string& what,
                              std::size_t placement_steps = 0) {
  const search_result whole = run_search(sp, {mode, 1'000'000, {}});
  std::vector<search_result> parts(static_cast<std::size_t>(shares));
  sim::thread_shares(shares).run([&](const search_share& share) {
    parts[static_cast<std::size_t>(share.index)] = run_search(sp, {mode, 1'000'000, share, placement_steps});
  });
  outcome_set together;
  std::size_t held = 0;
  for (std::size_t index = 0; index < parts.size(); ++index) {
    const search_result& part = parts[index];
    EXPECT_EQ(part.stats.complete, whole.stats.complete) << what;
    if (!whole.stats.complete) continue;  // where a search stops differs: only complete ones agree
    EXPECT_EQ(part.stats.states, whole.stats.states) << what;
    EXPECT_EQ(part.stats.transitions, whole.stats.transitions) << what;
    EXPECT_EQ(part.stats.executions, whole.stats.executions) << what;
    ASSERT_EQ(part.finals.width(), whole.finals.width()) << what;
    for (std::size_t i = 0; i < part.finals.size(); ++i)
      EXPECT_EQ(outcome_owner(part.finals[i], part.finals.width(), shares), static_cast<int>(index)) << what;
    const outcome_set mine = set_of(part.finals);
    together.insert(mine.begin(), mine.end());
    held += part.finals.size();
  }
  if (!whole.stats.complete) return;
  EXPECT_TRUE(together == set_of(whole.finals)) << what;
  EXPECT_EQ(held, whole.finals.size()) << what;  // each once
}

TEST(RmaSplitSearch, SharesFindWhatOneProcessFinds) {
  std::mt19937 rng(20261123);
  for (int trial = 0; trial < 60; ++trial) {
    const rma_program p = random_program(rng);
    const search_space sp = whole_program(p);
    for (reduction mode : {reduction::none, reduction::partial_order})
      for (int shares : {2, 3})
        expect_split_search_same(sp, mode, shares,
                                 "trial " + std::to_string(trial) + ", " + std::to_string(shares) + " shares");
  }
}

// Where states go changes only how the work is divided: one chosen step (most states stay
// put), two, every step (most move). SharesFindWhatOneProcessFinds covers the default.
TEST(RmaSplitSearch, EveryPlacementFindsWhatOneProcessFinds) {
  std::mt19937 rng(20261125);
  for (int trial = 0; trial < 30; ++trial) {
    const rma_program p = random_program(rng);  // the space points into it
    const search_space sp = whole_program(p);
    for (std::size_t chosen : {std::size_t{1}, std::size_t{2}, sp.steps.size()})
      expect_split_search_same(sp, reduction::partial_order, 2,
                               "trial " + std::to_string(trial) + ", " + std::to_string(chosen) + " chosen steps", chosen);
  }
}

// Path counts past 2^53 stay exact, so the shares' different sums agree to the last digit.
TEST(RmaSplitSearch, HugePathCountsAgree) {
  rma_program p;  // 19 origins each adding one long long to one element: 19! orders
  p.window = window_of<long long>({0});
  for (int o = 0; o < 19; ++o) p.accesses.push_back(make_access<long long>(o, 0, K::accumulate, op_id::sum, basic_type::long_long_int, {{0, o + 1}}));
  const search_space sp = whole_program(p);
  const search_result whole = run_search(sp, {reduction::none, 1'000'000, {}});
  ASSERT_TRUE(whole.stats.complete);
  EXPECT_EQ(whole.stats.executions, 121645100408832000.0);  // 19!, above 2^53
  expect_split_search_same(sp, reduction::none, 2, "19 origins");
}

// 12 origins adding awkward doubles to one element: ~10^5 states, megabytes of levels.
rma_program awkward_doubles() {
  rma_program p;
  p.window = window_of<double>({0.1});
  const double awkward[] = {1e16, -1e16, 0.1, 0.2, 0.3, 3.0, 1.0 / 3, -2.5, 7e-3, 1e8, -1e8, 42.5};
  for (int o = 0; o < 12; ++o) p.accesses.push_back(make_access<double>(o, 0, K::accumulate, op_id::sum, basic_type::double_, {{0, awkward[o]}}));
  return p;
}

// A search past --max-states stops, incomplete, at a level boundary on every share, having
// stored about the limit (not the whole graph).
TEST(RmaSplitSearch, AStateLimitStopsEveryShare) {
  const rma_program p = awkward_doubles();
  const search_space sp = whole_program(p);
  const search_result whole = run_search(sp, {reduction::none, 10'000'000, {}});
  ASSERT_TRUE(whole.stats.complete);
  expect_split_search_same(sp, reduction::none, 2, "12 awkward doubles");
  const std::size_t limit = whole.stats.states / 10;
  std::vector<search_result> parts(2);
  sim::thread_shares(2).run([&](const search_share& share) {
    parts[static_cast<std::size_t>(share.index)] = run_search(sp, {reduction::none, limit, share});
  });
  for (const search_result& part : parts) {
    EXPECT_FALSE(part.stats.complete);
    EXPECT_GT(part.stats.states, limit);
    EXPECT_LT(part.stats.states, whole.stats.states);
    EXPECT_EQ(part.stats.states, parts[0].stats.states);
  }
}

// A split search past its memory budget stops too, on every share at the same level, and says
// that the budget stopped it (redsem-mpi rma --max-memory).
TEST(RmaSplitSearch, AMemoryBudgetStopsEveryShare) {
  const rma_program p = awkward_doubles();  // the search space points into it
  const search_space sp = whole_program(p);
  const search_result whole = run_search(sp, {reduction::none, 10'000'000, {}});
  ASSERT_TRUE(whole.stats.complete);
  std::vector<search_result> parts(2);
  sim::thread_shares(2).run([&](const search_share& share) {
    search_options o{reduction::none, 10'000'000, share};
    o.memory_budget = whole.stats.memory_bytes / 8;
    parts[static_cast<std::size_t>(share.index)] = run_search(sp, o);
  });
  for (const search_result& part : parts) {
    EXPECT_FALSE(part.stats.complete);
    EXPECT_EQ(part.stats.stopped, search_stop::memory_budget);
    EXPECT_LT(part.stats.states, whole.stats.states);
    EXPECT_EQ(part.stats.states, parts[0].stats.states);
  }
}

// The explorer's figures, split or not: outcomes are analysed where they lie, and only
// distinct values and summaries travel, so this checks that analysis against one process's.
void expect_same_report(const exploration& part, const exploration& whole, const std::string& what) {
  ASSERT_EQ(part.groups.size(), whole.groups.size()) << what;
  EXPECT_EQ(part.final_states, whole.final_states) << what;
  EXPECT_EQ(part.executions_reduced, whole.executions_reduced) << what;
  EXPECT_EQ(part.states_total, whole.states_total) << what;
  for (std::size_t i = 0; i < whole.groups.size(); ++i) {
    const group_report &a = part.groups[i], &b = whole.groups[i];
    EXPECT_EQ(a.outcomes, b.outcomes) << what;
    EXPECT_EQ(a.serial_outcomes, b.serial_outcomes) << what;
    EXPECT_EQ(a.non_serializable, b.non_serializable) << what;
    EXPECT_EQ(a.non_serializable_example, b.non_serializable_example) << what;
    EXPECT_EQ(a.reduced.states, b.reduced.states) << what;
    EXPECT_EQ(a.full.executions, b.full.executions) << what;
    ASSERT_EQ(a.values.size(), b.values.size()) << what;
    for (std::size_t v = 0; v < b.values.size(); ++v) {
      const value_set &x = a.values[v], &y = b.values[v];
      EXPECT_EQ(x.what, y.what) << what;
      EXPECT_EQ(x.distinct, y.distinct) << what << ", " << y.what;
      EXPECT_EQ(x.values, y.values) << what << ", " << y.what;
      EXPECT_EQ(x.min, y.min) << what << ", " << y.what;
      EXPECT_EQ(x.max, y.max) << what << ", " << y.what;
      EXPECT_TRUE(x.spread == y.spread || (std::isnan(x.spread) && std::isnan(y.spread))) << what << ", " << y.what;
    }
  }
}

TEST(RmaSplitSearch, SharesExploreWhatOneProcessExplores) {
  std::mt19937 rng(20261124);
  int non_serial = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const rma_program p = random_program(rng);
    const exploration whole = explore(p, explore_options{});
    for (const group_report& g : whole.groups) non_serial += g.non_serializable > 0;
    for (int shares : {2, 3}) {
      std::vector<exploration> parts(static_cast<std::size_t>(shares));
      sim::thread_shares(shares).run([&](const search_share& share) {
        explore_options o;
        o.share = share;
        parts[static_cast<std::size_t>(share.index)] = explore(p, o);
      });
      for (const exploration& part : parts)
        expect_same_report(part, whole, "trial " + std::to_string(trial) + ", " + std::to_string(shares) + " shares");
    }
  }
  EXPECT_GT(non_serial, 0) << "some programs race, so the examples are compared too";
}

TEST(RmaSplitSearch, ASplitWithoutExchangesIsRefused) {
  rma_program p;
  p.window = window_of<long long>({0});
  p.accesses.push_back(make_access<long long>(0, 0, K::accumulate, op_id::sum, basic_type::long_long_int, {{0, 1}}));
  const search_space sp = whole_program(p);
  EXPECT_DEATH(run_search(sp, {reduction::none, 100, search_share{0, 2, nullptr, nullptr}}), "alltoall");
}

// Random bits for integer fields; for floating fields, values whose sums round by order.
void fill(basic_type type, std::byte* p, std::mt19937_64& rng) {
  static const std::vector<long double> awkward{0.1L, 0.2L, 0.3L, 1e16L, -1e16L, 1.0L / 3, 3.0L, -0.0L};
  const type_info& t = info(type);
  for (std::size_t f = 0; f < t.field_count; ++f) {
    std::byte* at = p + t.fields[f].offset;
    const long double v = awkward[rng() % awkward.size()];
    switch (t.fields[f].kind) {
      case scalar_kind::f32: store_scalar(at, static_cast<float>(v)); break;
      case scalar_kind::f64: store_scalar(at, static_cast<double>(v)); break;
      case scalar_kind::f80: store_scalar(at, v); break;
      default:
        for (std::size_t k = 0; k < value_bytes(t.fields[f].kind); ++k)
          at[k] = static_cast<std::byte>(rng() % 4 == 0 ? 0xff : rng());
    }
  }
}

// Every (op, type) pair the reduction treats as commuting really gives the same bits either way.
TEST(RmaReduction, ClaimedCommutingUpdatesCommuteBitwise) {
  std::mt19937_64 rng(7);
  const policy p{};
  std::size_t claimed = 0;
  for_each_op_and_type([&](op_id op, basic_type type) {
    if (!redsem::rma::updates_commute(op, type)) return;
    ++claimed;
    const auto update = redsem::rma::element_update(type);
    for (int i = 0; i < 200; ++i) {
      redsem::rma::element_bytes target{}, a{}, b{};
      for (auto* x : {&target, &a, &b}) fill(type, x->data(), rng);
      auto ab = target, ba = target;
      update(op, p, ab.data(), a.data());
      update(op, p, ab.data(), b.data());
      update(op, p, ba.data(), b.data());
      update(op, p, ba.data(), a.data());
      ASSERT_TRUE(redsem::rma::identical_element(type, ab.data(), ba.data())) << to_string(op) << " on " << to_string(type);
    }
  });
  EXPECT_GT(claimed, 100u);
}

}  // namespace
}  // namespace redsem::sim::rma
