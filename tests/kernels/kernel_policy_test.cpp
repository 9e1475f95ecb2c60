// SPDX-License-Identifier: BSD-3-Clause
// Every policy choice the model offers, selected per call: under a non-default choice the
// kernels of the pairs it affects agree with the model under that same policy.
#include <gtest/gtest.h>

#include <vector>

#include "kernel_fixture.h"

namespace redsem::kernels {
namespace {

using testing::call_shape;

std::vector<policy> non_default_policies() {
  std::vector<policy> out;
  const auto with = [&](auto field, auto value) {
    policy p;
    p.*field = value;
    out.push_back(p);
  };
  with(&policy::minmax_nan, nan_rule::ignore);
  with(&policy::minmax_nan, nan_rule::c_ternary);
  with(&policy::minmax_zero, zero_rule::c_ternary);
  with(&policy::loc_nan, loc_nan_rule::c_chain);
  with(&policy::loc_tie, loc_tie_rule::first);
  with(&policy::loc_tie, loc_tie_rule::second);
  with(&policy::complex_prod, complex_prod_rule::annex_g);
  with(&policy::overflow, overflow_rule::erroneous);
  with(&policy::truth, truth_rule::low_bit);
  with(&policy::true_value, true_rule::all_ones);
  return out;
}

TEST(KernelPolicy, every_non_default_choice_matches_the_model) {
  testing::value_source values(0x9011c7);
  int affected = 0;
  for (const policy& p : non_default_policies()) {
    for (auto cls : {op_class::minmax, op_class::arith, op_class::logical, op_class::loc}) {
      testing::for_each_pair(cls, [&](op_id op, basic_type type) {
        if (uses_default_semantics(op, type, p)) return;
        ++affected;
        const auto k = find_kernel(op, type, p);
        ASSERT_TRUE(k.has_value());
        for (std::size_t n : {0, 1, 7, 33, 130})
          for (auto shape : {call_shape::reduce_local, call_shape::reduce_locals}) {
            const std::string diff = testing::compare_with_model(*k, {op, type, shape, p, n, n % 8, 3, 5}, values);
            if (!diff.empty()) ADD_FAILURE() << diff;
          }
      });
    }
  }
  EXPECT_GT(affected, 100);
}

// Not filtered by uses_default_semantics: a pair it wrongly calls unaffected would keep its
// SIMD kernel, which makes the default choices, and differ here.
TEST(KernelPolicy, positional_loc_ties_and_annex_g_products_are_followed) {
  testing::value_source values(0x10c71e);
  std::vector<policy> ps(3);
  ps[0].loc_tie = loc_tie_rule::first;
  ps[1].loc_tie = loc_tie_rule::second;
  ps[2].complex_prod = complex_prod_rule::annex_g;
  for (const policy& p : ps)
    for (auto cls : {op_class::arith, op_class::loc})
      testing::for_each_pair(cls, [&](op_id op, basic_type type) {
        const auto k = find_kernel(op, type, p);
        ASSERT_TRUE(k.has_value());
        for (std::size_t n : {1, 33, 130}) {
          const std::string diff =
              testing::compare_with_model(*k, {op, type, call_shape::reduce_local, p, n, 0, 0, 0}, values);
          if (!diff.empty()) ADD_FAILURE() << diff;
        }
      });
}

TEST(KernelPolicy, signed_overflow_as_error_writes_nothing) {
  policy p;
  p.overflow = overflow_rule::erroneous;
  const auto k = find_kernel(op_id::sum, basic_type::int_, p);
  ASSERT_TRUE(k.has_value());
  int in[3] = {1, 2, 0x7fffffff};
  int io[3] = {10, 20, 1};
  EXPECT_EQ(k->reduce_local(in, io, 3, p), kernel_status::signed_overflow);
  EXPECT_EQ(io[0], 10) << "nothing is written when the call is refused";
  io[2] = 0;
  EXPECT_EQ(k->reduce_local(in, io, 3, p), kernel_status::done);
  EXPECT_EQ(io[0], 11);
}

}  // namespace
}  // namespace redsem::kernels
