// SPDX-License-Identifier: BSD-3-Clause
#include "props/laws/law_json.h"

#include "model/element_json.h"

namespace redsem::laws {
namespace {

// An element object with the report's own text as its display (which may say more than the
// element's: "(erroneous: signed overflow)"); no element: its text alone.
nlohmann::json value_json(const shown_value& v) {
  if (!v.type || v.bytes.size() < static_cast<std::size_t>(v.type->extent())) return {{"display", v.text}};
  nlohmann::json j = element_json(*v.type, v.bytes.data());
  j["display"] = v.text;
  return j;
}

// A stored file is input like any other: bits that do not fit the type are a json error.
shown_value value_from(const nlohmann::json& j, const datatype& type) {
  if (!j.contains("bits")) return {{}, j.at("display").get<std::string>(), std::nullopt};
  auto bytes = element_from_json(type, j);
  if (!bytes) throw nlohmann::json::other_error::create(502, "not an element of " + type.description(), &j);
  return {std::move(*bytes), j.at("display").get<std::string>(), type};
}

verdict verdict_from(const std::string& s) {
  for (verdict v :
       {verdict::proved, verdict::refuted, verdict::unknown, verdict::holds_on_samples, verdict::not_applicable})
    if (to_string(v) == s) return v;
  throw nlohmann::json::other_error::create(501, "unknown verdict " + s, nullptr);
}

}  // namespace

nlohmann::json to_json(const law_result& r) {
  nlohmann::json j{
      {"verdict", to_string(r.outcome)}, {"reason", r.reason}, {"seconds", r.seconds}, {"counterexample", nullptr}};
  if (r.element) j["element"] = value_json(*r.element);
  if (r.example) {
    nlohmann::json inputs = nlohmann::json::array();
    for (const auto& [name, v] : r.example->inputs) inputs.push_back({{"name", name}, {"value", value_json(v)}});
    j["counterexample"] = {{"inputs", inputs},
                           {"lhs_expression", r.example->lhs_expression},
                           {"rhs_expression", r.example->rhs_expression},
                           {"lhs", value_json(r.example->lhs)},
                           {"rhs", value_json(r.example->rhs)}};
  }
  return j;
}

law_result law_result_from_json(const nlohmann::json& j, const datatype& type) {
  law_result r;
  r.which = law::associativity;  // the caller knows which law it asked for
  r.outcome = verdict_from(j.at("verdict").get<std::string>());
  r.reason = j.at("reason").get<std::string>();
  r.seconds = j.at("seconds").get<double>();
  if (j.contains("element")) r.element = value_from(j.at("element"), type);
  if (const auto& c = j.at("counterexample"); !c.is_null()) {
    counterexample e;
    for (const auto& in : c.at("inputs"))
      e.inputs.emplace_back(in.at("name").get<std::string>(), value_from(in.at("value"), type));
    e.lhs_expression = c.at("lhs_expression").get<std::string>();
    e.rhs_expression = c.at("rhs_expression").get<std::string>();
    e.lhs = value_from(c.at("lhs"), type);
    e.rhs = value_from(c.at("rhs"), type);
    r.example = std::move(e);
  }
  return r;
}

}  // namespace redsem::laws
