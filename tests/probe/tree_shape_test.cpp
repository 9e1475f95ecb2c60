// SPDX-License-Identifier: BSD-3-Clause
// The tree-shape classifier against shapes written out by hand, and the bracket parser.
#include <gtest/gtest.h>

#include "probe/eval_tree.h"
#include "probe/tree_shape.h"

namespace redsem::probe {
namespace {

eval_tree tree(std::string_view text) {
  auto t = parse_bracket(text);
  EXPECT_TRUE(t.has_value()) << text;
  return t.value_or(eval_tree{});
}

TEST(probe_eval_tree, parses_brackets_and_rejects_what_is_not_a_tree) {
  EXPECT_EQ(leaf_order(tree("((01)(23))")), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(leaf_order(tree("(a(9b))")), (std::vector<int>{10, 9, 11}));
  EXPECT_EQ(depth(tree("(0(1(23)))")), 3);
  for (const char* bad : {"", "#", "!", "(01", "(0)", "(012)", "01", "((01)(23)))"})
    EXPECT_FALSE(parse_bracket(bad).has_value()) << bad;
}

TEST(probe_eval_tree, canonical_form_equates_exactly_the_trees_equal_up_to_commutation) {
  EXPECT_EQ(canonical_commutative(tree("((32)(10))")), canonical_commutative(tree("((01)(23))")));
  EXPECT_EQ(canonical_commutative(tree("(2(0(13)))")), canonical_commutative(tree("(((31)0)2)")));
  EXPECT_NE(canonical_commutative(tree("((01)(23))")), canonical_commutative(tree("((02)(13))")));
  EXPECT_NE(canonical_commutative(tree("(((01)2)3)")), canonical_commutative(tree("((01)(23))")));
}

TEST(probe_tree_shape, ideal_shapes_written_out_by_hand) {
  EXPECT_EQ(left_chain(4), "(((xx)x)x)");
  EXPECT_EQ(right_chain(4), "(x(x(xx)))");
  EXPECT_EQ(binomial(4), "((xx)(xx))");
  EXPECT_EQ(binomial(5), "(((xx)(xx))x)");
  EXPECT_EQ(binomial(7), "(((xx)(xx))((xx)x))");
  EXPECT_EQ(recursive_doubling(5), "(((xx)x)(xx))");
  EXPECT_EQ(recursive_doubling(6), "(((xx)(xx))(xx))");
  EXPECT_EQ(recursive_doubling(7), "(((xx)(xx))((xx)x))");
}

TEST(probe_tree_shape, names_each_algorithm_and_every_name_that_fits) {
  EXPECT_EQ(shape_name(tree("((01)(23))")), "balanced (binomial = recursive doubling)");
  EXPECT_EQ(shape_name(tree("(((01)(23))4)")), "binomial");
  EXPECT_EQ(shape_name(tree("(((01)2)(34))")), "recursive doubling");
  EXPECT_EQ(shape_name(tree("((((01)2)3)4)")), "left chain");
  EXPECT_EQ(shape_name(tree("(0(1(2(34))))")), "right chain");
  EXPECT_EQ(shape_name(tree("((01)2)")), "left chain = binomial = recursive doubling");
  EXPECT_EQ(shape_name(tree("(2((13)0))")), "chain, mixed operand order");
  EXPECT_EQ(shape_name(tree("(4((01)(23)))")), "binomial, mixed operand order");
  EXPECT_EQ(shape_name(tree("((01)((23)(45)))")), "binomial, mixed operand order");
  EXPECT_EQ(shape_name(tree("((01)(2(34)))")), "recursive doubling, mixed operand order");
  EXPECT_EQ(shape_name(tree("(((01)2)((34)5))")), "other (depth 3)");
  EXPECT_EQ(shape_name(tree("3")), "single operand");
}

TEST(probe_tree_shape, names_the_order_of_the_operands) {
  EXPECT_EQ(order_name(tree("((01)(23))")), "rank order");
  EXPECT_EQ(order_name(tree("((32)(10))")), "descending");
  EXPECT_EQ(order_name(tree("(((23)0)1)")), "rotated from 2");
  EXPECT_EQ(order_name(tree("((31)(20))")), "permuted");
}

}  // namespace
}  // namespace redsem::probe
