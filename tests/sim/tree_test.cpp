// SPDX-License-Identifier: BSD-3-Clause
#include "sim/tree.h"

#include <gtest/gtest.h>

#include "model/element_op.h"
#include "sim_fixture.h"

namespace redsem::sim {
namespace {

TEST(SimTree, RendersLeavesInOrder) {
  const tree t = combine(combine(leaf(0), leaf(1)), leaf(2));
  EXPECT_EQ(to_string(t), "((0∘1)∘2)");
  EXPECT_EQ(leaves(t), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(node_count(t), 2u);
}

TEST(SimTree, AnyBracketingInRankOrderIsLegalForNonCommutativeOps) {
  const tree t = combine(leaf(0), combine(leaf(1), leaf(2)));
  EXPECT_TRUE(check_tree(t, rank_range(0, 2), false).legal());
}

TEST(SimTree, ReorderedRanksAreLegalOnlyForCommutativeOps) {
  const tree t = combine(leaf(1), combine(leaf(0), leaf(2)));
  EXPECT_TRUE(check_tree(t, rank_range(0, 2), true).legal());
  const tree_check c = check_tree(t, rank_range(0, 2), false);
  EXPECT_EQ(c.verdict, tree_legality::reordered_ranks);
  EXPECT_NE(c.evidence.find("rank 1"), std::string::npos);
}

TEST(SimTree, EveryRankExactlyOnce) {
  EXPECT_EQ(check_tree(combine(leaf(0), leaf(0)), rank_range(0, 1), true).verdict, tree_legality::repeated_rank);
  EXPECT_EQ(check_tree(combine(leaf(0), leaf(1)), rank_range(0, 2), true).verdict, tree_legality::missing_rank);
  EXPECT_EQ(check_tree(combine(leaf(0), leaf(3)), rank_range(0, 1), true).verdict, tree_legality::foreign_rank);
}

TEST(SimTree, EvaluatesThroughTheElementOpLeftOperandFirst) {
  const element_op replace_like{"left minus right", datatype::predefined(basic_type::int_), false,
                                [](const std::byte* a, const std::byte* b, std::byte* out) {
                                  int x, y;
                                  std::memcpy(&x, a, 4);
                                  std::memcpy(&y, b, 4);
                                  const int r = x - y;
                                  std::memcpy(out, &r, 4);
                                }};
  const auto inputs = testing::elements_of<int>({10, 3, 2});
  EXPECT_EQ(testing::value_of<int>(evaluate(combine(combine(leaf(0), leaf(1)), leaf(2)), replace_like, inputs)), 5);
  EXPECT_EQ(testing::value_of<int>(evaluate(combine(leaf(0), combine(leaf(1), leaf(2))), replace_like, inputs)), 9);
  const auto trace = evaluate_nodes(combine(leaf(0), combine(leaf(1), leaf(2))), replace_like, inputs);
  ASSERT_EQ(trace.size(), 5u);
  EXPECT_EQ(testing::value_of<int>(trace[3].value), 1);  // (3 − 2), before the root
  EXPECT_EQ(testing::value_of<int>(trace[4].value), 9);
}

}  // namespace
}  // namespace redsem::sim
