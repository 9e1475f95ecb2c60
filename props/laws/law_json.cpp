// SPDX-License-Identifier: BSD-3-Clause
#include "props/laws/law_json.h"

#include <cstdio>

namespace redsem::laws {
namespace {

std::string hex(const std::vector<std::byte>& bytes) {
  std::string s;
  char buf[3];
  for (std::byte b : bytes) {
    std::snprintf(buf, sizeof buf, "%02x", static_cast<unsigned>(b));
    s += buf;
  }
  return s;
}

// The bytes of hex text; damaged text (a stored file is input like any other) is a json error.
std::vector<std::byte> unhex(const std::string& s) {
  auto nibble = [&](char c) -> unsigned {
    if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
    if (c >= 'a' && c <= 'f') return static_cast<unsigned>(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') return static_cast<unsigned>(c - 'A' + 10);
    throw nlohmann::json::other_error::create(502, "not hex: " + s, nullptr);
  };
  if (s.size() % 2 != 0) throw nlohmann::json::other_error::create(502, "odd hex length: " + s, nullptr);
  std::vector<std::byte> out;
  for (std::size_t i = 0; i < s.size(); i += 2) out.push_back(static_cast<std::byte>(nibble(s[i]) * 16 + nibble(s[i + 1])));
  return out;
}

nlohmann::json value_json(const shown_value& v) { return {{"value", v.text}, {"bytes", hex(v.bytes)}}; }
shown_value value_from(const nlohmann::json& j) { return {unhex(j.at("bytes").get<std::string>()), j.at("value").get<std::string>()}; }

verdict verdict_from(const std::string& s) {
  for (verdict v : {verdict::proved, verdict::refuted, verdict::unknown, verdict::holds_on_samples, verdict::not_applicable})
    if (to_string(v) == s) return v;
  throw nlohmann::json::other_error::create(501, "unknown verdict " + s, nullptr);
}

}  // namespace

nlohmann::json to_json(const law_result& r) {
  nlohmann::json j{{"verdict", to_string(r.outcome)}, {"reason", r.reason}, {"seconds", r.seconds},
                   {"counterexample", nullptr}};
  if (r.element) j["element"] = value_json(*r.element);
  if (r.example) {
    nlohmann::json inputs = nlohmann::json::array();
    for (const auto& [name, v] : r.example->inputs) inputs.push_back({{"name", name}, {"value", v.text}, {"bytes", hex(v.bytes)}});
    j["counterexample"] = {{"inputs", inputs},
                           {"lhs_expression", r.example->lhs_expression},
                           {"rhs_expression", r.example->rhs_expression},
                           {"lhs", value_json(r.example->lhs)},
                           {"rhs", value_json(r.example->rhs)}};
  }
  return j;
}

law_result law_result_from_json(const nlohmann::json& j) {
  law_result r;
  r.which = law::associativity;  // the caller knows which law it asked for
  r.outcome = verdict_from(j.at("verdict").get<std::string>());
  r.reason = j.at("reason").get<std::string>();
  r.seconds = j.at("seconds").get<double>();
  if (j.contains("element")) r.element = value_from(j.at("element"));
  if (const auto& c = j.at("counterexample"); !c.is_null()) {
    counterexample e;
    for (const auto& in : c.at("inputs")) e.inputs.emplace_back(in.at("name").get<std::string>(), value_from(in));
    e.lhs_expression = c.at("lhs_expression").get<std::string>();
    e.rhs_expression = c.at("rhs_expression").get<std::string>();
    e.lhs = value_from(c.at("lhs"));
    e.rhs = value_from(c.at("rhs"));
    r.example = std::move(e);
  }
  return r;
}

}  // namespace redsem::laws
