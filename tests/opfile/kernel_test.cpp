// SPDX-License-Identifier: BSD-3-Clause
// An op file as a kernel: an element_op and a real MPI_User_function that the model's
// MPI_Reduce_local calls, and MINLOC/MAXLOC written as op files agreeing with the predefined ops.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/element_compare.h"
#include "model/opfile/user_function.h"
#include "model/reduce_local.h"

namespace redsem::opfile {
namespace {

std::shared_ptr<const concrete_op> example(const std::string& file, const std::string& type) {
  const auto r = load_op_path(std::string(REDSEM_SOURCE_DIR) + "/examples/ops/" + file);
  if (!r.op) throw std::runtime_error(r.error.to_string());
  return std::make_shared<const concrete_op>(*r.op->instance(type), policy{});
}

template <class V>
struct pair_of {
  V value;
  int index;
};

// Every pair over `values` × indices 0..2, both orders: the op file and the predefined op agree bytewise.
template <class V>
void expect_same_as_predefined(const std::string& file, const std::string& type, op_id op, basic_type pair_type,
                               const std::vector<V>& values) {
  const auto from_file = make_element_op(example(file, type));
  const auto predefined = predefined_element_op(op, pair_type, policy{});
  ASSERT_EQ(from_file.type.extent(), datatype::predefined(pair_type).extent());
  std::vector<pair_of<V>> elements;
  for (V v : values)
    for (int i = 0; i < 3; ++i) elements.push_back({v, i});
  for (const auto& a : elements) {
    for (const auto& b : elements) {
      pair_of<V> x{}, y{};
      std::memset(&x, 0, sizeof x);
      std::memset(&y, 0, sizeof y);
      const auto* pa = reinterpret_cast<const std::byte*>(&a);
      const auto* pb = reinterpret_cast<const std::byte*>(&b);
      from_file.combine(pa, pb, reinterpret_cast<std::byte*>(&x));
      predefined.combine(pa, pb, reinterpret_cast<std::byte*>(&y));
      ASSERT_TRUE(same_element(predefined.type, reinterpret_cast<std::byte*>(&x), reinterpret_cast<std::byte*>(&y),
                               policy{}))
          << file << " " << type << ": " << format_element(predefined.type, pa) << " ∘ "
          << format_element(predefined.type, pb) << " = " << format_element(predefined.type, reinterpret_cast<std::byte*>(&x))
          << ", predefined gives " << format_element(predefined.type, reinterpret_cast<std::byte*>(&y));
    }
  }
}

TEST(OpFileKernel, MinlocAndMaxlocFilesAgreeWithThePredefinedOps) {
  const std::vector<int> ints{std::numeric_limits<int>::min(), -2, -1, 0, 1, 2, std::numeric_limits<int>::max()};
  expect_same_as_predefined<int>("minloc.op", "int32", op_id::minloc, basic_type::two_int, ints);
  expect_same_as_predefined<int>("maxloc.op", "int32", op_id::maxloc, basic_type::two_int, ints);
  const std::vector<short> shorts{-32768, -1, 0, 1, 32767};
  expect_same_as_predefined<short>("minloc.op", "int16", op_id::minloc, basic_type::short_int, shorts);
  expect_same_as_predefined<short>("maxloc.op", "int16", op_id::maxloc, basic_type::short_int, shorts);
  const std::vector<long> longs{std::numeric_limits<long>::min(), -1, 0, 1, std::numeric_limits<long>::max()};
  expect_same_as_predefined<long>("minloc.op", "int64", op_id::minloc, basic_type::long_int, longs);
  // Floats agree while no NaN occurs (with one, MPI says nothing and the policy decides): ±0 and ±inf included.
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> doubles{-inf, -1.5, -0.0, 0.0, 1.5, inf};
  expect_same_as_predefined<double>("minloc.op", "double", op_id::minloc, basic_type::double_int, doubles);
  expect_same_as_predefined<double>("maxloc.op", "double", op_id::maxloc, basic_type::double_int, doubles);
  const std::vector<float> floats{-0.0f, 0.0f, 2.5f};
  expect_same_as_predefined<float>("minloc.op", "float", op_id::minloc, basic_type::float_int, floats);
}

TEST(OpFileKernel, UserFunctionRunsUnderTheModelsReduceLocal) {
  const auto op = example("segmented_sum_normalised.op", "int32");
  const user_function_binding binding(op);
  EXPECT_FALSE(binding.op().commute);
  EXPECT_EQ(binding.op().name, "SEGMENTED_SUM_NORMALISED");
  address_space space;
  const region_id mem = space.allocate("mem", 64);
  const std::vector<pair_of<int>> in{{5, 0}, {5, 1}, {5, 0}}, inout{{7, 0}, {7, 0}, {7, 3}};
  std::memcpy(space.bytes(mem).data(), in.data(), 24);
  std::memcpy(space.bytes(mem).data() + 32, inout.data(), 24);
  const outcome o = reduce_local(space, buffer{mem, 0, 3, op->type()}, buffer{mem, 32, 3, op->type()}, &binding.op(), policy{});
  ASSERT_TRUE(o.is_done()) << o.message();
  std::vector<pair_of<int>> out(3);
  std::memcpy(out.data(), space.bytes(mem).data() + 32, 24);
  EXPECT_EQ(out[0].value, 12);  // in ∘ inout: in is the left operand
  EXPECT_EQ(out[0].index, 0);
  EXPECT_EQ(out[1].value, 12);
  EXPECT_EQ(out[1].index, 1);
  EXPECT_EQ(out[2].value, 7);  // a segment starts at the right operand
  EXPECT_EQ(out[2].index, 1);
}

TEST(OpFileKernel, TrampolinesAreReleasedWithTheirBinding) {
  const auto op = example("minloc.op", "int32");
  std::vector<std::unique_ptr<user_function_binding>> held;
  for (int i = 0; i < user_function_slots; ++i) held.push_back(std::make_unique<user_function_binding>(op));
  EXPECT_THROW(user_function_binding{op}, std::runtime_error);
  user_function* second = held[1]->op().function;
  held[1].reset();
  const user_function_binding again(op);
  EXPECT_EQ(again.op().function, second);
  EXPECT_NE(held[0]->op().function, second);
}

}  // namespace
}  // namespace redsem::opfile
