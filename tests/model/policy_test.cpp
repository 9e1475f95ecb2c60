// SPDX-License-Identifier: BSD-3-Clause
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

TEST(policy, later_keys_appear_in_the_text_only_away_from_their_default) {
  EXPECT_EQ(to_string(policy{}),
            "minmax_nan=propagate,minmax_zero=ordered,loc_nan=extreme,overflow=wrap,truth=nonzero,true_value=one,"
            "derived=strict,compare=nan_equal,ulps=0");
  std::string err;
  const auto p = parse_policy("loc_tie=second,complex_prod=annex_g", &err);
  ASSERT_TRUE(p) << err;
  EXPECT_EQ(p->loc_tie, loc_tie_rule::second);
  EXPECT_EQ(p->complex_prod, complex_prod_rule::annex_g);
  EXPECT_EQ(to_string(*p), to_string(policy{}) + ",loc_tie=second,complex_prod=annex_g");
  EXPECT_EQ(parse_policy(to_string(*p), &err), p);
  EXPECT_EQ(changed_keys(policy{}, *p), "loc_tie=second,complex_prod=annex_g");
  EXPECT_EQ(changed_keys(*p, policy{}), "loc_tie=by_value,complex_prod=textbook");
  EXPECT_FALSE(parse_policy("complex_prod=fast", &err));
  EXPECT_NE(err.find("textbook annex_g"), std::string::npos) << err;
}

}  // namespace
}  // namespace redsem
