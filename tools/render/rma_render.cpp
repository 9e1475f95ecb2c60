// SPDX-License-Identifier: BSD-3-Clause
#include "tools/render/rma_render.h"

#include <fmt/format.h>

#include <cmath>

#include "model/element_json.h"

namespace redsem::tools {
namespace {

using namespace redsem::sim::rma;
namespace r = redsem::rma;

// Counts beyond 2^53 are estimates in a double: shown in scientific notation.
std::string count_text(double v) {
  if (!std::isfinite(v)) return "overflow";
  return v < 1e15 ? fmt::format("{:.0f}", v) : fmt::format("{:.3e}", v);
}

// A place's values as element objects (numbers beside their display, model/element_json.h).
nlohmann::json values_json(const value_set& v) {
  const datatype type = datatype::predefined(v.type);
  nlohmann::json values = nlohmann::json::array();
  for (const auto& b : v.bytes) values.push_back(element_json(type, b.data()));
  nlohmann::json j{
      {"what", v.what}, {"type", std::string(to_string(v.type))}, {"distinct", v.distinct}, {"values", values}};
  if (v.numeric && !v.min_bytes.empty()) {
    j["min"] = element_json(type, v.min_bytes.data());
    j["max"] = element_json(type, v.max_bytes.data());
    j["spread"] = static_cast<double>(v.spread);
  }
  return j;
}

nlohmann::json stats_json(const search_stats& s) {
  return {{"states", s.states},
          {"transitions", s.transitions},
          {"executions", count_json(s.executions)},
          {"complete", s.complete},
          {"seconds", s.seconds}};
}

std::string guarantee_of(const r::finding& f) { return std::string(r::to_string(r::describe(f.kind).level)); }

// Why the exploration is incomplete, naming the limit; empty when it is complete.
std::string incomplete_reason(const exploration& x, const explore_options& o) {
  if (x.complete) return "";
  switch (x.stopped) {
    case search_stop::state_limit:
      return fmt::format("a search hit its state limit of {} (--max-states)", o.max_states);
    case search_stop::memory_budget:
      return fmt::format("a search hit its memory budget of {} MiB (--max-memory)", o.memory_budget >> 20);
    case search_stop::none:
      break;
  }
  return fmt::format("{} group(s) of more than {} element steps on overlapping bytes are beyond this explorer",
                     x.groups_too_large, max_steps);
}

// true or false when the searches decide it, else "unknown (incomplete)".
nlohmann::json serializable_json(judgement_status st) {
  if (st == judgement_status::unknown) return to_string(st);
  return st == judgement_status::met;
}

// What a group's outcomes say about serializability, claiming only what its searches saw.
std::string serial_text(const group_report& g) {
  if (g.non_serializable && g.serial_complete)
    return fmt::format(", {} NOT serializable\n  e.g. {}\n", g.non_serializable, g.non_serializable_example);
  if (g.non_serializable)
    return fmt::format(", {} not among the serial outcomes found before that search stopped early\n",
                       g.non_serializable);
  if (g.reduced.complete) return ": every outcome is as if in some serial order\n";
  return ": every outcome found is serial, but the search stopped early\n";
}

}  // namespace

nlohmann::json rma_json(const scenario& s, const exploration& x, const scenario_verdict_report& verdict,
                        const explore_options& o) {
  nlohmann::json erroneous = nlohmann::json::array();
  for (const auto& rc : s.rejected) {
    const auto& i = r::describe(rc.outcome.broken_rule());
    erroneous.push_back({{"line", rc.line},
                         {"call", rc.call},
                         {"rule", i.name},
                         {"section", i.section},
                         {"text", i.text},
                         {"evidence", rc.outcome.evidence()}});
  }
  nlohmann::json findings = nlohmann::json::array();
  for (const auto& f : x.findings) {
    const auto& i = r::describe(f.kind);
    findings.push_back({{"kind", i.name},
                        {"section", i.section},
                        {"guarantee", guarantee_of(f)},
                        {"text", i.text},
                        {"lines", {s.access_lines[f.first], s.access_lines[f.second]}},
                        {"target", f.target},
                        {"bytes", {f.begin, f.end}},
                        {"evidence", f.evidence}});
  }
  nlohmann::json groups = nlohmann::json::array();
  for (const auto& g : x.groups) {
    nlohmann::json lines = nlohmann::json::array();
    for (std::size_t a : g.accesses) lines.push_back(s.access_lines[a]);
    nlohmann::json values = nlohmann::json::array();
    for (const auto& v : g.values) values.push_back(values_json(v));
    groups.push_back({{"target", g.target >= 0 ? g.target : s.target},
                      {"bytes", {g.begin, g.end}},
                      {"lines", lines},
                      {"steps", g.steps},
                      {"atomic", g.atomic},
                      {"outcomes", g.outcomes},
                      {"serial_outcomes", g.serial_outcomes},
                      {"non_serializable", g.non_serializable},
                      {"serial_complete", g.serial_complete},
                      {"non_serializable_example", g.non_serializable_example},
                      {"values", values},
                      {"reduced_search", stats_json(g.reduced)},
                      {"full_search", stats_json(g.full)}});
  }
  nlohmann::json expect = nlohmann::json::array();
  for (std::size_t i = 0; i < s.expectations.size(); ++i) {
    const expectation& e = s.expectations[i];
    const judgement& j = verdict.judgements[i];
    expect.push_back({{"line", e.line},
                      {"expect", e.text},
                      {"status", json_name(j.status)},
                      {"met", j.status == judgement_status::met},
                      {"detail", j.detail}});
  }
  return {{"scenario", s.file},
          {"policy", to_string(s.program.semantics)},
          {"info",
           {{"accumulate_ops", r::to_string(s.program.info.ops)},
            {"accumulate_ordering", r::to_string(s.program.info.ordering)}}},
          {"target", s.target},
          {"targets", s.program.targets.empty() ? std::vector<int>{s.target} : s.program.targets},
          {"erroneous", erroneous},
          {"findings", findings},
          {"groups", groups},
          {"serializable", serializable_json(serializable_status(x))},
          {"totals",
           {{"final_states", count_json(x.final_states)},
            {"executions_total", count_json(x.executions_total)},
            {"executions_reduced", count_json(x.executions_reduced)},
            {"executions_saved", count_json(x.executions_total - x.executions_reduced)},
            {"states_total", count_json(x.states_total)},
            {"states_explored", count_json(x.states_explored)},
            {"complete", x.complete},
            {"incomplete_reason", incomplete_reason(x, o)},
            {"seconds", x.seconds}}},
          {"expectations", expect},
          {"unexpected", verdict.unexpected},
          {"verdict", std::string(to_string(verdict.kind))}};
}

void rma_header_text(std::ostream& out, const scenario& s) {
  const std::string windows = s.program.targets.empty()
                                  ? fmt::format("rank {}'s window", s.target)
                                  : fmt::format("the windows of ranks {}", fmt::join(s.program.targets, ", "));
  out << fmt::format("{}: {} access(es) to {}; accumulate_ops={}, accumulate_ordering={}\n", s.file,
                     s.program.accesses.size(), windows, r::to_string(s.program.info.ops),
                     r::to_string(s.program.info.ordering));
  out << "policy: " << to_string(s.program.semantics) << "\n";
}

void rma_text(std::ostream& out, const scenario& s, const exploration& x, const scenario_verdict_report& verdict,
              const explore_options& o) {
  // With several targets, byte ranges name their rank.
  const auto whose = [&](int target) {
    return s.program.targets.empty() ? std::string() : fmt::format("rank {} ", target);
  };
  for (const auto& rc : s.rejected) {
    const auto& i = r::describe(rc.outcome.broken_rule());
    out << fmt::format("\nerroneous, line {}: {}\n  {} ({}): {}\n  {} — not applied\n", rc.line, rc.call, i.name,
                       i.section, i.text, rc.outcome.evidence());
  }
  for (const auto& f : x.findings) {
    const auto& i = r::describe(f.kind);
    out << fmt::format("\n{}: {} (lines {} and {}, {}window bytes [{}, {}))\n  {} ({}): {}\n  {}\n", guarantee_of(f),
                       i.name, s.access_lines[f.first], s.access_lines[f.second], whose(f.target), f.begin, f.end,
                       i.name, i.section, i.text, f.evidence);
  }
  if (s.rejected.empty() && x.findings.empty())
    out << "\nno verdicts: every call is legal and MPI defines the outcome\n";
  for (const auto& g : x.groups) {
    // Not atomic: why, as the weakest guarantee among the findings on its steps.
    const std::string atomicity = g.accesses.size() < 2 ? "one access"
                                  : g.atomic            ? "atomic per element"
                                                        : fmt::format("NOT atomic ({})", r::to_string(*g.lacking));
    out << fmt::format("\n{}window bytes [{}, {}): {} step(s), {}; {} outcome(s), {} serial", whose(g.target), g.begin,
                       g.end, g.steps, atomicity, g.outcomes, g.serial_outcomes);
    out << serial_text(g);
    for (const auto& v : g.values) {
      out << fmt::format("  {}: {} value(s): ", v.what, v.distinct);
      for (std::size_t i = 0; i < v.values.size(); ++i) out << (i ? ", " : "") << v.values[i];
      if (v.distinct > v.values.size()) out << ", …";
      if (v.numeric && v.distinct > 1) out << fmt::format("  [spread {} .. {}]", v.min, v.max);
      out << "\n";
    }
  }
  if (x.complete)
    out << fmt::format(
        "\nreachable final states: {}\nexecutions: {} in all, {} after partial-order reduction ({} saved)\n"
        "states: {} without reduction, {} explored\n",
        count_text(x.final_states), count_text(x.executions_total), count_text(x.executions_reduced),
        count_text(x.executions_total - x.executions_reduced), count_text(x.states_total),
        count_text(x.states_explored));
  else  // the counts of a stopped search are lower bounds, and its executions are not counted
    out << fmt::format("\nreachable final states: at least {}\nstates: at least {} explored (INCOMPLETE: {})\n",
                       count_text(x.final_states), count_text(x.states_explored), incomplete_reason(x, o));
  for (std::size_t i = 0; i < s.expectations.size(); ++i) {
    const judgement& j = verdict.judgements[i];
    out << fmt::format("expect {} (line {}): {}{}\n", s.expectations[i].text, s.expectations[i].line,
                       to_string(j.status), j.status == judgement_status::met ? "" : " — " + j.detail);
  }
  for (const std::string& u : verdict.unexpected) out << "undefined behaviour that no expect line names: " << u << "\n";
  out << "verdict: " << to_string(verdict.kind) << "\n";
}

nlohmann::json count_json(double v) {
  if (std::isfinite(v) && v >= 0 && v <= 9007199254740992.0 && v == std::floor(v)) return static_cast<std::uint64_t>(v);
  return count_text(v);
}

}  // namespace redsem::tools
