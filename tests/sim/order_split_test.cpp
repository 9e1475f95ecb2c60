// SPDX-License-Identifier: BSD-3-Clause
// A search split into shares (threads here, processes in redsem-mpi, both exchanging bytes
// through an allgather) gives exactly what one search gives: the same values in the same
// order, the same tree counts and witnesses, the same number of combinations.
#include <gtest/gtest.h>

#include <random>

#include "model/element_op.h"
#include "sim/example_ops.h"
#include "sim/order_merge.h"
#include "sim/order_results.h"
#include "sim_fixture.h"
#include "sim/thread_shares.h"

namespace redsem::sim {
namespace {

// Every share's merged result (they must all be the whole result).
std::vector<order_results> split_search(const element_op& op, const std::vector<element>& inputs,
                                        const std::optional<predefined_pair>& typed, int shares) {
  std::vector<order_results> merged(static_cast<std::size_t>(shares));
  thread_shares(shares).run([&](const search_share& share) {
    order_limits limits;
    limits.share = share;
    merged[static_cast<std::size_t>(share.index)] = all_order_results(op, inputs, typed, limits);
  });
  return merged;
}

void expect_same(const order_results& whole, const order_results& merged) {
  ASSERT_EQ(whole.results.size(), merged.results.size());
  for (std::size_t i = 0; i < whole.results.size(); ++i) {
    EXPECT_EQ(whole.results[i].value, merged.results[i].value) << i;
    EXPECT_EQ(whole.results[i].trees.value(), merged.results[i].trees.value()) << i;
    EXPECT_EQ(to_string(whole.results[i].witness), to_string(merged.results[i].witness)) << i;
  }
  EXPECT_EQ(whole.combinations, merged.combinations);
  EXPECT_EQ(whole.complete, merged.complete);
  EXPECT_EQ(whole.used_typed_path, merged.used_typed_path);
}

TEST(SimOrderSplit, FloatSumSplitIntoSharesEqualsOneSearch) {
  const policy p;
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> dist(-100, 100);
  for (int procs = 1; procs <= 8; ++procs) {
    std::vector<float> xs;
    for (int r = 0; r < procs; ++r) xs.push_back(dist(rng));
    const auto inputs = testing::elements_of(xs);
    const element_op op = predefined_element_op(op_id::sum, basic_type::float_, p);
    const predefined_pair typed{op_id::sum, basic_type::float_, p};
    const order_results whole = all_order_results(op, inputs, typed);
    for (int shares : {1, 2, 3, 5}) {
      SCOPED_TRACE(std::to_string(procs) + " ranks, " + std::to_string(shares) + " shares");
      for (const auto& merged : split_search(op, inputs, typed, shares)) expect_same(whole, merged);
      const order_results generic = all_order_results(op, inputs);
      for (const auto& merged : split_search(op, inputs, std::nullopt, shares)) expect_same(generic, merged);
    }
  }
}

TEST(SimOrderSplit, NonCommutativeIntervalsSplitIntoSharesEqualsOneSearch) {
  const element_op op = segmented_scan_element_op();
  std::mt19937 rng(3);
  for (int procs = 1; procs <= 7; ++procs) {
    std::vector<element> inputs;
    for (int r = 0; r < procs; ++r) inputs.push_back(segmented_scan_value(1 << r, static_cast<int>(rng() % 2)));
    const order_results whole = all_order_results(op, inputs);
    for (int shares : {2, 3, 8})
      for (const auto& merged : split_search(op, inputs, std::nullopt, shares)) expect_same(whole, merged);
  }
}

// Tree counts past 2^53: a double sum would depend on how the shares group it; the counts are
// exact, so the split search still gives one process's numbers (and the closed form's).
TEST(SimOrderSplit, HugeTreeCountsAddUpTheSameInEveryGrouping) {
  // Integer SUM searched as if non-commutative (every bracketing in rank order): associative,
  // so all Catalan(39) trees give one value.
  element_op op = predefined_element_op(op_id::sum, basic_type::int_, policy{});
  op.commutative = false;
  std::vector<int> xs;
  for (int r = 0; r < 40; ++r) xs.push_back(r * 7 - 100);
  const auto inputs = testing::elements_of(xs);
  const order_results whole = all_order_results(op, inputs);
  ASSERT_EQ(whole.results.size(), 1U);
  EXPECT_TRUE(whole.results[0].trees.exact());
  EXPECT_GT(whole.results[0].trees.value(), 0x1p53);
  EXPECT_EQ(whole.results[0].trees.value(), 680425371729975800390.0);  // Catalan(39), to the nearest double
  for (int shares : {2, 3, 7})
    for (const auto& merged : split_search(op, inputs, std::nullopt, shares)) expect_same(whole, merged);
}

TEST(SimOrderSplit, PartsSurviveTheirByteFormAndBadBytesAreRejected) {
  const policy p;
  const auto inputs = testing::elements_of<float>({1e6f, -1e6f, 0.01f, 0.02f, 0.03f, 0.04f, 0.05f, 0.06f});
  const element_op op = predefined_element_op(op_id::sum, basic_type::float_, p);
  const order_results whole = all_order_results(op, inputs, predefined_pair{op_id::sum, basic_type::float_, p});
  ASSERT_GT(whole.results.size(), 1U);
  expect_same(whole, deserialize_order_results(serialize(whole)));
  expect_same(whole, merge_order_parts({whole}));
  EXPECT_THROW(deserialize_order_results(serialize(whole).substr(1)), std::invalid_argument);
  EXPECT_THROW(deserialize_order_results(serialize(whole) + "x"), std::invalid_argument);
}

TEST(SimOrderSplit, ASplitWithoutAnAllgatherIsRefused) {
  const policy p;
  order_limits limits;
  limits.share = {0, 2, nullptr, nullptr};
  EXPECT_DEATH(all_order_results(predefined_element_op(op_id::sum, basic_type::float_, p),
                                 testing::elements_of<float>({1, 2, 3}), std::nullopt, limits),
               "allgather");
}

}  // namespace
}  // namespace redsem::sim
