// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/bounded_number.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

namespace redsem::tools {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!is_digit(c)) return false;
  return true;
}

// The text as the user typed it, cut short: a message must stay one readable line.
std::string shown(std::string_view text) {
  constexpr std::size_t longest = 40;
  return text.size() <= longest ? std::string(text) : std::string(text.substr(0, longest)) + "…";
}

std::string range_text(whole_bounds b) {
  return b.max == UINT64_MAX ? fmt::format("a whole number of at least {}", b.min)
                             : fmt::format("a whole number from {} to {}", b.min, b.max);
}

// mantissa × 10^exponent, or nullopt when it exceeds `max` (so nothing can overflow).
std::optional<std::uint64_t> scaled(std::string_view mantissa, std::string_view exponent, std::uint64_t max) {
  std::uint64_t value = 0;
  for (char c : mantissa) {
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > max / 10 || digit > max - value * 10) return std::nullopt;
    value = value * 10 + digit;
  }
  if (value == 0) return value;
  unsigned power = 0;
  for (char c : exponent) {
    power = power * 10 + static_cast<unsigned>(c - '0');
    if (power > 20) return std::nullopt;  // 10^20 exceeds every 64-bit number
  }
  for (; power > 0; --power) {
    if (value > max / 10) return std::nullopt;
    value *= 10;
  }
  return value;
}

}  // namespace

std::optional<std::uint64_t> parse_whole_number(std::string_view option, std::string_view text, whole_bounds bounds,
                                                std::string* error) {
  const std::size_t e = text.find_first_of("eE");
  const std::string_view mantissa = text.substr(0, e);
  const std::string_view exponent = e == std::string_view::npos ? std::string_view{} : text.substr(e + 1);
  if (!all_digits(mantissa) || (e != std::string_view::npos && !all_digits(exponent))) {
    *error = fmt::format("{} {}: expected {}", option, shown(text), range_text(bounds));
    return std::nullopt;
  }
  const auto value = scaled(mantissa, exponent, bounds.max);
  if (!value) {
    *error = fmt::format("{} {}: at most {}", option, shown(text), bounds.max);
    return std::nullopt;
  }
  if (*value < bounds.min) {
    *error = fmt::format("{} {}: at least {}", option, shown(text), bounds.min);
    return std::nullopt;
  }
  return value;
}

std::optional<double> parse_seconds(std::string_view option, std::string_view text, double max, std::string* error) {
  double value = 0;
  // from_chars also reads "inf", "nan" and a sign: a duration starts with a digit.
  const bool starts_well =
      !text.empty() && (is_digit(text[0]) || (text[0] == '.' && text.size() > 1 && is_digit(text[1])));
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (!starts_well || ec == std::errc::invalid_argument || end != text.data() + text.size()) {
    *error = fmt::format("{} {}: expected a number of seconds above 0 and at most {}", option, shown(text), max);
    return std::nullopt;
  }
  if (ec == std::errc::result_out_of_range || value > max) {  // out of range: too large, or too small to be above 0
    *error = fmt::format("{} {}: expected a number of seconds above 0 and at most {}", option, shown(text), max);
    return std::nullopt;
  }
  if (!(value > 0)) {
    *error = fmt::format("{} {}: a duration must be above 0 seconds", option, shown(text));
    return std::nullopt;
  }
  return value;
}

}  // namespace redsem::tools
