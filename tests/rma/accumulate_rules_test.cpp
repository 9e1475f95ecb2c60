// SPDX-License-Identifier: BSD-3-Clause
// Every argument rule of MPI-4.1 §13.3.4: an erroneous call names its rule and changes nothing.
#include <gtest/gtest.h>

#include "tests/rma/rma_fixture.h"

namespace redsem::rma {
namespace {

using namespace testing;

class RmaRules : public ::testing::Test {
 protected:
  RmaRules() : s(2, 64, 4, window_info{}, policy{}) {
    origin = s.allocate("origin", 64);
    result = s.allocate("result", 64);
    write<int>(s.space(), s.window_memory(1), 0, {1, 2, 3, 4, 5, 6, 7, 8});
    write<int>(s.space(), origin, 0, {10, 20, 30, 40});
    s.fence();
  }

  // Issues c, completes it, and returns its outcome; checks that an erroneous call wrote nothing.
  rma_outcome run(const accumulate_call& c) {
    const auto window_before = read<std::byte>(s.space(), s.window_memory(1), 0, 64);
    const auto result_before = read<std::byte>(s.space(), result, 0, 64);
    const issued i = s.issue(c);
    s.fence();
    if (!i.outcome.is_done()) {
      EXPECT_EQ(read<std::byte>(s.space(), s.window_memory(1), 0, 64), window_before) << i.outcome.message();
      EXPECT_EQ(read<std::byte>(s.space(), result, 0, 64), result_before) << i.outcome.message();
    }
    return i.outcome;
  }
  rma_rule rule_of(const accumulate_call& c) {
    const rma_outcome o = run(c);
    EXPECT_FALSE(o.is_done());
    return o.broken_rule();
  }
  buffer ints(region_id r, std::int64_t n, std::int64_t offset = 0) { return buffer{r, offset, n, predefined(basic_type::int_)}; }

  session s;
  region_id origin{}, result{};
};

TEST_F(RmaRules, SumAddsOriginToTargetThroughADerivedTargetType) {
  // Every other int of the window, from displacement 1 (disp_unit 4): elements 1, 3, 5, 7.
  const datatype every_other = datatype::vector(4, 1, 2, predefined(basic_type::int_));
  ASSERT_TRUE(run(call(call_kind::accumulate, 0, ints(origin, 4), 1, 1, 1, every_other, op_id::sum)).is_done());
  EXPECT_EQ(read<int>(s.space(), s.window_memory(1), 0, 8), (std::vector<int>{1, 12, 3, 24, 5, 36, 7, 48}));
}

TEST_F(RmaRules, ReplaceTakesTheOriginValueNoOpKeepsTheTarget) {
  ASSERT_TRUE(run(call(call_kind::accumulate, 0, ints(origin, 2), 1, 0, 2, predefined(basic_type::int_), op_id::replace))
                  .is_done());
  EXPECT_EQ(read<int>(s.space(), s.window_memory(1), 0, 3), (std::vector<int>{10, 20, 3}));
  auto c = call(call_kind::get_accumulate, 0, ints(origin, 2), 1, 0, 2, predefined(basic_type::int_), op_id::no_op);
  c.result = ints(result, 2);
  ASSERT_TRUE(run(c).is_done());
  EXPECT_EQ(read<int>(s.space(), result, 0, 2), (std::vector<int>{10, 20}));
  EXPECT_EQ(read<int>(s.space(), s.window_memory(1), 0, 3), (std::vector<int>{10, 20, 3}));
}

TEST_F(RmaRules, GetAccumulateReturnsTheValuesBeforeTheUpdate) {
  auto c = call(call_kind::get_accumulate, 0, ints(origin, 3), 1, 2, 3, predefined(basic_type::int_), op_id::max);
  write<int>(s.space(), origin, 0, {0, 100, 5});
  c.result = ints(result, 3);
  ASSERT_TRUE(run(c).is_done());
  EXPECT_EQ(read<int>(s.space(), result, 0, 3), (std::vector<int>{3, 4, 5}));
  EXPECT_EQ(read<int>(s.space(), s.window_memory(1), 8, 3), (std::vector<int>{3, 100, 5}));
}

TEST_F(RmaRules, UserDefinedOpsAreRejected) {
  static const user_op mine{"mine", nullptr, true};
  EXPECT_EQ(rule_of(call(call_kind::accumulate, 0, ints(origin, 1), 1, 0, 1, predefined(basic_type::int_), &mine)),
            rma_rule::user_op_in_accumulate);
}

TEST_F(RmaRules, NoOpIsRejectedInAccumulateButNotInFetchAndOp) {
  EXPECT_EQ(rule_of(call(call_kind::accumulate, 0, ints(origin, 1), 1, 0, 1, predefined(basic_type::int_), op_id::no_op)),
            rma_rule::no_op_in_accumulate);
  EXPECT_TRUE(run(fetch_and_op_call(0, origin, 0, result, 0, predefined(basic_type::int_), 1, 0, op_id::no_op)).is_done());
  EXPECT_EQ(read<int>(s.space(), result, 0, 1)[0], 1);
}

TEST_F(RmaRules, OpMustSuitTheType) {
  const buffer floats{origin, 0, 1, predefined(basic_type::float_)};
  EXPECT_EQ(rule_of(call(call_kind::accumulate, 0, floats, 1, 0, 1, predefined(basic_type::float_), op_id::band)),
            rma_rule::op_not_for_type);
  const buffer chars{origin, 0, 1, predefined(basic_type::char_)};
  EXPECT_EQ(rule_of(call(call_kind::accumulate, 0, chars, 1, 0, 1, predefined(basic_type::char_), op_id::sum)),
            rma_rule::op_not_for_type);
}

TEST_F(RmaRules, DerivedTypesMustBeBuiltFromOnePredefinedType) {
  const datatype mixed = datatype::structure({1, 1}, {0, 4}, {predefined(basic_type::int_), predefined(basic_type::float_)});
  EXPECT_EQ(rule_of(call(call_kind::accumulate, 0, buffer{origin, 0, 1, mixed}, 1, 0, 1, mixed, op_id::replace)),
            rma_rule::mixed_basic_types);
  const buffer unsigneds{origin, 0, 1, predefined(basic_type::unsigned_)};
  EXPECT_EQ(rule_of(call(call_kind::accumulate, 0, unsigneds, 1, 0, 1, predefined(basic_type::int_), op_id::sum)),
            rma_rule::basic_type_mismatch);
  const datatype two_ints = datatype::contiguous(2, predefined(basic_type::int_));
  EXPECT_TRUE(run(call(call_kind::accumulate, 0, ints(origin, 4), 1, 0, 2, two_ints, op_id::sum)).is_done());
}

TEST_F(RmaRules, TargetEntriesMustNotOverlapAndMustFitTheWindow) {
  const datatype twice = datatype::indexed({1, 1}, {0, 0}, predefined(basic_type::int_));
  EXPECT_EQ(rule_of(call(call_kind::accumulate, 0, ints(origin, 2), 1, 0, 1, twice, op_id::sum)),
            rma_rule::target_overlapping_entries);
  EXPECT_EQ(rule_of(call(call_kind::accumulate, 0, ints(origin, 2), 1, 15, 2, predefined(basic_type::int_), op_id::sum)),
            rma_rule::target_outside_window);
  EXPECT_EQ(rule_of(call(call_kind::accumulate, 0, ints(origin, 1), 1, -1, 1, predefined(basic_type::int_), op_id::sum)),
            rma_rule::negative_displacement);
  EXPECT_EQ(rule_of(call(call_kind::accumulate, 0, ints(origin, 1), 2, 0, 1, predefined(basic_type::int_), op_id::sum)),
            rma_rule::rank_out_of_range);
}

TEST_F(RmaRules, DataMustFitWithoutTruncation) {
  EXPECT_EQ(rule_of(call(call_kind::accumulate, 0, ints(origin, 3), 1, 0, 2, predefined(basic_type::int_), op_id::sum)),
            rma_rule::origin_truncated);
  auto c = call(call_kind::get_accumulate, 0, ints(origin, 2), 1, 0, 2, predefined(basic_type::int_), op_id::sum);
  c.result = ints(result, 1);
  EXPECT_EQ(rule_of(c), rma_rule::result_truncated);
}

TEST_F(RmaRules, OriginAndResultMustBeDisjoint) {
  auto c = call(call_kind::get_accumulate, 0, ints(origin, 2), 1, 0, 2, predefined(basic_type::int_), op_id::sum);
  c.result = ints(origin, 2, 4);
  EXPECT_EQ(rule_of(c), rma_rule::origin_result_overlap);
  EXPECT_EQ(rule_of(fetch_and_op_call(0, origin, 0, origin, 0, predefined(basic_type::int_), 1, 0, op_id::sum)),
            rma_rule::origin_result_overlap);
  // With MPI_NO_OP the origin arguments are ignored, so they may be anything.
  c.op = op_id::no_op;
  c.result = ints(origin, 2, 4);
  EXPECT_TRUE(run(c).is_done());
}

TEST_F(RmaRules, FetchAndOpAndCompareAndSwapTakeOnePredefinedElement) {
  const datatype two = datatype::contiguous(1, predefined(basic_type::int_));
  EXPECT_EQ(rule_of(fetch_and_op_call(0, origin, 0, result, 0, two, 1, 0, op_id::sum)), rma_rule::derived_type_not_allowed);
  EXPECT_EQ(rule_of(compare_and_swap_call(0, origin, 0, origin, 8, result, 0, two, 1, 0)),
            rma_rule::derived_type_not_allowed);
}

TEST_F(RmaRules, CompareAndSwapOnAFloatIsRejected) {
  for (basic_type t : {basic_type::float_, basic_type::double_, basic_type::c_double_complex, basic_type::double_int})
    EXPECT_EQ(rule_of(compare_and_swap_call(0, origin, 0, origin, 32, result, 0, predefined(t), 1, 0)),
              rma_rule::cas_type_not_allowed)
        << to_string(t);
  for (basic_type t : {basic_type::int_, basic_type::integer, basic_type::c_bool, basic_type::byte, basic_type::aint})
    EXPECT_TRUE(run(compare_and_swap_call(0, origin, 0, origin, 32, result, 0, predefined(t), 1, 0)).is_done())
        << to_string(t);
}

TEST_F(RmaRules, CompareAndSwapReplacesOnlyWhenIdentical) {
  write<int>(s.space(), origin, 0, {99});
  write<int>(s.space(), origin, 8, {7});  // compare: differs from target 1
  ASSERT_TRUE(run(compare_and_swap_call(0, origin, 0, origin, 8, result, 0, predefined(basic_type::int_), 1, 0)).is_done());
  EXPECT_EQ(read<int>(s.space(), s.window_memory(1), 0, 1)[0], 1);
  EXPECT_EQ(read<int>(s.space(), result, 0, 1)[0], 1);
  write<int>(s.space(), origin, 8, {1});  // compare: equals target
  ASSERT_TRUE(run(compare_and_swap_call(0, origin, 0, origin, 8, result, 0, predefined(basic_type::int_), 1, 0)).is_done());
  EXPECT_EQ(read<int>(s.space(), s.window_memory(1), 0, 1)[0], 99);
  EXPECT_EQ(rule_of(compare_and_swap_call(0, origin, 0, result, 0, result, 0, predefined(basic_type::int_), 1, 0)),
            rma_rule::compare_result_overlap);
}

}  // namespace
}  // namespace redsem::rma
