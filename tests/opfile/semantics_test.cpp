// SPDX-License-Identifier: BSD-3-Clause
// What an op file computes in the concrete domain: operators (shifts and rotations as
// SMT-LIB defines them), MIN/MAX under the policy, the C struct layout of elements, and the
// counterexamples docs/semantics.md states for the seed proposals (§2, §8).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "model/opfile/concrete_op.h"

namespace redsem::opfile {
namespace {

concrete_op load(const std::string& text, const std::string& type = "", const policy& p = {}) {
  const auto r = load_op_text(text, "t.op");
  if (!r.op) throw std::runtime_error(r.error.to_string());
  return concrete_op(*r.op->instance(type), p);
}

concrete_op load_example(const std::string& file, const std::string& type = "") {
  const auto r = load_op_path(std::string(REDSEM_SOURCE_DIR) + "/examples/ops/" + file);
  if (!r.op) throw std::runtime_error(r.error.to_string());
  return concrete_op(*r.op->instance(type), policy{});
}

template <class S>
value<concrete_domain> v(S x) {
  if constexpr (std::is_same_v<S, bool>) return value<concrete_domain>(std::in_place_index<0>, x);
  else if constexpr (std::is_same_v<S, std::int8_t>) return value<concrete_domain>(std::in_place_index<1>, x);
  else if constexpr (std::is_same_v<S, std::int32_t>) return value<concrete_domain>(std::in_place_index<3>, x);
  else if constexpr (std::is_same_v<S, std::uint8_t>) return value<concrete_domain>(std::in_place_index<5>, x);
  else return value<concrete_domain>(std::in_place_index<10>, static_cast<double>(x));
}
concrete_element pair(int value, int index) { return {v<std::int32_t>(value), v<std::int32_t>(index)}; }

// One-field op `result v = EXPR` on type T, applied to (x, y).
template <class T>
T apply1(const std::string& type, const std::string& expr, T x, T y, const policy& p = {}) {
  const concrete_op op = load("op X\nfield v : " + type + "\ncommute false\nresult v = " + expr + "\n", "", p);
  return std::get<T>(op.combine({v<T>(x)}, {v<T>(y)})[0]);
}

TEST(OpFileSemantics, ShiftsAndRotationsReadTheAmountAsUnsigned) {
  EXPECT_EQ(apply1<std::uint8_t>("uint8", "a.v << b.v", 0x81, 1), 0x02);
  EXPECT_EQ(apply1<std::uint8_t>("uint8", "a.v << b.v", 0x81, 8), 0);      // ≥ width: 0, as bvshl
  EXPECT_EQ(apply1<std::int8_t>("int8", "a.v >> b.v", -128, 3), -16);      // arithmetic for signed
  EXPECT_EQ(apply1<std::int8_t>("int8", "a.v >> b.v", -128, -1), -1);      // amount 255: all sign bits
  EXPECT_EQ(apply1<std::uint8_t>("uint8", "a.v >> b.v", 0x80, 7), 1);
  EXPECT_EQ(apply1<std::uint8_t>("uint8", "rotl(a.v, b.v)", 0x81, 1), 0x03);
  EXPECT_EQ(apply1<std::uint8_t>("uint8", "rotl(a.v, b.v)", 0x81, 9), 0x03);  // modulo the width
  EXPECT_EQ(apply1<std::uint8_t>("uint8", "rotr(a.v, b.v)", 0x81, 1), 0xC0);
  EXPECT_EQ(apply1<std::int8_t>("int8", "rotr(a.v, b.v)", 1, 0), 1);
  EXPECT_EQ(apply1<std::int8_t>("int8", "~a.v ^ b.v & 3 | 4", 0, 5), static_cast<std::int8_t>((~0 ^ (5 & 3)) | 4));
}

TEST(OpFileSemantics, ArithmeticWrapsAndRespectsPrecedence) {
  EXPECT_EQ(apply1<std::int8_t>("int8", "a.v + b.v", 127, 1), -128);
  EXPECT_EQ(apply1<std::int8_t>("int8", "-a.v", -128, 0), -128);
  EXPECT_EQ(apply1<std::int32_t>("int32", "a.v + b.v * 2 - 1", 3, 4), 10);
  EXPECT_EQ(apply1<std::int32_t>("int32", "if a.v < b.v && !(b.v == 4) || a.v >= 3 then 1 else 0", 3, 4), 1);
  EXPECT_EQ(apply1<std::int32_t>("int32", "if a.v in {1, 2, 3} then 7 else 8", 3, 0), 7);
}

TEST(OpFileSemantics, MinAndMaxAreMpiMinAndMaxUnderThePolicy) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(std::isnan(apply1<double>("double", "max(a.v, b.v)", 1.0, nan)));  // default: NaN propagates
  policy ternary;
  ternary.minmax_nan = nan_rule::c_ternary;
  EXPECT_EQ(apply1<double>("double", "max(a.v, b.v)", nan, 1.0, ternary), 1.0);  // `a > b ? a : b` gives b
  EXPECT_TRUE(std::signbit(apply1<double>("double", "min(a.v, b.v)", 0.0, -0.0)));
  EXPECT_FALSE(std::signbit(apply1<double>("double", "-a.v", -0.0, 0.0)));
  EXPECT_EQ(apply1<double>("double", "if isnan(a.v) then 1 else 2", nan, 0.0), 1.0);
}

TEST(OpFileSemantics, ElementsAreLaidOutAsTheCStruct) {
  struct c_layout {
    bool flag;
    double value;
    std::int8_t small;
  };
  const concrete_op op = load("op X\nfield flag : bool\nfield value : double\nfield small : int8\ncommute false\n"
                              "result flag = a.flag != b.flag\nresult value = a.value + b.value\nresult small = b.small\n");
  EXPECT_EQ(op.size(), sizeof(c_layout));
  EXPECT_EQ(op.offset(1), offsetof(c_layout, value));
  EXPECT_EQ(op.offset(2), offsetof(c_layout, small));
  EXPECT_EQ(static_cast<std::size_t>(op.type().extent()), sizeof(c_layout));
  c_layout a{true, 1.5, 3}, b{false, 2.0, -4}, out{};
  op.combine(reinterpret_cast<const std::byte*>(&a), reinterpret_cast<const std::byte*>(&b), reinterpret_cast<std::byte*>(&out));
  EXPECT_TRUE(out.flag);
  EXPECT_EQ(out.value, 3.5);
  EXPECT_EQ(out.small, -4);
}

TEST(OpFileSemantics, AllMinAsWrittenGivesTheSpecCounterexample) {
  const concrete_op op = load_example("all_min.op");
  const auto one = pair(1, 0), two = pair(2, 0);
  EXPECT_EQ(format(op.combine(op.combine(one, one), two)), "(1, 0)");
  EXPECT_EQ(format(op.combine(one, op.combine(one, two))), "(1, 1)");
  // Left to right, 1, 2, 1 claims that all values were equal.
  EXPECT_EQ(format(op.combine(op.combine(one, two), one)), "(1, 1)");
}

TEST(OpFileSemantics, SegmentedSumAsWrittenGivesTheSpecCounterexample) {
  const concrete_op op = load_example("segmented_sum.op");
  const auto a = pair(1, 0), b = pair(0, 2), c = pair(0, 0);
  EXPECT_EQ(format(op.combine(op.combine(a, b), c)), "(0, 0)");
  EXPECT_EQ(format(op.combine(a, op.combine(b, c))), "(1, 0)");
}

TEST(OpFileSemantics, OpenMpiMinlocTypoGivesTheSpecCounterexample) {
  const concrete_op op = load_example("minloc_openmpi_typo.op");
  const auto a = pair(0, 0), b = pair(1, 0), c = pair(0, 1);
  EXPECT_EQ(format(op.combine(op.combine(a, b), c)), "(1, 1)");
  EXPECT_EQ(format(op.combine(a, op.combine(b, c))), "(1, 0)");
}

TEST(OpFileSemantics, Section7113ExampleDependsOnBracketing) {
  const concrete_op op = load_example("segscan_7_11_3.op");
  const auto a = pair(5, 0), b = pair(7, 1), c = pair(11, 0);
  EXPECT_EQ(format(op.combine(op.combine(a, b), c)), "(11, 0)");
  EXPECT_EQ(format(op.combine(a, op.combine(b, c))), "(16, 0)");
}

// The replacement computes the segmented sum (runs of equal logicals) under any bracketing.
TEST(OpFileSemantics, RunsScanGivesTheSegmentedSumUnderEveryBracketing) {
  const concrete_op op = load_example("segscan_runs.op");
  const std::vector<int> values{1, 2, 3, 4, 5, 6, 7, 8}, logicals{0, 0, 1, 1, 1, 0, 1, 1};
  const auto leaf = [&](std::size_t i) {
    return concrete_element{v<std::int32_t>(values[i]), v<std::int32_t>(logicals[i]), v<std::int32_t>(logicals[i]), v<bool>(true)};
  };
  // Every bracketing of leaves [lo, hi), recursively: the result must not depend on it.
  std::function<std::vector<concrete_element>(std::size_t, std::size_t)> all = [&](std::size_t lo, std::size_t hi) {
    if (hi - lo == 1) return std::vector<concrete_element>{leaf(lo)};
    std::vector<concrete_element> out;
    for (std::size_t mid = lo + 1; mid < hi; ++mid)
      for (const auto& l : all(lo, mid))
        for (const auto& r : all(mid, hi)) out.push_back(op.combine(l, r));
    return out;
  };
  for (std::size_t n = 1; n <= values.size(); ++n) {
    int expected = 0;  // the sum over the last run of equal logicals in the prefix of length n
    for (std::size_t i = n; i-- > 0 && logicals[i] == logicals[n - 1];) expected += values[i];
    for (const auto& r : all(0, n)) ASSERT_EQ(std::get<std::int32_t>(r[0]), expected) << "prefix " << n;
  }
}

}  // namespace
}  // namespace redsem::opfile
