// SPDX-License-Identifier: BSD-3-Clause
// The policy changes the encoding: NaN rules, zero rules, overflow, logical values.
#include <gtest/gtest.h>

#include "tests/props/laws_replay.h"

namespace redsem::laws {
namespace {

policy with(std::string_view text) {
  std::string why;
  const auto p = parse_policy(text, &why);
  EXPECT_TRUE(p.has_value()) << why;
  return p.value_or(policy{});
}

TEST(LawsPolicy, CTernaryMinMaxAreNotCommutativeOnFloats) {
  const policy p = with("minmax_nan=c_ternary");
  for (basic_type type : {basic_type::float_, basic_type::double_})
    for (op_id op : {op_id::min, op_id::max}) {
      const auto r = testing::decide(op, type, law::commutativity, p);
      EXPECT_EQ(r.outcome, verdict::refuted) << to_string(op) << " " << to_string(type);
    }
}

TEST(LawsPolicy, IeeeMinMaxAreCommutativeAndAssociativeOnFloats) {
  for (const char* text : {"minmax_nan=propagate", "minmax_nan=ignore"})
    for (op_id op : {op_id::min, op_id::max})
      for (law l : {law::commutativity, law::associativity}) {
        const auto r = testing::decide(op, basic_type::float_, l, with(text));
        EXPECT_EQ(r.outcome, verdict::proved) << text << " " << to_string(op) << " " << to_string(l) << ": " << r.reason;
      }
}

TEST(LawsPolicy, CTernaryZerosBreakCommutativityEvenWithoutNaN) {
  const auto r = testing::decide(op_id::max, basic_type::double_, law::commutativity, with("minmax_zero=c_ternary"));
  EXPECT_EQ(r.outcome, verdict::refuted);
}

TEST(LawsPolicy, NanIsTheIdentityOfMaxWhenNaNIsIgnored) {
  const auto r = testing::decide(op_id::max, basic_type::float_, law::identity, with("minmax_nan=ignore"));
  ASSERT_EQ(r.outcome, verdict::proved) << r.reason;
  ASSERT_TRUE(r.element.has_value());
  EXPECT_NE(r.element->text.find("nan"), std::string::npos) << r.element->text;
}

TEST(LawsPolicy, ErroneousOverflowKeepsIntegerLawsOnDefinedEvaluations) {
  const policy p = with("overflow=erroneous");
  for (law l : {law::associativity, law::commutativity, law::identity})
    EXPECT_EQ(testing::decide(op_id::sum, basic_type::int8, l, p).outcome, verdict::proved) << to_string(l);
}

TEST(LawsPolicy, LogicalAndIsNotIdempotentOnUnnormalisedValues) {
  // With true written as 1 and read as nonzero, LAND(5,5) = 1 ≠ 5: not idempotent.
  EXPECT_EQ(testing::decide(op_id::land, basic_type::int_, law::idempotence).outcome, verdict::refuted);
}

TEST(LawsPolicy, BitwiseCompareCannotProveFloatLawsModuloNaNPayloads) {
  // x86 keeps the first NaN's payload in a sum, so SUM is not commutative bit for bit.
  const auto r = testing::decide(op_id::sum, basic_type::double_, law::commutativity, with("compare=bitwise"));
  EXPECT_NE(r.outcome, verdict::proved) << r.reason;
}

}  // namespace
}  // namespace redsem::laws
