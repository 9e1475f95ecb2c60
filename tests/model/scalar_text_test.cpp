// SPDX-License-Identifier: BSD-3-Clause
// The one parser of typed numbers (model/scalar_text.h): rounded once, straight to the type;
// out of range is an error naming the range; decimal unless 0x is written.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "model/scalar_text.h"

namespace redsem {
namespace {

template <class T>
std::string error_of(const std::string& text) {
  std::string why;
  return parse_number<T>(text, &why) ? std::string("accepted") : why;
}

TEST(ScalarText, FloatsRoundOnceToTheirOwnFormat) {
  // Just above the midpoint of 1 and the next float: through long double it rounded to the midpoint, then to even.
  EXPECT_EQ(std::bit_cast<std::uint32_t>(*parse_number<float>("1.0000000596046447753906250001", nullptr)), 0x3f800001u);
  EXPECT_EQ(std::bit_cast<std::uint32_t>(*parse_number<float>("1.0000000596046447753906249999", nullptr)), 0x3f800000u);
  EXPECT_EQ(*parse_number<double>("0.1", nullptr), 0.1);
  EXPECT_EQ(*parse_number<long double>("0.1", nullptr), 0.1L);
  EXPECT_EQ(*parse_number<double>("0x1p-3", nullptr), 0.125);
  EXPECT_EQ(*parse_number<float>("1.4e-45", nullptr), std::numeric_limits<float>::denorm_min());
}

TEST(ScalarText, FloatsOutsideTheirRangeAreErrors) {
  EXPECT_EQ(error_of<float>("1e39"), "'1e39' is out of range for float (largest finite magnitude 3.40282347e+38)");
  EXPECT_EQ(error_of<float>("-1e39"), "'-1e39' is out of range for float (largest finite magnitude 3.40282347e+38)");
  EXPECT_EQ(error_of<double>("1e39"), "accepted");
  EXPECT_EQ(error_of<double>("1e309").rfind("'1e309' is out of range for double", 0), 0u);
  EXPECT_EQ(error_of<float>("1e-50").rfind("'1e-50' is out of range for float: nonzero but below its smallest", 0), 0u);
  EXPECT_EQ(error_of<float>("0e-50"), "accepted");
  EXPECT_EQ(error_of<float>("-0.000"), "accepted");
  EXPECT_TRUE(std::signbit(*parse_number<float>("-0.0", nullptr)));
  EXPECT_EQ(error_of<float>("inf"), "accepted");
  EXPECT_EQ(error_of<float>("-infinity"), "accepted");
  EXPECT_TRUE(std::isnan(*parse_number<double>("nan", nullptr)));
  EXPECT_TRUE(std::signbit(*parse_number<double>("-nan", nullptr)));
}

TEST(ScalarText, FloatsAreWholeNumbers) {
  for (const char* bad : {"", " 1", "1 ", "1.5x", "x", "0x", "--1", "1e", "nanx"})
    EXPECT_EQ(error_of<double>(bad), "'" + std::string(bad) + "' is not a valid double (a decimal or 0x hex-float number, inf or nan)")
        << bad;
}

TEST(ScalarText, IntegersAreDecimalOrHex) {
  EXPECT_EQ(*parse_number<std::int32_t>("010", nullptr), 10);
  EXPECT_EQ(*parse_number<std::int32_t>("0x10", nullptr), 16);
  EXPECT_EQ(*parse_number<std::int32_t>("-0x10", nullptr), -16);
  EXPECT_EQ(*parse_number<std::int8_t>("-128", nullptr), -128);
  EXPECT_EQ(*parse_number<std::uint64_t>("18446744073709551615", nullptr), UINT64_MAX);
  EXPECT_EQ(*parse_number<std::int64_t>("-9223372036854775808", nullptr), INT64_MIN);
  EXPECT_EQ(*parse_number<std::uint8_t>("-0", nullptr), 0);
}

TEST(ScalarText, IntegersOutsideTheirRangeAreErrors) {
  EXPECT_EQ(error_of<std::uint8_t>("256"), "'256' is out of range for uint8 (0 to 255)");
  EXPECT_EQ(error_of<std::int8_t>("-129"), "'-129' is out of range for int8 (-128 to 127)");
  EXPECT_EQ(error_of<std::uint32_t>("-1"), "'-1' is out of range for uint32 (0 to 4294967295)");
  EXPECT_EQ(error_of<std::int64_t>("9223372036854775808"),
            "'9223372036854775808' is out of range for int64 (-9223372036854775808 to 9223372036854775807)");
  EXPECT_EQ(error_of<std::uint64_t>("99999999999999999999"),
            "'99999999999999999999' is out of range for uint64 (0 to 18446744073709551615)");
  EXPECT_EQ(error_of<std::int32_t>("1.5"), "'1.5' is not a valid int32 (decimal digits, or 0x and hex digits)");
  EXPECT_EQ(error_of<std::int32_t>(" 1"), "' 1' is not a valid int32 (decimal digits, or 0x and hex digits)");
  EXPECT_EQ(error_of<std::int32_t>("0x"), "'0x' is not a valid int32 (decimal digits, or 0x and hex digits)");
}

TEST(ScalarText, StoresTheScalarKind) {
  std::byte out[10] = {};
  std::string why;
  ASSERT_TRUE(parse_scalar_text(scalar_kind::f32, "1.0000000596046447753906250001", out, &why));
  std::uint32_t bits = 0;
  std::memcpy(&bits, out, 4);
  EXPECT_EQ(bits, 0x3f800001u);
  EXPECT_FALSE(parse_scalar_text(scalar_kind::u16, "65536", out, &why));
  EXPECT_EQ(why, "'65536' is out of range for uint16 (0 to 65535)");
}

}  // namespace
}  // namespace redsem
