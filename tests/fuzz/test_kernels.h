/* SPDX-License-Identifier: BSD-3-Clause */
// Loading the test kernels (tests/fuzz/buggy, tests/fuzz/correct) and fuzzing one of them.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "props/fuzz/fuzz_run.h"

namespace redsem::fuzz::testing {

inline loaded_function load(const char* library, const std::string& symbol) {
  auto loaded = load_user_function(std::string(library) + ":" + symbol);
  if (auto* e = std::get_if<load_error>(&loaded)) throw std::runtime_error(e->message);
  return std::get<loaded_function>(loaded);
}

inline differential against_model(const char* library, const std::string& symbol, op_id op, basic_type type,
                                  const policy& p = {}) {
  const auto o = predefined_oracle(op, type);
  return differential(o, loaded_function_kernel(load(library, symbol), o.type), p);
}

inline fuzz_report fuzz(const differential& d, std::int64_t cases = 1500, std::uint64_t seed = 1) {
  fuzz_options o;
  o.cases = cases;
  o.seed = seed;
  return run_fuzz(d, o);
}

inline bool has_condition(const failure& f, const std::string& kind, const std::string& text_part) {
  return std::any_of(f.conditions.begin(), f.conditions.end(),
                     [&](const condition& c) { return c.kind == kind && c.text.find(text_part) != std::string::npos; });
}

inline std::string conditions_of(const failure& f) {
  std::string s;
  for (const auto& c : f.conditions) s += "\n  " + c.kind + ": " + c.text;
  return s;
}

}  // namespace redsem::fuzz::testing
