// SPDX-License-Identifier: BSD-3-Clause
// Identity and absorbing elements: found by search, and declared candidates checked.
#include <gtest/gtest.h>

#include <limits>

#include "tests/props/laws_replay.h"

namespace redsem::laws {
namespace {

using testing::bytes;
using testing::element_of;

TEST(LawsElements, FloatingSumIdentityIsNegativeZero) {
  for (basic_type type : {basic_type::float_, basic_type::double_}) {
    const auto r = testing::decide(op_id::sum, type, law::identity);
    ASSERT_EQ(r.outcome, verdict::proved) << r.reason;
    ASSERT_TRUE(r.element.has_value());
    const bytes want = type == basic_type::float_ ? element_of(-0.0f) : element_of(-0.0);
    EXPECT_EQ(r.element->bytes, want) << r.element->text;
  }
}

TEST(LawsElements, DeclaredNegativeZeroIsProvedAndPositiveZeroIsRefutedByNegativeZero) {
  const policy p;
  const auto minus = prove_predefined_element(op_id::sum, basic_type::double_, law::identity, element_of(-0.0), p, {});
  EXPECT_EQ(minus.outcome, verdict::proved) << minus.reason;
  const auto plus = prove_predefined_element(op_id::sum, basic_type::double_, law::identity, element_of(0.0), p, {});
  ASSERT_EQ(plus.outcome, verdict::refuted) << plus.reason;
  ASSERT_TRUE(plus.example.has_value());
  EXPECT_EQ(plus.example->inputs.front().first, "x");
  EXPECT_EQ(plus.example->inputs.front().second.bytes, element_of(-0.0)) << plus.example->inputs.front().second.text;
  testing::expect_replay_differs(op_id::sum, basic_type::double_, law::identity, plus, p);
}

// The element the search proved, or no bytes (with a test failure) when it proved none.
bytes element_found(op_id op, basic_type type, law l) {
  const auto r = testing::decide(op, type, l);
  EXPECT_EQ(r.outcome, verdict::proved) << to_string(op) << " " << to_string(type) << ": " << r.reason;
  return r.element && r.outcome == verdict::proved ? r.element->bytes : bytes{};
}

TEST(LawsElements, IntegerIdentitiesAreTheTextbookOnes) {
  EXPECT_EQ(element_found(op_id::sum, basic_type::int_, law::identity), element_of(0));
  EXPECT_EQ(element_found(op_id::prod, basic_type::int64, law::identity), element_of(std::int64_t{1}));
  EXPECT_EQ(element_found(op_id::band, basic_type::uint16, law::identity), element_of(std::uint16_t{0xffff}));
  EXPECT_EQ(element_found(op_id::max, basic_type::short_, law::identity), element_of(std::numeric_limits<short>::min()));
  EXPECT_EQ(element_found(op_id::min, basic_type::unsigned_long, law::identity),
            element_of(std::numeric_limits<unsigned long>::max()));
  EXPECT_EQ(element_found(op_id::prod, basic_type::unsigned_, law::absorbing), element_of(0u));
}

TEST(LawsElements, NoTwoSidedIdentityIsProvedAbsent) {
  // LAND on C integers normalises its result to 0/1, so land(e, 5) is never 5; REPLACE keeps
  // its right operand, so x∘e = e ≠ x.
  for (op_id op : {op_id::land, op_id::replace}) {
    const auto r = testing::decide(op, basic_type::int_, law::identity);
    EXPECT_EQ(r.outcome, verdict::refuted) << to_string(op) << ": " << r.reason;
  }
}

TEST(LawsElements, LocOpIdentityPairsTheExtremeWithTheLargestIndex) {
  const pair_val<int, int> want{std::numeric_limits<int>::max(), std::numeric_limits<int>::max()};
  EXPECT_EQ(element_found(op_id::minloc, basic_type::two_int, law::identity), element_of(want));
}

}  // namespace
}  // namespace redsem::laws
