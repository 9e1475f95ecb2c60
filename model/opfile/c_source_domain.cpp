// SPDX-License-Identifier: BSD-3-Clause
#include "model/opfile/c_source_domain.h"

#include <cmath>
#include <cstdio>

namespace redsem::opfile {

std::string c_literal(bool v) { return v ? "true" : "false"; }

std::string c_literal(std::int64_t v, std::string_view type) {
  const std::string t(type);
  if (v >= 0) return "((" + t + ")" + std::to_string(v) + ")";
  // −(|v| − 1) − 1: the most negative value has no positive literal of its type.
  return "((" + t + ")(-" + std::to_string(-(v + 1)) + " - 1))";
}

std::string c_literal(std::uint64_t v, std::string_view type) {
  return "((" + std::string(type) + ")" + std::to_string(v) + "u)";
}

std::string c_literal(long double v, std::string_view type) {
  const std::string t(type);
  const std::string sign = std::signbit(v) ? "-" : "";
  if (std::isnan(v)) return "(" + sign + "(" + t + ")NAN)";
  if (std::isinf(v)) return "(" + sign + "(" + t + ")INFINITY)";
  char digits[64];
  std::snprintf(digits, sizeof digits, "%La", v);  // exact: every float, double and long double
  const char* suffix = type == "float" ? "f" : type == "long double" ? "L" : "";
  return "(" + std::string(digits) + suffix + ")";
}

}  // namespace redsem::opfile
