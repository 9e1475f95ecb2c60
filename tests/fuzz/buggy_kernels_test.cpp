// SPDX-License-Identifier: BSD-3-Clause
// Each deliberately buggy kernel is caught, shrunk to a minimal case, and its failure
// described by what it needs (a length, an alignment, a special value, a position).
#include <gtest/gtest.h>

#include <cstring>

#include "test_kernels.h"

namespace redsem::fuzz {
namespace {

using testing::conditions_of;
using testing::fuzz;
using testing::has_condition;

failure caught(const differential& d) {
  const fuzz_report r = fuzz(d);
  if (!r.first_failure) throw std::runtime_error(d.kernel().name + " passed " + std::to_string(r.cases_run) + " cases");
  return *r.first_failure;
}

differential buggy(const std::string& symbol, op_id op, basic_type type) {
  return testing::against_model(REDSEM_BUGGY_KERNELS, symbol, op, type);
}

TEST(FuzzBuggyKernels, DroppedTailShrinksToOneElement) {
  const failure f = caught(buggy("sum_int32_dropped_tail", op_id::sum, basic_type::int32));
  EXPECT_EQ(f.minimal_result.verdict, verdict_kind::wrong);
  EXPECT_EQ(f.minimal.count, 1);
  EXPECT_EQ(f.minimal.in_offset, 0);
  EXPECT_EQ(f.minimal.inout_offset, 0);
  EXPECT_TRUE(has_condition(f, "position", "different results by position")) << conditions_of(f);
}

TEST(FuzzBuggyKernels, MinlocTieRuleShrinksToATie) {
  const failure f = caught(buggy("minloc_2int_keeps_inout_index_on_tie", op_id::minloc, basic_type::two_int));
  EXPECT_EQ(f.minimal_result.verdict, verdict_kind::wrong);
  ASSERT_EQ(f.minimal.count, 1);
  int in[2], inout[2];
  std::memcpy(in, f.minimal.in.data(), sizeof in);
  std::memcpy(inout, f.minimal.inout.data(), sizeof inout);
  EXPECT_EQ(in[0], inout[0]) << "a tie on the value";
  EXPECT_LT(in[1], inout[1]) << "the smaller index is inbuf's";
}

TEST(FuzzBuggyKernels, SignedCompareOfUnsignedIsCaught) {
  const failure f = caught(buggy("max_unsigned_compared_signed", op_id::max, basic_type::unsigned_));
  EXPECT_EQ(f.minimal_result.verdict, verdict_kind::wrong);
  EXPECT_EQ(f.minimal.count, 1);
}

TEST(FuzzBuggyKernels, LogicalOpDoneBitwiseIsCaught) {
  const failure f = caught(buggy("land_int_bitwise", op_id::land, basic_type::int_));
  EXPECT_EQ(f.minimal_result.verdict, verdict_kind::wrong);
  EXPECT_EQ(f.minimal.count, 1);
}

TEST(FuzzBuggyKernels, LostPrecisionIsCaught) {
  const failure f = caught(buggy("sum_double_through_float", op_id::sum, basic_type::double_));
  EXPECT_EQ(f.minimal_result.verdict, verdict_kind::wrong);
  EXPECT_EQ(f.minimal.count, 1);
}

TEST(FuzzBuggyKernels, MisalignedPrologueOnlyAtUnalignedInoutOffsets) {
  const failure f = caught(buggy("sum_int32_misaligned_prologue", op_id::sum, basic_type::int32));
  EXPECT_EQ(f.minimal_result.verdict, verdict_kind::wrong);
  EXPECT_NE(f.minimal.inout_offset % 4, 0);
  // Which misaligned offsets skip an element depends on the length; never an aligned one.
  EXPECT_TRUE(has_condition(f, "alignment", "only at inoutbuf offset")) << conditions_of(f);
  for (const auto& c : f.conditions)
    if (c.kind == "alignment") {
      const auto list = c.text.substr(0, c.text.find(" ("));
      EXPECT_EQ(list.find('0'), std::string::npos) << c.text;
      EXPECT_EQ(list.find('4'), std::string::npos) << c.text;
    }
}

TEST(FuzzBuggyKernels, SaturatingBodyOnlyAtLengthSixteen) {
  const failure f = caught(buggy("sum_int8_saturating_body", op_id::sum, basic_type::int8));
  EXPECT_EQ(f.minimal_result.verdict, verdict_kind::wrong);
  EXPECT_EQ(f.minimal.count, 16);
  EXPECT_TRUE(has_condition(f, "length", "only at length >= 16")) << conditions_of(f);
  EXPECT_TRUE(has_condition(f, "position", "different results by position")) << conditions_of(f);
  EXPECT_TRUE(has_condition(f, "position", "body/tail disagreement with max ∘ 1")) << conditions_of(f);
}

TEST(FuzzBuggyKernels, NanBodyTailDisagreementIsAPolicyDifferenceThatDependsOnPosition) {
  const failure f = caught(buggy("max_float_nan_body_tail", op_id::max, basic_type::float_));
  EXPECT_NE(f.minimal_result.verdict, verdict_kind::wrong) << "every element follows some NaN/±0 policy";
  // A body of 8 on its own (one other policy fits), or a body and one tail element that follow
  // different policies.
  EXPECT_EQ(f.minimal.count, f.minimal_result.verdict == verdict_kind::policy_choice ? 8 : 9);
  EXPECT_TRUE(has_condition(f, "position", "different results by position")) << conditions_of(f);
  EXPECT_TRUE(has_condition(f, "value", "only with NaN in inbuf")) << conditions_of(f);
  EXPECT_TRUE(has_condition(f, "position", "body/tail disagreement with NaN in inbuf")) << conditions_of(f);
  EXPECT_TRUE(has_condition(f, "position", "body/tail disagreement with +0 ∘ -0")) << conditions_of(f);
}

TEST(FuzzBuggyKernels, SwappedOperandsOfANonCommutativeUserOpAreCaught) {
  const auto reference = testing::load(REDSEM_CORRECT_KERNELS, "affine_int");
  const user_op affine{"affine_int", reference.function, false};
  const auto o = user_function_oracle(affine, datatype::predefined(basic_type::int_));
  const differential d(o, loaded_function_kernel(testing::load(REDSEM_BUGGY_KERNELS, "affine_int_swapped"), o.type),
                       {});
  const failure f = caught(d);
  EXPECT_EQ(f.minimal_result.verdict, verdict_kind::wrong);
  EXPECT_EQ(f.minimal.count, 1);
}

}  // namespace
}  // namespace redsem::fuzz
