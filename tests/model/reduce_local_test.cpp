// SPDX-License-Identifier: BSD-3-Clause
// MPI_Reduce_local in the model (MPI-4.1 §7.9.7): operand order, and every erroneous call
// reported with its rule while writing nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "model/reduce_local.h"
#include "model_fixture.h"

namespace redsem {
namespace {

using testing::bytes_of;
using testing::get;
using testing::put;

using testing::digits_op;
using testing::int_t;

struct reduce_local_test : ::testing::Test {
  address_space space;
  region_id mem = space.allocate("mem", 64, std::byte{0xAB});
  policy p;

  // Runs the call and checks it was refused for `expected` without changing a byte.
  void expect_refused(const buffer_arg& in, const buffer_arg& io, const op_ref& op, rule expected) {
    const auto before = bytes_of(space, mem);
    const outcome o = reduce_local(space, in, io, op, p);
    ASSERT_FALSE(o.is_done());
    EXPECT_EQ(o.broken_rule(), expected) << o.message();
    EXPECT_FALSE(o.evidence().empty());
    EXPECT_EQ(bytes_of(space, mem), before) << "an erroneous call wrote memory";
  }
};

TEST_F(reduce_local_test, non_commutative_user_op_keeps_in_as_left_operand) {
  put<int>(space, mem, 0, {1, 2, 3});
  put<int>(space, mem, 16, {4, 5, 6});
  ASSERT_TRUE(reduce_local(space, buffer{mem, 0, 3, int_t}, buffer{mem, 16, 3, int_t}, &digits_op, p).is_done());
  EXPECT_EQ(get<int>(space, mem, 16, 3), (std::vector<int>{14, 25, 36}));  // io = in ∘ io
  EXPECT_EQ(get<int>(space, mem, 0, 3), (std::vector<int>{1, 2, 3}));
}

TEST_F(reduce_local_test, predefined_op_combines_elementwise) {
  put<int>(space, mem, 0, {1, -2, 3});
  put<int>(space, mem, 16, {10, 20, 30});
  ASSERT_TRUE(reduce_local(space, buffer{mem, 0, 3, int_t}, buffer{mem, 16, 3, int_t}, op_id::sum, p).is_done());
  EXPECT_EQ(get<int>(space, mem, 16, 3), (std::vector<int>{11, 18, 33}));
}

// Under the C-ternary policy MAX is not commutative (max(NaN,1) = 1, max(1,NaN) = NaN), which
// shows that the predefined path, too, takes inbuf as the left operand.
TEST_F(reduce_local_test, predefined_op_keeps_in_as_left_operand) {
  const datatype flt = datatype::predefined(basic_type::float_);
  p.minmax_nan = nan_rule::c_ternary;
  put<float>(space, mem, 0, {std::numeric_limits<float>::quiet_NaN(), 1.f});
  put<float>(space, mem, 16, {1.f, std::numeric_limits<float>::quiet_NaN()});
  ASSERT_TRUE(reduce_local(space, buffer{mem, 0, 2, flt}, buffer{mem, 16, 2, flt}, op_id::max, p).is_done());
  const auto r = get<float>(space, mem, 16, 2);
  EXPECT_EQ(r[0], 1.f);             // max(NaN, 1)
  EXPECT_TRUE(std::isnan(r[1]));    // max(1, NaN)
}

TEST_F(reduce_local_test, padding_bytes_are_left_alone) {
  const auto pair = datatype::predefined(basic_type::double_int);
  struct di { double v; int i; };
  const di a{1.0, 4}, b{1.0, 2};
  std::memcpy(space.bytes(mem).data(), &a, 12);
  std::memcpy(space.bytes(mem).data() + 32, &b, 12);
  ASSERT_TRUE(reduce_local(space, buffer{mem, 0, 1, pair}, buffer{mem, 32, 1, pair}, op_id::minloc, p).is_done());
  EXPECT_EQ(get<int>(space, mem, 40, 1)[0], 2);
  for (int k = 44; k < 48; ++k) EXPECT_EQ(space.bytes(mem)[static_cast<std::size_t>(k)], std::byte{0xAB}) << k;
}

TEST_F(reduce_local_test, interleaved_strided_buffers_are_not_aliased) {
  const auto every_other = datatype::vector(2, 1, 2, int_t);
  p.derived = derived_rule::lenient;
  put<int>(space, mem, 0, {1, 10, 2, 20});
  ASSERT_TRUE(reduce_local(space, buffer{mem, 0, 1, every_other}, buffer{mem, 4, 1, every_other}, op_id::sum, p)
                  .is_done());
  EXPECT_EQ(get<int>(space, mem, 0, 4), (std::vector<int>{1, 11, 2, 22}));
}

TEST_F(reduce_local_test, erroneous_calls_name_their_rule_and_write_nothing) {
  const buffer a{mem, 0, 2, int_t}, b{mem, 16, 2, int_t};
  expect_refused(in_place, b, op_id::sum, rule::in_place_forbidden);
  expect_refused(a, in_place, op_id::sum, rule::in_place_forbidden);
  expect_refused(buffer{mem, 0, -1, int_t}, buffer{mem, 16, -1, int_t}, op_id::sum, rule::negative_count);
  expect_refused(a, b, op_id::replace, rule::rma_only_op);
  expect_refused(a, b, op_id::no_op, rule::rma_only_op);
  expect_refused(a, b, op_id::minloc, rule::op_not_for_type);
  const datatype flt = datatype::predefined(basic_type::float_);
  expect_refused(buffer{mem, 0, 2, flt}, buffer{mem, 16, 2, flt}, op_id::band, rule::op_not_for_type);
  const datatype chr = datatype::predefined(basic_type::char_);
  expect_refused(buffer{mem, 0, 2, chr}, buffer{mem, 16, 2, chr}, op_id::max, rule::character_type);
  const datatype pair2 = datatype::contiguous(2, int_t);
  expect_refused(buffer{mem, 0, 1, pair2}, buffer{mem, 16, 1, pair2}, op_id::sum, rule::derived_type_with_predefined_op);
  expect_refused(a, buffer{mem, 16, 3, int_t}, op_id::sum, rule::type_signature_mismatch);
  expect_refused(a, buffer{mem, 16, 2, datatype::predefined(basic_type::int32)}, op_id::sum,
                 rule::type_signature_mismatch);
  expect_refused(a, a, op_id::sum, rule::inout_aliases_input);                      // exact
  expect_refused(a, buffer{mem, 4, 2, int_t}, op_id::sum, rule::inout_aliases_input);  // partial
  expect_refused(a, buffer{mem, 60, 2, int_t}, op_id::sum, rule::out_of_bounds);
  const auto squeezed = datatype::contiguous(2, datatype::resized(int_t, 0, 2));
  p.derived = derived_rule::lenient;
  expect_refused(buffer{mem, 0, 1, squeezed}, buffer{mem, 16, 1, squeezed}, op_id::sum,
                 rule::inout_overlapping_entries);
  const user_op no_function{"none", nullptr, true};
  expect_refused(a, b, &no_function, rule::null_user_function);
}

TEST_F(reduce_local_test, derived_types_are_applied_per_element_when_lenient) {
  const datatype pair2 = datatype::contiguous(2, int_t);
  put<int>(space, mem, 0, {1, 2});
  put<int>(space, mem, 16, {3, 4});
  p.derived = derived_rule::lenient;
  ASSERT_TRUE(reduce_local(space, buffer{mem, 0, 1, pair2}, buffer{mem, 16, 1, pair2}, op_id::prod, p).is_done());
  EXPECT_EQ(get<int>(space, mem, 16, 2), (std::vector<int>{3, 8}));
}

TEST_F(reduce_local_test, signed_overflow_is_an_error_only_when_the_policy_says_so) {
  put<int>(space, mem, 0, {std::numeric_limits<int>::max()});
  put<int>(space, mem, 16, {1});
  p.overflow = overflow_rule::erroneous;
  expect_refused(buffer{mem, 0, 1, int_t}, buffer{mem, 16, 1, int_t}, op_id::sum, rule::signed_overflow);
  p.overflow = overflow_rule::wrap;
  ASSERT_TRUE(reduce_local(space, buffer{mem, 0, 1, int_t}, buffer{mem, 16, 1, int_t}, op_id::sum, p).is_done());
  EXPECT_EQ(get<int>(space, mem, 16, 1)[0], std::numeric_limits<int>::min());
}

TEST_F(reduce_local_test, count_zero_is_a_no_op) {
  const auto before = bytes_of(space, mem);
  EXPECT_TRUE(reduce_local(space, buffer{mem, 0, 0, int_t}, buffer{mem, 0, 0, int_t}, op_id::sum, p).is_done());
  EXPECT_EQ(bytes_of(space, mem), before);
}

}  // namespace
}  // namespace redsem
