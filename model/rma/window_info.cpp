// SPDX-License-Identifier: BSD-3-Clause
#include "model/rma/window_info.h"

namespace redsem::rma {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool parse_ordering(std::string_view value, accumulate_ordering& out, std::string* error) {
  accumulate_ordering o{false, false, false, false};
  if (trim(value) == "none") {
    out = o;
    return true;
  }
  while (!value.empty()) {
    const auto comma = value.find(',');
    const std::string_view item = trim(value.substr(0, comma));
    if (item == "rar") o.rar = true;
    else if (item == "raw") o.raw = true;
    else if (item == "war") o.war = true;
    else if (item == "waw") o.waw = true;
    else {
      *error = "accumulate_ordering: '" + std::string(item) + "' is not rar, raw, war, waw or none";
      return false;
    }
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
  out = o;
  return true;
}

}  // namespace

bool set_info_key(window_info& info, std::string_view key, std::string_view value, std::string* error) {
  key = trim(key);
  value = trim(value);
  if (key == "accumulate_ops") {
    if (value == "same_op_no_op") info.ops = accumulate_ops_info::same_op_no_op;
    else if (value == "same_op") info.ops = accumulate_ops_info::same_op;
    else {
      *error = "accumulate_ops: '" + std::string(value) + "' is not same_op_no_op or same_op";
      return false;
    }
    return true;
  }
  if (key == "accumulate_ordering") return parse_ordering(value, info.ordering, error);
  *error = "unknown window info key '" + std::string(key) + "' (accumulate_ops, accumulate_ordering)";
  return false;
}

std::string to_string(accumulate_ops_info v) {
  return v == accumulate_ops_info::same_op ? "same_op" : "same_op_no_op";
}

std::string to_string(const accumulate_ordering& o) {
  std::string s;
  const auto add = [&](bool on, const char* name) {
    if (!on) return;
    if (!s.empty()) s += ',';
    s += name;
  };
  add(o.rar, "rar");
  add(o.raw, "raw");
  add(o.war, "war");
  add(o.waw, "waw");
  return s.empty() ? "none" : s;
}

}  // namespace redsem::rma
