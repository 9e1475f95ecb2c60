// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/expectations.h"

#include <algorithm>
#include <array>
#include <set>

#include "model/element_compare.h"
#include "sim/rma/scenario_values.h"

namespace redsem::sim::rma {
namespace {

using redsem::rma::describe;
using redsem::rma::finding;
using redsem::rma::guarantee;

}  // namespace

judgement_status serializable_status(const exploration& x) {
  const bool refuted = std::any_of(x.groups.begin(), x.groups.end(),
                                   [](const group_report& g) { return g.serial_complete && g.non_serializable > 0; });
  if (refuted) return judgement_status::not_met;
  return x.complete ? judgement_status::met : judgement_status::unknown;
}

namespace {

judgement_status negated(judgement_status s) {
  switch (s) {
    case judgement_status::met: return judgement_status::not_met;
    case judgement_status::not_met: return judgement_status::met;
    case judgement_status::unknown: return judgement_status::unknown;
  }
  return s;
}

std::string serial_text(judgement_status serial) {
  switch (serial) {
    case judgement_status::met: return "every outcome is serial";
    case judgement_status::not_met: return "some outcome is not serial";
    case judgement_status::unknown: break;
  }
  return "no outcome found so far is refuted serial, but the search stopped early";
}

// Undefined behaviour: the outcome is undefined or outside the atomicity guarantee. Unspecified
// atomicity (compare-and-swap with other accumulates) and either-order findings are reported only.
bool is_undefined_behaviour(const finding& f) {
  const guarantee level = describe(f.kind).level;
  return level == guarantee::undefined || level == guarantee::outside_guarantee;
}

bool expects(const scenario& s, expectation_kind kind, std::string_view name) {
  return std::any_of(s.expectations.begin(), s.expectations.end(),
                     [&](const expectation& e) { return e.kind == kind && e.name == name; });
}

// The values fetched on the expectation's line, over every group and element: a search that
// stopped early can show a value outside the list (refuting), never that the list is all.
judgement judge_fetched(const expectation& e, const exploration& x) {
  const std::string prefix = "line " + std::to_string(e.fetched_line) + " (";
  std::set<std::string> seen;
  bool any = false, beyond = false;
  basic_type type = basic_type::int_;
  for (const group_report& g : x.groups)
    for (const value_set& v : g.values)
      if (v.what.starts_with(prefix) && v.what.find(" fetched ") != std::string::npos) {
        any = true;
        type = v.type;  // one call fetches one predefined type
        seen.insert(v.values.begin(), v.values.end());
        beyond = beyond || v.distinct > v.values.size();
      }
  if (!any) return {judgement_status::not_met, "line " + std::to_string(e.fetched_line) + " fetches nothing"};
  std::string shown;
  for (const std::string& v : seen) shown += (shown.empty() ? "" : ", ") + v;
  // The listed values as the report prints them ("1:2" is a pair's "(1, 2)").
  std::set<std::string> want;
  for (const std::string& text : e.fetched) {
    std::array<std::byte, redsem::rma::max_element_bytes> bytes{};
    std::string error;
    if (!parse_element(type, text, bytes.data(), &error))
      return {judgement_status::not_met, "'" + text + "' is not a value of " + std::string(to_string(type)) + ": " + error};
    want.insert(format_element(datatype::predefined(type), bytes.data()));
  }
  const bool outside = beyond || std::any_of(seen.begin(), seen.end(), [&](const std::string& v) { return !want.contains(v); });
  const std::string detail = "fetched " + shown + (beyond ? ", and more" : "");
  if (outside) return {judgement_status::not_met, detail};
  if (!x.complete) return {judgement_status::unknown, detail};
  return {seen == want ? judgement_status::met : judgement_status::not_met, detail};
}

}  // namespace

struct status_names {
  std::string_view text, json;
};
constexpr std::array<status_names, 3> status_table{{
    {"met", "met"}, {"NOT MET", "not_met"}, {"unknown (incomplete)", "unknown_incomplete"}}};

std::string_view to_string(judgement_status s) { return status_table.at(static_cast<std::size_t>(s)).text; }
std::string_view json_name(judgement_status s) { return status_table.at(static_cast<std::size_t>(s)).json; }

std::string_view to_string(scenario_verdict_kind k) {
  switch (k) {
    case scenario_verdict_kind::as_expected: return "as_expected";
    case scenario_verdict_kind::mismatch: return "mismatch";
    case scenario_verdict_kind::unexpected_findings: return "unexpected_findings";
    case scenario_verdict_kind::incomplete: return "incomplete";
  }
  return "?";
}

judgement judge(const expectation& e, const scenario& s, const exploration& x) {
  const judgement_status serial = serializable_status(x);
  switch (e.kind) {
    case expectation_kind::clean: {
      const std::string detail = std::to_string(s.rejected.size()) + " erroneous call(s), " +
                                 std::to_string(x.findings.size()) + " finding(s), " + serial_text(serial);
      if (!s.rejected.empty() || !x.findings.empty()) return {judgement_status::not_met, detail};
      return {serial, detail};
    }
    case expectation_kind::serializable: return {serial, serial_text(serial)};
    case expectation_kind::non_serializable: return {negated(serial), serial_text(serial)};
    case expectation_kind::finding: {
      const bool found = std::any_of(x.findings.begin(), x.findings.end(),
                                     [&](const finding& f) { return describe(f.kind).name == e.name; });
      return {found ? judgement_status::met : judgement_status::not_met, found ? "" : "no " + e.name + " finding"};
    }
    case expectation_kind::outcomes: {
      // A stopped search found a lower bound: it refutes a smaller count, confirms none.
      const double want = static_cast<double>(e.outcomes), found = x.final_states;
      const std::string count = found < 1e15 ? std::to_string(static_cast<std::int64_t>(found)) : "more than 10^15";
      const std::string detail = (x.complete ? "" : "at least ") + count + " outcome(s)";
      if (x.complete) return {found == want ? judgement_status::met : judgement_status::not_met, detail};
      return {found > want ? judgement_status::not_met : judgement_status::unknown, detail};
    }
    case expectation_kind::fetched: return judge_fetched(e, x);
    case expectation_kind::erroneous: {
      const bool found = std::any_of(s.rejected.begin(), s.rejected.end(), [&](const rejected_call& r) {
        return describe(r.outcome.broken_rule()).name == e.name;
      });
      return {found ? judgement_status::met : judgement_status::not_met, found ? "" : "no call broke " + e.name};
    }
  }
  return {judgement_status::unknown, "unknown expectation"};
}

scenario_verdict_report scenario_verdict(const scenario& s, const exploration& x) {
  scenario_verdict_report v;
  for (const expectation& e : s.expectations) v.judgements.push_back(judge(e, s, x));
  for (const rejected_call& r : s.rejected) {
    const std::string name(describe(r.outcome.broken_rule()).name);
    if (!expects(s, expectation_kind::erroneous, name))
      v.unexpected.push_back("line " + std::to_string(r.line) + ": erroneous " + name);
  }
  for (const finding& f : x.findings) {
    const std::string name(describe(f.kind).name);
    if (is_undefined_behaviour(f) && !expects(s, expectation_kind::finding, name))
      v.unexpected.push_back("lines " + std::to_string(s.access_lines[f.first]) + " and " +
                             std::to_string(s.access_lines[f.second]) + ": " + name);
  }
  const auto any = [&](judgement_status st) {
    return std::any_of(v.judgements.begin(), v.judgements.end(), [&](const judgement& j) { return j.status == st; });
  };
  if (any(judgement_status::not_met)) v.kind = scenario_verdict_kind::mismatch;
  else if (!v.unexpected.empty()) v.kind = scenario_verdict_kind::unexpected_findings;
  else if (any(judgement_status::unknown)) v.kind = scenario_verdict_kind::incomplete;
  return v;
}

}  // namespace redsem::sim::rma
