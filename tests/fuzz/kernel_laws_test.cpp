// SPDX-License-Identifier: BSD-3-Clause
// The op-file law checker on compiled user functions (props/fuzz/kernel_op.h) and their
// contract with MPI (props/fuzz/kernel_contract.h), on functions linked into the test.
#include <gtest/gtest.h>

#include "props/fuzz/kernel_contract.h"
#include "props/fuzz/kernel_op.h"
#include "props/laws/opfile_check.h"

namespace redsem::fuzz {
namespace {

void sum_int(void* in, void* inout, int* len, void*) {
  const auto* a = static_cast<const unsigned*>(in);
  auto* b = static_cast<unsigned*>(inout);
  for (int i = 0; i < *len; ++i) b[i] += a[i];
}

// inoutvec = invec - inoutvec: neither commutative nor associative.
void subtract_int(void* in, void* inout, int* len, void*) {
  const auto* a = static_cast<const unsigned*>(in);
  auto* b = static_cast<unsigned*>(inout);
  for (int i = 0; i < *len; ++i) b[i] = a[i] - b[i];
}

// Only the first element of each call: what a function that ignores *len computes.
void sum_first_only(void* in, void* inout, int*, void*) {
  *static_cast<unsigned*>(inout) += *static_cast<const unsigned*>(in);
}

kernel_op op_of(user_function* f, const datatype& t, bool* ok) {
  std::string why;
  const auto fields = fields_of(t, &why);
  *ok = fields.has_value();
  return kernel_op(user_function_kernel("f", f, t), t, fields.value_or(element_fields{}), policy{});
}

TEST(KernelLaws, SumIsCommutativeAndAssociativeOnSamples) {
  bool ok = false;
  const auto op = op_of(sum_int, datatype::predefined(basic_type::int_), &ok);
  ASSERT_TRUE(ok);
  const auto r = laws::check_laws(op, true);
  EXPECT_EQ(r.at(laws::law::commutativity).outcome, laws::verdict::holds_on_samples);
  EXPECT_EQ(r.at(laws::law::associativity).outcome, laws::verdict::holds_on_samples);
  EXPECT_FALSE(r.has_error());
  // The batches keep the number of calls far below the number of combinations.
  EXPECT_LT(op.calls(), 200u);
}

TEST(KernelLaws, SubtractionIsRefutedWithTypedSmallCounterexamples) {
  bool ok = false;
  const auto op = op_of(subtract_int, datatype::predefined(basic_type::int_), &ok);
  ASSERT_TRUE(ok);
  const auto r = laws::check_laws(op, true);
  ASSERT_EQ(r.at(laws::law::commutativity).outcome, laws::verdict::refuted);
  EXPECT_EQ(r.at(laws::law::commutativity).claim, "a∘b = -1 but b∘a = 1");
  ASSERT_EQ(r.at(laws::law::associativity).outcome, laws::verdict::refuted);
  EXPECT_TRUE(r.has_error());
}

TEST(KernelLaws, FieldsOfPairAndContiguousTypes) {
  std::string why;
  const auto pair = fields_of(datatype::predefined(basic_type::double_int), &why);
  ASSERT_TRUE(pair);
  EXPECT_EQ(pair->types, (std::vector{opfile::field_type::f64, opfile::field_type::i32}));
  EXPECT_EQ(pair->offsets, (std::vector<std::size_t>{0, 8}));
  const auto four = fields_of(datatype::contiguous(4, datatype::predefined(basic_type::int_)), &why);
  ASSERT_TRUE(four);
  EXPECT_EQ(four->offsets, (std::vector<std::size_t>{0, 4, 8, 12}));
  EXPECT_FALSE(fields_of(datatype::predefined(basic_type::char_), &why));
  EXPECT_NE(why.find("not a reduction type"), std::string::npos);
}

TEST(KernelContract, ElementwiseFunctionKeepsIt) {
  const auto t = datatype::predefined(basic_type::int_);
  const auto r = check_contract(user_function_kernel("sum", sum_int, t), t, policy{});
  EXPECT_FALSE(r.breach);
  EXPECT_GT(r.cases, 0u);
}

TEST(KernelContract, IgnoringLenIsSplitDependentOnTwoElements) {
  const auto t = datatype::predefined(basic_type::int_);
  const auto r = check_contract(user_function_kernel("first", sum_first_only, t), t, policy{});
  ASSERT_TRUE(r.breach);
  EXPECT_EQ(r.breach->kind, contract_breach::split_dependent);
  EXPECT_EQ(r.breach->count, 2);
  EXPECT_EQ(r.breach->element, 1);
}

}  // namespace
}  // namespace redsem::fuzz
