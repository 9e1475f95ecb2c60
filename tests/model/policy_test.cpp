#include <gtest/gtest.h>

#include "model/policy.h"

namespace redsem {
namespace {

TEST(policy, text_round_trips) {
  std::string err;
  const auto p = parse_policy("minmax_nan=c_ternary,minmax_zero=c_ternary,compare=ulps,ulps=4", &err);
  ASSERT_TRUE(p) << err;
  EXPECT_EQ(p->minmax_nan, nan_rule::c_ternary);
  EXPECT_EQ(p->compare, compare_rule::ulps);
  EXPECT_EQ(p->ulps, 4u);
  EXPECT_EQ(parse_policy(to_string(*p), &err), p);
  EXPECT_EQ(parse_policy("", &err), policy{});
}

TEST(policy, bad_input_names_the_key_or_the_choices) {
  std::string err;
  EXPECT_FALSE(parse_policy("minmax_nan=sometimes", &err));
  EXPECT_NE(err.find("propagate ignore c_ternary"), std::string::npos) << err;
  EXPECT_FALSE(parse_policy("nan=ignore", &err));
  EXPECT_NE(err.find("unknown policy key 'nan'"), std::string::npos) << err;
  EXPECT_FALSE(parse_policy("ulps=many", &err));
  EXPECT_FALSE(parse_policy("overflow", &err));
  EXPECT_NE(err.find("key=value"), std::string::npos) << err;
}

}  // namespace
}  // namespace redsem
