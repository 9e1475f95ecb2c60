// Correct kernels pass every generated case, tricky ones included; a kernel that follows
// another NaN/±0 policy is named as such, and passes under that policy.
#include <gtest/gtest.h>

#include "test_kernels.h"

namespace redsem::fuzz {
namespace {

using testing::against_model;
using testing::fuzz;

void expect_passes(const differential& d) {
  const fuzz_report r = fuzz(d);
  EXPECT_EQ(r.cases_run, 1500);
  EXPECT_FALSE(r.first_failure.has_value()) << d.kernel().name << " failed; replay seed "
                                            << r.first_failure->replay_seed;
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
  const fuzz_report r = fuzz(against_model(REDSEM_CORRECT_KERNELS, "max_float_c_ternary", op_id::max, basic_type::float_));
  ASSERT_TRUE(r.first_failure.has_value());
  const failure& f = *r.first_failure;
  ASSERT_EQ(f.minimal_result.verdict, verdict_kind::policy_choice);
  EXPECT_EQ(f.minimal.count, 1);
  ASSERT_TRUE(f.original_result.right_under.has_value());
  policy named = *f.original_result.right_under;
  EXPECT_TRUE(named.minmax_nan == nan_rule::c_ternary || named.minmax_zero == zero_rule::c_ternary)
      << to_string(named);

  policy c_ternary;
  c_ternary.minmax_nan = nan_rule::c_ternary;
  c_ternary.minmax_zero = zero_rule::c_ternary;
  expect_passes(against_model(REDSEM_CORRECT_KERNELS, "max_float_c_ternary", op_id::max, basic_type::float_, c_ternary));
}

}  // namespace
}  // namespace redsem::fuzz
