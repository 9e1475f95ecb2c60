// A search split into shares of the root's splits, merged in share order, gives exactly what
// one search gives: the same values in the same order, the same tree counts and witnesses,
// the same number of combinations. The parts travel through serialize as they do between
// processes in redsem-mpi.
#include <gtest/gtest.h>

#include <random>

#include "model/element_op.h"
#include "sim/example_ops.h"
#include "sim/order_merge.h"
#include "sim/order_results.h"
#include "sim_fixture.h"

namespace redsem::sim {
namespace {

order_results split_search(const element_op& op, const std::vector<element>& inputs,
                           const std::optional<predefined_pair>& typed, int shares) {
  std::vector<order_results> parts;
  for (int i = 0; i < shares; ++i) {
    order_limits limits;
    limits.share = {i, shares, nullptr};
    parts.push_back(deserialize_order_results(serialize(all_order_results(op, inputs, typed, limits))));
  }
  return merge_order_parts(parts);
}

void expect_same(const order_results& whole, const order_results& merged) {
  ASSERT_EQ(whole.results.size(), merged.results.size());
  for (std::size_t i = 0; i < whole.results.size(); ++i) {
    EXPECT_EQ(whole.results[i].value, merged.results[i].value) << i;
    EXPECT_EQ(whole.results[i].trees, merged.results[i].trees) << i;
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
      expect_same(whole, split_search(op, inputs, typed, shares));
      expect_same(all_order_results(op, inputs), split_search(op, inputs, std::nullopt, shares));
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
    for (int shares : {2, 3, 8}) expect_same(whole, split_search(op, inputs, std::nullopt, shares));
  }
}

TEST(SimOrderSplit, EachShareMakesOnlyPartOfTheTopLevel) {
  const policy p;
  const auto inputs = testing::elements_of<float>({1e6f, -1e6f, 0.01f, 0.02f, 0.03f, 0.04f, 0.05f, 0.06f});
  const element_op op = predefined_element_op(op_id::sum, basic_type::float_, p);
  const order_results whole = all_order_results(op, inputs, predefined_pair{op_id::sum, basic_type::float_, p});
  order_limits half;
  half.share = {1, 2, nullptr};
  const order_results part = all_order_results(op, inputs, predefined_pair{op_id::sum, basic_type::float_, p}, half);
  EXPECT_GT(part.top_combinations, 0U);
  EXPECT_LT(part.top_combinations, whole.top_combinations);
  EXPECT_EQ(part.combinations - part.top_combinations, whole.combinations - whole.top_combinations);
  EXPECT_THROW(deserialize_order_results(serialize(part).substr(1)), std::invalid_argument);
}

}  // namespace
}  // namespace redsem::sim
