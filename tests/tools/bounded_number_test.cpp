// SPDX-License-Identifier: BSD-3-Clause
// The command line's number parser: whole numbers with their bounds and durations, each
// message naming the option, the text and the limit.
#include "tools/cli/bounded_number.h"

#include <gtest/gtest.h>

namespace redsem::tools {
namespace {

std::string whole_error(std::string_view text, whole_bounds b) {
  std::string why;
  EXPECT_FALSE(parse_whole_number("--n", text, b, &why).has_value()) << text;
  return why;
}

TEST(BoundedNumber, ReadsDigitsAndExponents) {
  std::string why;
  EXPECT_EQ(parse_whole_number("--n", "0", {}, &why), 0u);
  EXPECT_EQ(parse_whole_number("--n", "2e10", {}, &why), 20'000'000'000u);
  EXPECT_EQ(parse_whole_number("--n", "18446744073709551615", {}, &why), UINT64_MAX);
  EXPECT_EQ(parse_whole_number("--n", "0e999999999999", {}, &why), 0u);
  EXPECT_EQ(parse_whole_number("--n", "007", {1, 7}, &why), 7u);
}

TEST(BoundedNumber, NamesTheBoundItBreaks) {
  EXPECT_EQ(whole_error("1000000000", {1, 4096}), "--n 1000000000: at most 4096");
  EXPECT_EQ(whole_error("0", {1, 4096}), "--n 0: at least 1");
  EXPECT_EQ(whole_error("18446744073709551616", {}), "--n 18446744073709551616: at most 18446744073709551615");
  EXPECT_EQ(whole_error("2e19", {1, 1'000'000'000'000'000}), "--n 2e19: at most 1000000000000000");
  EXPECT_EQ(whole_error("9", {0, 5}), "--n 9: at most 5");  // one digit past a small bound
  EXPECT_EQ(whole_error("1e21", {}), "--n 1e21: at most 18446744073709551615");
}

TEST(BoundedNumber, RefusesWhatIsNotAWholeNumber) {
  for (std::string_view text : {"", "-1", "+1", " 1", "1 ", "1.5", "0x10", "1e", "e5", "1e-3", "inf", "nan", "1,000"})
    EXPECT_NE(whole_error(text, {0, 100}).find("expected a whole number from 0 to 100"), std::string::npos) << text;
}

TEST(BoundedNumber, KeepsAMessageShort) { EXPECT_LT(whole_error(std::string(100000, '9'), {0, 10}).size(), 80u); }

TEST(BoundedSeconds, ReadsDecimalSecondsAboveZero) {
  std::string why;
  EXPECT_EQ(parse_seconds("--t", "0.5", 3600, &why), 0.5);
  EXPECT_EQ(parse_seconds("--t", ".25", 3600, &why), 0.25);
  EXPECT_EQ(parse_seconds("--t", "1e2", 3600, &why), 100.0);
  EXPECT_EQ(parse_seconds("--t", "3600", 3600, &why), 3600.0);
  for (std::string_view text : {"0", "-1", "nan", "inf", "1e400", "1e-400", "3600.5", "10s", "", "+1"}) {
    EXPECT_FALSE(parse_seconds("--t", text, 3600, &why).has_value()) << text;
    EXPECT_EQ(why.rfind("--t ", 0), 0u) << why;
  }
}

}  // namespace
}  // namespace redsem::tools
