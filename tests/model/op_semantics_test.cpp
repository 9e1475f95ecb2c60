// SPDX-License-Identifier: BSD-3-Clause
// The model's values of the predefined ops: the policy's choices, MPI's tie rules, and no UB.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "model/concrete_domain.h"
#include "model/op_definitions.h"

namespace redsem {
namespace {

template <basic_type B>
element_t<B> apply(op_id op, element_t<B> a, element_t<B> b, const policy& p = {}) {
  const concrete_domain d(p);
  return ops::apply<B>(op, d, p, a, b);
}

constexpr float qnan = std::numeric_limits<float>::quiet_NaN();

bool bits_equal(float x, float y) { return std::memcmp(&x, &y, sizeof x) == 0; }

TEST(op_semantics, signed_integers_wrap_without_ub) {
  EXPECT_EQ(apply<basic_type::int8>(op_id::sum, 127, 1), -128);
  EXPECT_EQ(apply<basic_type::int32>(op_id::prod, std::numeric_limits<int>::min(), -1), std::numeric_limits<int>::min());
  // uint16 × uint16 promotes to int in C++ and would overflow it; the model does not.
  EXPECT_EQ(apply<basic_type::uint16>(op_id::prod, 65535, 65535), 1);
}

TEST(op_semantics, max_with_nan_follows_the_policy) {
  policy p;
  p.minmax_nan = nan_rule::propagate;
  EXPECT_TRUE(std::isnan(apply<basic_type::float_>(op_id::max, qnan, 1.f, p)));
  EXPECT_TRUE(std::isnan(apply<basic_type::float_>(op_id::max, 1.f, qnan, p)));
  p.minmax_nan = nan_rule::ignore;
  EXPECT_EQ(apply<basic_type::float_>(op_id::max, qnan, 1.f, p), 1.f);
  EXPECT_EQ(apply<basic_type::float_>(op_id::min, 1.f, qnan, p), 1.f);
  // `a > b ? a : b`: max(NaN,1) = 1 but max(1,NaN) = NaN (docs/semantics.md §9.1).
  p.minmax_nan = nan_rule::c_ternary;
  EXPECT_EQ(apply<basic_type::float_>(op_id::max, qnan, 1.f, p), 1.f);
  EXPECT_TRUE(std::isnan(apply<basic_type::float_>(op_id::max, 1.f, qnan, p)));
}

TEST(op_semantics, signed_zeros_follow_the_policy) {
  policy p;
  EXPECT_TRUE(bits_equal(apply<basic_type::float_>(op_id::max, -0.f, 0.f, p), 0.f));
  EXPECT_TRUE(bits_equal(apply<basic_type::float_>(op_id::max, 0.f, -0.f, p), 0.f));
  EXPECT_TRUE(bits_equal(apply<basic_type::float_>(op_id::min, 0.f, -0.f, p), -0.f));
  EXPECT_TRUE(bits_equal(apply<basic_type::float_>(op_id::min, -0.f, 0.f, p), -0.f));
  p.minmax_zero = zero_rule::c_ternary;  // the second operand on a tie
  EXPECT_TRUE(bits_equal(apply<basic_type::float_>(op_id::max, 0.f, -0.f, p), -0.f));
  EXPECT_TRUE(bits_equal(apply<basic_type::float_>(op_id::max, -0.f, 0.f, p), 0.f));
}

TEST(op_semantics, loc_ties_keep_the_smaller_index_for_maxloc_too) {
  using P = pair_val<int, int>;
  const P r = apply<basic_type::two_int>(op_id::maxloc, P{5, 7}, P{5, 2});
  EXPECT_EQ(r.value, 5);
  EXPECT_EQ(r.index, 2);
  const P m = apply<basic_type::two_int>(op_id::minloc, P{3, 9}, P{4, 1});
  EXPECT_EQ(m.value, 3);
  EXPECT_EQ(m.index, 9);
}

// Spec §2: with the usual if/else chain, MINLOC((NaN,0),(1,1)) = (1,1) but MINLOC((1,1),(NaN,0)) = (NaN,0).
TEST(op_semantics, minloc_nan_under_the_c_chain_depends_on_order) {
  using P = pair_val<float, int>;
  policy p;
  p.loc_nan = loc_nan_rule::c_chain;
  const P ab = apply<basic_type::float_int>(op_id::minloc, P{qnan, 0}, P{1.f, 1}, p);
  const P ba = apply<basic_type::float_int>(op_id::minloc, P{1.f, 1}, P{qnan, 0}, p);
  EXPECT_EQ(ab.value, 1.f);
  EXPECT_EQ(ab.index, 1);
  EXPECT_TRUE(std::isnan(ba.value));
  EXPECT_EQ(ba.index, 0);
  p.loc_nan = loc_nan_rule::extreme;  // NaN is the minimum, whatever the order
  EXPECT_EQ(apply<basic_type::float_int>(op_id::minloc, P{qnan, 0}, P{1.f, 1}, p).index, 0);
  EXPECT_EQ(apply<basic_type::float_int>(op_id::minloc, P{1.f, 1}, P{qnan, 0}, p).index, 0);
}

TEST(op_semantics, logical_ops_read_and_write_truth_per_policy) {
  EXPECT_EQ(apply<basic_type::int_>(op_id::land, 5, 3), 1);
  EXPECT_EQ(apply<basic_type::int_>(op_id::lxor, 5, 3), 0);
  EXPECT_EQ(apply<basic_type::c_bool>(op_id::lor, 0, 2), 1);  // a non-canonical C_BOOL byte is true
  policy p;
  p.true_value = true_rule::all_ones;
  EXPECT_EQ(apply<basic_type::logical>(op_id::land, 1, 1, p), -1);
  p.truth = truth_rule::low_bit;
  EXPECT_EQ(apply<basic_type::logical>(op_id::lor, 2, 4, p), 0);
}

TEST(op_semantics, complex_product_is_the_textbook_formula) {
  const auto r = apply<basic_type::c_double_complex>(op_id::prod, {1, 2}, {3, 4});
  EXPECT_EQ(r.re, -5);
  EXPECT_EQ(r.im, 10);
}

TEST(op_semantics, replace_and_no_op_pick_origin_and_target) {
  EXPECT_EQ(apply<basic_type::double_>(op_id::replace, 1.0, 2.0), 2.0);
  EXPECT_EQ(apply<basic_type::double_>(op_id::no_op, 1.0, 2.0), 1.0);
}

RC_GTEST_PROP(op_semantics, integer_ops_commute, (std::int16_t a, std::int16_t b)) {
  for (op_id op : {op_id::max, op_id::min, op_id::sum, op_id::prod, op_id::land, op_id::band, op_id::lor, op_id::bor,
                   op_id::lxor, op_id::bxor})
    RC_ASSERT(apply<basic_type::int16>(op, a, b) == apply<basic_type::int16>(op, b, a));
}

RC_GTEST_PROP(op_semantics, minloc_on_int_pairs_associates, (int u, int i, int v, int j, int w, int k)) {
  using P = pair_val<int, int>;
  const P a{u % 4, i % 4}, b{v % 4, j % 4}, c{w % 4, k % 4};  // small ranges make ties likely
  for (op_id op : {op_id::minloc, op_id::maxloc}) {
    const P l = apply<basic_type::two_int>(op, apply<basic_type::two_int>(op, a, b), c);
    const P r = apply<basic_type::two_int>(op, a, apply<basic_type::two_int>(op, b, c));
    RC_ASSERT(l.value == r.value);
    RC_ASSERT(l.index == r.index);
  }
}

}  // namespace
}  // namespace redsem
