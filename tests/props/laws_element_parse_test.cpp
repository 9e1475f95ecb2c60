// SPDX-License-Identifier: BSD-3-Clause
// Elements read from user text in the form the laws print them.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "props/laws/element_parse.h"
#include "tests/props/laws_replay.h"

namespace redsem::laws {
namespace {

using testing::element_of;

std::optional<element_bytes> parse(basic_type t, std::string_view text) {
  std::string why;
  auto e = parse_element(datatype::predefined(t), text, &why);
  if (!e) {
    EXPECT_FALSE(why.empty());
  }
  return e;
}

TEST(LawsElementParse, ReadsNumbersBitsAndPairs) {
  EXPECT_EQ(parse(basic_type::double_, "-0.0"), element_of(-0.0));
  EXPECT_EQ(parse(basic_type::float_, "[0x80000000]"), element_of(-0.0f));
  EXPECT_EQ(parse(basic_type::float_, "1 [0x3f800000]"), element_of(1.0f));
  EXPECT_EQ(parse(basic_type::int_, "-7"), element_of(-7));
  EXPECT_EQ(parse(basic_type::uint8, "255"), element_of(std::uint8_t{255}));
  const pair_val<double, int> p{1.5, 3};
  EXPECT_EQ(parse(basic_type::double_int, "(1.5, 3)"), element_of(p));
  const auto inf = parse(basic_type::double_, "inf");
  ASSERT_TRUE(inf.has_value());
  EXPECT_EQ(*inf, element_of(std::numeric_limits<double>::infinity()));
}

TEST(LawsElementParse, RejectsWhatIsNotAnElement) {
  EXPECT_FALSE(parse(basic_type::uint8, "256").has_value());
  EXPECT_FALSE(parse(basic_type::int_, "1.5").has_value());
  EXPECT_FALSE(parse(basic_type::double_int, "1.5").has_value());
  EXPECT_FALSE(parse(basic_type::float_, "[0x1234567890]").has_value());
  EXPECT_FALSE(parse(basic_type::float_, "").has_value());
}

TEST(LawsElementParse, ReadsBackWhatIsShown) {
  for (double v : {-0.0, 0.1, std::numeric_limits<double>::denorm_min(), -std::numeric_limits<double>::infinity()}) {
    const auto shown = show(datatype::predefined(basic_type::double_), element_of(v));
    EXPECT_EQ(parse(basic_type::double_, shown.text), shown.bytes) << shown.text;
  }
}

}  // namespace
}  // namespace redsem::laws
