// SPDX-License-Identifier: BSD-3-Clause
// state_placement: a split search's owner of a state moves only when a chosen step fires, and
// the split search still divides its states evenly.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "sim/rma/search.h"
#include "sim/rma/state_placement.h"
#include "sim/thread_shares.h"
#include "tests/rma/explorer_fixture.h"
#include "tests/rma/random_program.h"

namespace redsem::sim::rma {
namespace {

using namespace testing;
using K = access_kind;

std::string bytes_of_state(const search_space& sp, const std::byte* s) { return {reinterpret_cast<const char*>(s), sp.state_bytes}; }

// Every reachable state, level by level (level d: d transitions made).
std::vector<std::set<std::string>> levels_of(const search_space& sp) {
  std::vector<std::set<std::string>> levels{{bytes_of_state(sp, sp.initial.data())}};
  while (true) {
    std::set<std::string> next;
    for (const std::string& s : levels.back()) {
      const auto* state = reinterpret_cast<const std::byte*>(s.data());
      if (done_steps(state) == sp.all_steps()) continue;
      for (std::uint64_t m = steps_to_expand(sp, reduction::none, state); m; m &= m - 1) {
        std::string child = s;
        fire(sp, static_cast<std::size_t>(std::countr_zero(m)), reinterpret_cast<std::byte*>(child.data()));
        next.insert(std::move(child));
      }
    }
    if (next.empty()) return levels;
    levels.push_back(std::move(next));
  }
}

// Firing a step that is not chosen leaves the owner alone, in every state of random programs
// (racing ones have split steps, with started bits and registers); chosen steps do move states.
TEST(RmaStatePlacement, OnlyTheChosenStepsMoveAState) {
  std::mt19937 rng(20261124);
  std::size_t stayed = 0, moved = 0, with_split_steps = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const rma_program p = random_program(rng);  // the space points into it
    const search_space sp = whole_program(p);
    with_split_steps += std::any_of(sp.steps.begin(), sp.steps.end(), [](const step& s) { return s.split; });
    const auto levels = levels_of(sp);
    for (int shares : {2, 3}) {
      for (std::size_t chosen : {std::size_t{0}, std::size_t{1}, sp.steps.size()}) {
        const state_placement placement(sp, shares, chosen);
        for (const auto& level : levels) {
          for (const std::string& s : level) {
            const auto* state = reinterpret_cast<const std::byte*>(s.data());
            if (done_steps(state) == sp.all_steps()) continue;
            const std::size_t here = placement.owner(state);
            ASSERT_LT(here, static_cast<std::size_t>(shares));
            for (std::uint64_t m = steps_to_expand(sp, reduction::none, state); m; m &= m - 1) {
              std::string child = s;
              fire(sp, static_cast<std::size_t>(std::countr_zero(m)), reinterpret_cast<std::byte*>(child.data()));
              const std::size_t there = placement.owner(reinterpret_cast<const std::byte*>(child.data()));
              if ((m & -m) & placement.chosen_steps()) {
                moved += there != here;
              } else {
                ASSERT_EQ(there, here) << "trial " << trial << ": step " << std::countr_zero(m) << " is not chosen";
                ++stayed;
              }
            }
          }
        }
      }
    }
  }
  EXPECT_GT(with_split_steps, 0u) << "some programs race, so started bits and registers are covered";
  EXPECT_GT(stayed, 0u);
  EXPECT_GT(moved, 0u) << "a placement that never moves a state leaves one share all the work";
}

// A split search leaves no share much more than its part of the states: on searches like
// docs/distributed-search.md's benchmarks (accumulates that round by order, whose chosen steps'
// bits alone place states; fetch-and-adds whose fetched values do too), over 2 and 3 shares,
// where a placement by the chosen steps' bits alone is often 1.5 times too much for one share.
void expect_even_split(const rma_program& p, const std::string& what) {
  const search_space sp = whole_program(p);
  for (int shares : {2, 3}) {
    std::vector<search_result> parts(static_cast<std::size_t>(shares));
    sim::thread_shares(shares).run([&](const search_share& share) {
      parts[static_cast<std::size_t>(share.index)] = run_search(sp, {reduction::none, 10'000'000, share});
    });
    std::uint64_t together = 0;
    for (const search_result& part : parts) together += part.stats.states_here;
    EXPECT_EQ(together, parts[0].stats.states) << what;
    const double even = static_cast<double>(together) / shares;
    for (const search_result& part : parts)
      EXPECT_LE(static_cast<double>(part.stats.states_here), 1.2 * even) << what << ", " << shares << " shares";
  }
}

TEST(RmaStatePlacement, ASplitSearchDividesItsStatesEvenly) {
  rma_program sums;  // 11 accumulates of awkward doubles onto one element
  sums.window = window_of<double>({0.1});
  const double awkward[] = {1e16, -1e16, 0.1, 0.2, 0.3, 3.0, 1.0 / 3, -2.5, 7e-3, 1e8, -1e8};
  for (int o = 0; o < 11; ++o)
    sums.accesses.push_back(make_access<double>(o, 0, K::accumulate, op_id::sum, basic_type::double_, {{0, awkward[o]}}));
  expect_even_split(sums, "11 accumulates");

  rma_program fetches;  // 8 fetch-and-adds of distinct powers of two onto one long long
  fetches.window = window_of<long long>({0});
  for (int o = 0; o < 8; ++o)
    fetches.accesses.push_back(make_access<long long>(o, 0, K::fetch_accumulate, op_id::sum, basic_type::long_long_int, {{0, 1LL << o}}));
  expect_even_split(fetches, "8 fetch-and-adds");
}

}  // namespace
}  // namespace redsem::sim::rma
