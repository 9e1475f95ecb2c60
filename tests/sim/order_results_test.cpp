// SPDX-License-Identifier: BSD-3-Clause
// The dynamic programme against independent brute force: sequences of merges (any two
// partial results for a commutative op, two neighbours for a non-commutative one) reach every
// legal tree, so their result sets must be equal.
#include "sim/order_results.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <set>

#include "model/element_op.h"
#include "sim/exact_sum.h"
#include "sim/example_ops.h"
#include "sim/float_spread.h"
#include "sim_fixture.h"

namespace redsem::sim {
namespace {

// Keyed as strings: GCC 12 warns falsely (-Wstringop-overread) on std::set<std::vector<std::byte>>.
using bytes_set = std::set<std::string>;
std::string key(const element& e) { return {reinterpret_cast<const char*>(e.data()), e.size()}; }
bytes_set keys(std::initializer_list<element> es) {
  bytes_set out;
  for (const auto& e : es) out.insert(key(e));
  return out;
}

// Any two of the partial results may meet, in either operand order.
void merge_any_pair(const std::vector<element>& parts, const element_op& op, std::set<std::vector<std::string>>& seen,
                    bytes_set& out) {
  if (parts.size() == 1) {
    out.insert(key(parts[0]));
    return;
  }
  std::vector<std::string> state;  // the same multiset of partials is the same state
  for (const auto& p : parts) state.push_back(key(p));
  std::sort(state.begin(), state.end());
  if (!seen.insert(state).second) return;
  for (std::size_t i = 0; i < parts.size(); ++i)
    for (std::size_t j = 0; j < parts.size(); ++j) {
      if (i == j) continue;
      std::vector<element> next;
      for (std::size_t k = 0; k < parts.size(); ++k)
        if (k != i && k != j) next.push_back(parts[k]);
      element r(parts[i].size(), std::byte{0});
      op.combine(parts[i].data(), parts[j].data(), r.data());
      clear_padding(r, value_byte_mask(op.type));  // a user function may leave garbage there
      next.push_back(r);
      merge_any_pair(next, op, seen, out);
    }
}

// Two neighbours merge, the left one as the left operand.
void merge_neighbours(const std::vector<element>& parts, const element_op& op, bytes_set& out) {
  if (parts.size() == 1) {
    out.insert(key(parts[0]));
    return;
  }
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    std::vector<element> next(parts.begin(), parts.begin() + static_cast<std::ptrdiff_t>(i));
    element r(parts[i].size(), std::byte{0});
    op.combine(parts[i].data(), parts[i + 1].data(), r.data());
    clear_padding(r, value_byte_mask(op.type));
    next.push_back(r);
    next.insert(next.end(), parts.begin() + static_cast<std::ptrdiff_t>(i) + 2, parts.end());
    merge_neighbours(next, op, out);
  }
}

bytes_set brute_force(const element_op& op, const std::vector<element>& inputs) {
  bytes_set out;
  if (op.commutative) {
    std::set<std::vector<std::string>> seen;
    merge_any_pair(inputs, op, seen, out);
  } else {
    merge_neighbours(inputs, op, out);
  }
  return out;
}

bytes_set values_of(const order_results& r) {
  bytes_set out;
  for (const auto& d : r.results) out.insert(key(d.value));
  return out;
}

// Each distinct result names a legal tree that really computes it.
void expect_witnesses_hold(const order_results& r, const element_op& op, const std::vector<element>& inputs) {
  for (const auto& d : r.results) {
    EXPECT_TRUE(check_tree(d.witness, rank_range(0, static_cast<int>(inputs.size()) - 1), op.commutative).legal())
        << to_string(d.witness);
    EXPECT_EQ(evaluate(d.witness, op, inputs), d.value) << to_string(d.witness);
  }
}

TEST(SimOrders, TreeCountsAreCatalanAndDoubleFactorial) {
  EXPECT_EQ(legal_tree_count(8, false), 429);
  EXPECT_EQ(legal_tree_count(12, false), 58786);
  EXPECT_EQ(legal_tree_count(8, true), 135135);
  EXPECT_EQ(legal_tree_count(12, true), 13749310575.0);
  EXPECT_EQ(format_count(legal_tree_count(12, true)), "13749310575");
}

// A commutative op whose value depends on the operand order: a ∘ b = a, created commutative.
element_op left_operand_declared_commutative() {
  return {"left operand", datatype::predefined(basic_type::int_), true,
          [](const std::byte* a, const std::byte*, std::byte* out) { std::memmove(out, a, sizeof(int)); }};
}

TEST(SimOrders, CountsAreWholeTreesOrWholeEvaluationOrders) {
  const element_op op = left_operand_declared_commutative();
  // Two ranks: one tree, whose two operand orders give the two inputs. Half a tree each is no
  // count: each is 1 of the 2 evaluation orders.
  const auto two = all_order_results(op, testing::elements_of<int>({1, 2}));
  ASSERT_EQ(two.results.size(), 2u);
  const count_unit by_orders = count_unit_of(two.results, 2, true);
  EXPECT_TRUE(by_orders.orders);
  EXPECT_EQ(by_orders.total, 2);
  for (const auto& r : two.results) EXPECT_EQ(by_orders.of(r.trees), 1);
  EXPECT_EQ(by_orders.noun(), "evaluation orders");
  // Three ranks: each input leads in 4 of the 12 evaluation orders, exactly one tree's worth.
  const auto three = all_order_results(op, testing::elements_of<int>({1, 2, 3}));
  const count_unit by_trees = count_unit_of(three.results, 3, true);
  EXPECT_FALSE(by_trees.orders);
  EXPECT_EQ(by_trees.total, 3);
  for (const auto& r : three.results) EXPECT_EQ(by_trees.of(r.trees), 1);
}

TEST(SimOrders, FloatSumOfCancellingMillionsMatchesBruteForce) {
  const policy p;
  const auto inputs = testing::elements_of<float>({1e6f, -1e6f, 0.01f, 0.01f, 0.01f, 0.01f, 0.01f, 0.01f});
  const element_op op = predefined_element_op(op_id::sum, basic_type::float_, p);
  const bytes_set expected = brute_force(op, inputs);
  const order_results generic = all_order_results(op, inputs);
  const order_results typed = all_order_results(op, inputs, predefined_pair{op_id::sum, basic_type::float_, p});
  EXPECT_FALSE(generic.used_typed_path);
  EXPECT_TRUE(typed.used_typed_path);
  EXPECT_TRUE(generic.complete && typed.complete);
  EXPECT_GT(expected.size(), 1u);  // the order matters here: that is the point of the example
  EXPECT_EQ(values_of(generic), expected);
  EXPECT_EQ(values_of(typed), expected);
  EXPECT_EQ(typed.results.size(), expected.size());  // no duplicates
  expect_witnesses_hold(typed, op, inputs);
  expect_witnesses_hold(generic, op, inputs);
  double trees = 0;
  for (const auto& d : typed.results) trees += d.trees.value();
  EXPECT_EQ(trees, legal_tree_count(8, true));  // every tree counted once, under one value
}

TEST(SimOrders, RandomDoubleSumsMatchBruteForce) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> dist(-1e3, 1e3);
  const policy p;
  const element_op op = predefined_element_op(op_id::sum, basic_type::double_, p);
  for (int procs = 1; procs <= 7; ++procs) {
    std::vector<double> xs;
    for (int r = 0; r < procs; ++r) xs.push_back(dist(rng) * std::ldexp(1.0, static_cast<int>(rng() % 40) - 20));
    const auto inputs = testing::elements_of(xs);
    const order_results typed = all_order_results(op, inputs, predefined_pair{op_id::sum, basic_type::double_, p});
    EXPECT_EQ(values_of(typed), brute_force(op, inputs)) << procs << " ranks";
    expect_witnesses_hold(typed, op, inputs);
  }
}

TEST(SimOrders, NonCommutativeUserOpKeepsRankOrder) {
  const element_op op = segmented_scan_element_op();
  std::mt19937 rng(3);
  for (int procs = 1; procs <= 7; ++procs) {
    std::vector<element> inputs;
    for (int r = 0; r < procs; ++r) inputs.push_back(segmented_scan_value(1 << r, static_cast<int>(rng() % 2)));
    const order_results r = all_order_results(op, inputs);
    EXPECT_EQ(values_of(r), brute_force(op, inputs)) << procs << " ranks";
    expect_witnesses_hold(r, op, inputs);
    double trees = 0;
    for (const auto& d : r.results) trees += d.trees.value();
    EXPECT_EQ(trees, legal_tree_count(procs, false));
  }
}

TEST(SimOrders, SegmentedScanExampleHasTwoResults) {
  // MPI-4.1 §7.11.3 with logicals 0, 1, 0 (docs/semantics.md §8.4).
  const element_op op = segmented_scan_element_op();
  const std::vector<element> inputs{segmented_scan_value(5, 0), segmented_scan_value(7, 1),
                                    segmented_scan_value(11, 0)};
  const order_results r = all_order_results(op, inputs);
  EXPECT_EQ(values_of(r), keys({segmented_scan_value(11, 0), segmented_scan_value(16, 0)}));
}

TEST(SimOrders, IntegerSumHasOneResultOverEveryOrder) {
  const policy p;
  std::mt19937 rng(11);
  std::vector<int> xs;
  for (int r = 0; r < 10; ++r) xs.push_back(static_cast<int>(rng()));  // overflows and wraps
  const auto inputs = testing::elements_of(xs);
  const element_op op = predefined_element_op(op_id::sum, basic_type::int_, p);
  const order_results r = all_order_results(op, inputs, predefined_pair{op_id::sum, basic_type::int_, p});
  ASSERT_EQ(r.results.size(), 1u);
  EXPECT_EQ(r.results[0].value, evaluate(r.results[0].witness, op, inputs));
}

TEST(SimOrders, LimitsMakeTheAnswerIncompleteNotWrong) {
  const policy p;
  const auto inputs = testing::elements_of<float>({1e6f, -1e6f, 0.01f, 0.01f, 0.01f, 0.01f, 0.01f, 0.01f});
  const element_op op = predefined_element_op(op_id::sum, basic_type::float_, p);
  order_limits tight;
  tight.max_combinations = 100;
  const order_results r = all_order_results(op, inputs, std::nullopt, tight);
  EXPECT_FALSE(r.complete);
  EXPECT_FALSE(r.incomplete_reason.empty());
}

}  // namespace
}  // namespace redsem::sim

namespace redsem::sim {
namespace {

TEST(SimOrders, SpreadMeasuresUlpsFromTheExactSum) {
  const policy p;
  const std::vector<float> xs{1e6f, -1e6f, 0.01f, 0.01f, 0.01f, 0.01f, 0.01f, 0.01f};
  const auto inputs = testing::elements_of(xs);
  const order_results r = all_order_results(predefined_element_op(op_id::sum, basic_type::float_, p), inputs,
                                            predefined_pair{op_id::sum, basic_type::float_, p});
  const auto s = spread_of(basic_type::float_, op_id::sum, inputs, r);
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->distinct, r.results.size());
  ASSERT_TRUE(s->exact_rounded && s->max_ulps_from_exact);
  EXPECT_EQ(*s->exact_rounded, static_cast<double>(*correctly_rounded_sum(xs)));
  // Worst case by hand: an order that adds every 0.01 to ±1e6 first loses them all, giving 0.
  std::uint64_t worst = 0;
  for (const auto& d : r.results) worst = std::max(worst, *ulp_distance(testing::value_of<float>(d.value),
                                                                         static_cast<float>(*s->exact_rounded)));
  EXPECT_EQ(*s->max_ulps_from_exact, worst);
  EXPECT_EQ(s->smallest, 0.0);
  EXPECT_FALSE(spread_of(basic_type::int_, op_id::sum, inputs, r).has_value());
}

}  // namespace
}  // namespace redsem::sim

namespace redsem::sim {
namespace {

TEST(SimOrders, PaddingAUserFunctionScribblesOnIsNotPartOfTheValue) {
  const element_op clean = segmented_scan_element_op();
  element_op scribbling = clean;
  const std::vector<bool> mask = value_byte_mask(clean.type);
  scribbling.combine = [inner = clean.combine, mask](const std::byte* a, const std::byte* b, std::byte* out) {
    static std::uint8_t garbage = 0;
    inner(a, b, out);
    for (std::size_t i = 0; i < mask.size(); ++i)
      if (!mask[i]) out[i] = static_cast<std::byte>(++garbage);  // different garbage every time
  };
  std::vector<element> inputs;
  for (int r = 0; r < 6; ++r) inputs.push_back(segmented_scan_value(1 << r, r % 3 == 1));
  const order_results expected = all_order_results(clean, inputs);
  const order_results got = all_order_results(scribbling, inputs);
  EXPECT_EQ(values_of(got), values_of(expected));
  EXPECT_EQ(got.results.size(), expected.results.size());
  for (const auto& d : got.results) EXPECT_EQ(evaluate(d.witness, scribbling, inputs), d.value);
}

}  // namespace
}  // namespace redsem::sim
