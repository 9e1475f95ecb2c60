// SPDX-License-Identifier: BSD-3-Clause
// The one table of special values (model/special_values.h): the union of what the law
// pre-search, the op-file checks and the fuzzer each used to list, with no value twice.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "model/special_values.h"

namespace redsem {
namespace {

template <class T>
scalar_bytes bytes(T v) {
  scalar_bytes b{};
  std::memcpy(b.data(), &v, sizeof v < 10 ? sizeof v : 10);
  return b;
}

bool has(scalar_kind k, const scalar_bytes& b) {
  const auto all = special_values(k);
  return std::find(all.begin(), all.end(), b) != all.end();
}

std::size_t count_of(scalar_kind k, value_class c) {
  const auto all = special_values(k);
  return static_cast<std::size_t>(
      std::count_if(all.begin(), all.end(), [&](const scalar_bytes& b) { return classify(k, b.data()) == c; }));
}

TEST(SpecialValues, FloatsHaveEveryNanRoundingValueAndSubnormal) {
  using L = std::numeric_limits<double>;
  for (double v : {0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.3, 1e16, 1.0 / 3, L::infinity(), -L::infinity(), L::max(),
                   L::lowest(), L::min(), L::denorm_min(), L::min() - L::denorm_min(), L::epsilon()})
    EXPECT_TRUE(has(scalar_kind::f64, bytes(v))) << v;
  // Signalling NaNs with payloads (once only the fuzzer's) and quiet NaNs of both signs.
  const auto all = special_values(scalar_kind::f64);
  const auto signalling = std::count_if(all.begin(), all.end(), [](const scalar_bytes& b) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, b.data(), 8);
    const bool nan = ((bits >> 52) & 0x7ff) == 0x7ff && (bits & ((1ull << 52) - 1)) != 0;
    return nan && (bits & (1ull << 51)) == 0;
  });
  EXPECT_GE(signalling, 2);
  EXPECT_GE(count_of(scalar_kind::f64, value_class::nan), 5u);
  EXPECT_GE(count_of(scalar_kind::f80, value_class::nan), 5u);
  EXPECT_GE(count_of(scalar_kind::f32, value_class::subnormal), 3u);
}

TEST(SpecialValues, IntegersHaveTheirWrapPointsAndBitPatterns) {
  using L = std::numeric_limits<std::int32_t>;
  for (std::int32_t v : {0, 1, -1, 2, 3, -2, 100, L::min(), L::max(), L::min() + 1, L::max() - 1, L::max() / 2,
                         L::max() / 2 + 1, 0x55555555, static_cast<std::int32_t>(0xaaaaaaaau)})
    EXPECT_TRUE(has(scalar_kind::i32, bytes(v))) << v;
  EXPECT_TRUE(has(scalar_kind::u8, bytes(std::uint8_t{255})));
}

TEST(SpecialValues, NoValueTwiceAndTheCoreIsAmongThem) {
  for (auto k : {scalar_kind::i8, scalar_kind::u8, scalar_kind::i16, scalar_kind::u16, scalar_kind::i32,
                 scalar_kind::u32, scalar_kind::i64, scalar_kind::u64, scalar_kind::f32, scalar_kind::f64,
                 scalar_kind::f80}) {
    const auto all = special_values(k);
    for (std::size_t i = 0; i < all.size(); ++i)
      EXPECT_EQ(std::find(all.begin() + static_cast<std::ptrdiff_t>(i) + 1, all.end(), all[i]), all.end())
          << to_string(k) << " value " << i << " repeats";
    for (const auto& b : core_special_values(k)) EXPECT_TRUE(has(k, b)) << to_string(k);
    EXPECT_LT(core_special_values(k).size(), all.size());
  }
}

TEST(SpecialValues, FirstOfAClassIsOfThatClass) {
  EXPECT_EQ(classify(scalar_kind::f32, first_special(scalar_kind::f32, value_class::nan).data()), value_class::nan);
  const scalar_bytes negative_zero = first_special(scalar_kind::f64, value_class::negative_zero);
  double d = 0;
  std::memcpy(&d, negative_zero.data(), 8);
  EXPECT_TRUE(d == 0 && std::signbit(d));
  EXPECT_EQ(first_special(scalar_kind::i16, value_class::type_min), bytes(std::numeric_limits<std::int16_t>::min()));
}

}  // namespace
}  // namespace redsem
