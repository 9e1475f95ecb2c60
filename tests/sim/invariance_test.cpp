// SPDX-License-Identifier: BSD-3-Clause
#include "sim/invariance.h"

#include <gtest/gtest.h>

#include <random>

#include "model/element_op.h"
#include "sim/example_ops.h"
#include "sim_fixture.h"

namespace redsem::sim {
namespace {

constexpr op_id integer_ops[] = {op_id::sum, op_id::prod, op_id::band, op_id::bor, op_id::bxor, op_id::min, op_id::max};
constexpr basic_type integer_types[] = {basic_type::int8, basic_type::int_, basic_type::unsigned_long, basic_type::int64,
                                        basic_type::byte, basic_type::integer2, basic_type::count};

element random_element(basic_type t, std::mt19937_64& rng) {
  element e(info(t).size);
  for (auto& b : e) b = static_cast<std::byte>(rng());
  return e;
}

// The known laws are claims; a random sample through the model must not contradict them.
TEST(SimInvariance, KnownIntegerLawsHoldOnRandomSamples) {
  const policy p;
  std::mt19937_64 rng(1);
  for (op_id op : integer_ops)
    for (basic_type t : integer_types) {
      if (!op_allows(op, t)) continue;
      const op_laws laws = known_laws(op, t, p);
      ASSERT_EQ(laws.associative, law_verdict::proved) << to_string(op) << " " << to_string(t);
      const element_op e = predefined_element_op(op, t, p);
      for (int trial = 0; trial < 500; ++trial) {
        const element a = random_element(t, rng), b = random_element(t, rng), c = random_element(t, rng);
        element ab(a.size()), ba(a.size()), ab_c(a.size()), bc(a.size()), a_bc(a.size());
        e.combine(a.data(), b.data(), ab.data());
        e.combine(b.data(), a.data(), ba.data());
        e.combine(ab.data(), c.data(), ab_c.data());
        e.combine(b.data(), c.data(), bc.data());
        e.combine(a.data(), bc.data(), a_bc.data());
        ASSERT_EQ(ab, ba) << to_string(op) << " " << to_string(t);
        ASSERT_EQ(ab_c, a_bc) << to_string(op) << " " << to_string(t);
      }
    }
}

TEST(SimInvariance, FloatsAndTrappingOverflowHaveNoKnownLaws) {
  policy trapping;
  trapping.overflow = overflow_rule::erroneous;
  EXPECT_EQ(known_laws(op_id::sum, basic_type::float_, {}).associative, law_verdict::unknown);
  EXPECT_EQ(known_laws(op_id::sum, basic_type::int_, trapping).associative, law_verdict::unknown);
  EXPECT_EQ(known_laws(op_id::land, basic_type::int_, {}).associative, law_verdict::unknown);
}

TEST(SimInvariance, LawsSettleSixtyFourRanksWithoutSearch) {
  const policy p;
  std::mt19937_64 rng(2);
  std::vector<element> inputs;
  for (int r = 0; r < 64; ++r) inputs.push_back(random_element(basic_type::int_, rng));
  const element_op op = predefined_element_op(op_id::sum, basic_type::int_, p);
  const invariance_verdict v = decide_invariance(op, inputs, known_laws(op_id::sum, basic_type::int_, p));
  EXPECT_EQ(v.verdict, invariance::invariant);
  EXPECT_FALSE(v.search.has_value());
  EXPECT_NE(v.reason.find("laws"), std::string::npos);
}

TEST(SimInvariance, ExhaustiveSearchAgreesWithTheLaws) {
  const policy p;
  std::mt19937_64 rng(3);
  for (op_id op : integer_ops) {
    std::vector<element> inputs;
    for (int r = 0; r < 9; ++r) inputs.push_back(random_element(basic_type::int16, rng));
    const element_op e = predefined_element_op(op, basic_type::int16, p);
    const invariance_verdict v = decide_invariance(e, inputs, {}, predefined_pair{op, basic_type::int16, p});
    EXPECT_EQ(v.verdict, invariance::invariant) << to_string(op) << ": " << v.reason;
    ASSERT_TRUE(v.search.has_value());
    EXPECT_TRUE(v.search->complete);
  }
}

TEST(SimInvariance, FloatSumIsOrderDependentWithTwoWitnesses) {
  const policy p;
  const auto inputs = testing::elements_of<float>({1e6f, -1e6f, 0.01f, 0.01f});
  const element_op op = predefined_element_op(op_id::sum, basic_type::float_, p);
  const invariance_verdict v = decide_invariance(op, inputs, known_laws(op_id::sum, basic_type::float_, p),
                                                 predefined_pair{op_id::sum, basic_type::float_, p});
  ASSERT_EQ(v.verdict, invariance::order_dependent);
  ASSERT_TRUE(v.first && v.second);
  EXPECT_NE(evaluate(v.first->witness, op, inputs), evaluate(v.second->witness, op, inputs));
}

TEST(SimInvariance, AssociativityAloneSettlesANonCommutativeOp) {
  const element_op op = segmented_scan_element_op();
  const std::vector<element> inputs{segmented_scan_value(5, 0), segmented_scan_value(7, 1), segmented_scan_value(11, 0)};
  const invariance_verdict searched = decide_invariance(op, inputs, {});
  EXPECT_EQ(searched.verdict, invariance::order_dependent);
  // Were it proved associative (it is not: this only shows how the laws are used), no search would run.
  const invariance_verdict by_laws = decide_invariance(op, inputs, {law_verdict::proved, law_verdict::refuted, "test"});
  EXPECT_EQ(by_laws.verdict, invariance::invariant);
}

}  // namespace
}  // namespace redsem::sim
