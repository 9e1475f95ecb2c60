// SPDX-License-Identifier: BSD-3-Clause
// Correct kernels pass every generated case, tricky ones included; a kernel that follows
// another NaN/±0 policy is named as such, and passes under that policy.
#include <gtest/gtest.h>

#include <cstring>

#include "test_kernels.h"

namespace redsem::fuzz {
namespace {

using testing::against_model;
using testing::fuzz;

void expect_passes(const differential& d) {
  const fuzz_report r = fuzz(d);
  EXPECT_EQ(r.cases_run, 1500);
  EXPECT_FALSE(r.first_failure.has_value())
      << d.kernel().name << " failed; replay seed " << r.first_failure->replay_seed;
}

TEST(FuzzCorrectKernels, UnrolledInt32SumPasses) {
  expect_passes(against_model(REDSEM_CORRECT_KERNELS, "sum_int32_unrolled", op_id::sum, basic_type::int32));
}

TEST(FuzzCorrectKernels, FloatSumThroughDoubleRoundedOncePasses) {
  expect_passes(against_model(REDSEM_CORRECT_KERNELS, "sum_float_via_double", op_id::sum, basic_type::float_));
}

TEST(FuzzCorrectKernels, IeeeDoubleMaxPasses) {
  expect_passes(against_model(REDSEM_CORRECT_KERNELS, "max_double_ieee", op_id::max, basic_type::double_));
}

TEST(FuzzCorrectKernels, Minloc2IntPasses) {
  expect_passes(against_model(REDSEM_CORRECT_KERNELS, "minloc_2int", op_id::minloc, basic_type::two_int));
}

TEST(FuzzCorrectKernels, LogicalAndPasses) {
  expect_passes(against_model(REDSEM_CORRECT_KERNELS, "land_int", op_id::land, basic_type::int_));
}

TEST(FuzzCorrectKernels, WrappingInt8SumPasses) {
  expect_passes(against_model(REDSEM_CORRECT_KERNELS, "sum_int8_wrapping", op_id::sum, basic_type::int8));
}

TEST(FuzzCorrectKernels, CTernaryMaxIsRightUnderTheCTernaryPolicyOnly) {
  const fuzz_report r =
      fuzz(against_model(REDSEM_CORRECT_KERNELS, "max_float_c_ternary", op_id::max, basic_type::float_));
  ASSERT_TRUE(r.first_failure.has_value());
  const failure& f = *r.first_failure;
  ASSERT_EQ(f.minimal_result.verdict, verdict_kind::policy_choice);
  EXPECT_EQ(f.minimal.count, 1);
  ASSERT_TRUE(f.original_result.right_under.has_value());
  EXPECT_FALSE(f.original_result.right_under->swapped);
  policy named = f.original_result.right_under->semantics;
  EXPECT_TRUE(named.minmax_nan == nan_rule::c_ternary || named.minmax_zero == zero_rule::c_ternary) << to_string(named);
  // One policy for the failure: the shrunk case is named by the policy the found case needs
  // (it was once "right under minmax_nan=ignore", which the found case's NaNs contradict).
  ASSERT_TRUE(f.minimal_result.right_under.has_value());
  EXPECT_EQ(*f.minimal_result.right_under, *f.original_result.right_under)
      << to_string(f.minimal_result.right_under->semantics);

  policy c_ternary;
  c_ternary.minmax_nan = nan_rule::c_ternary;
  c_ternary.minmax_zero = zero_rule::c_ternary;
  expect_passes(
      against_model(REDSEM_CORRECT_KERNELS, "max_float_c_ternary", op_id::max, basic_type::float_, c_ternary));
}

TEST(FuzzCorrectKernels, InoutFirstTernaryIsTheCTernaryWithTheOperandsSwapped) {
  const fuzz_report r =
      fuzz(against_model(REDSEM_CORRECT_KERNELS, "max_float_inout_first", op_id::max, basic_type::float_));
  ASSERT_TRUE(r.first_failure.has_value());
  const case_result& found = r.first_failure->original_result;
  ASSERT_EQ(found.verdict, verdict_kind::policy_choice);
  EXPECT_TRUE(found.right_under->swapped);
  EXPECT_TRUE(found.right_under->semantics.minmax_nan == nan_rule::c_ternary ||
              found.right_under->semantics.minmax_zero == zero_rule::c_ternary)
      << to_string(found.right_under->semantics);
  const case_result& minimal = r.first_failure->minimal_result;
  ASSERT_EQ(minimal.verdict, verdict_kind::policy_choice);
  EXPECT_EQ(*minimal.right_under, *found.right_under) << to_string(minimal.right_under->semantics);
}

// The 3-operand form (out = a ∘ b, out a third buffer): right, and with its last element lost.
kernel_under_test three_operand_int32_sum(bool drop_last) {
  return three_operand_kernel(
      drop_last ? "3-operand sum dropping the last element" : "3-operand sum",
      [drop_last](const std::byte* a, const std::byte* b, std::byte* out, std::int64_t count) {
        for (std::int64_t k = 0; k < count; ++k) {
          std::uint32_t x, y;
          std::memcpy(&x, a + 4 * k, 4);
          std::memcpy(&y, b + 4 * k, 4);
          const std::uint32_t z = drop_last && k + 1 == count ? y : x + y;
          std::memcpy(out + 4 * k, &z, 4);
        }
        return 0;
      },
      4);
}

TEST(FuzzThreeOperandKernels, RightOnePassesAndTheOneLosingAnElementIsCaught) {
  const auto o = predefined_oracle(op_id::sum, basic_type::int32);
  expect_passes(differential(o, three_operand_int32_sum(false), {}));
  const fuzz_report r = fuzz(differential(o, three_operand_int32_sum(true), {}));
  ASSERT_TRUE(r.first_failure.has_value());
  EXPECT_EQ(r.first_failure->minimal.count, 1);
}

}  // namespace
}  // namespace redsem::fuzz
