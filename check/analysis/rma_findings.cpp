// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/rma_findings.h"

#include <fmt/format.h>

#include <set>
#include <tuple>
#include <utility>

#include "check/analysis/record_fields.h"
#include "check/analysis/rma_epochs.h"
#include "check/analysis/rma_local_races.h"
#include "check/analysis/rma_scenario_text.h"
#include "model/rma/concurrency.h"
#include "model/rma/rma_outcome.h"
#include "sim/rma/explorer.h"
#include "sim/rma/scenario.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;
namespace r = redsem::rma;

// Bounds on one scenario's search: a checked program's epochs are many and each is small.
sim::rma::explore_options search_bounds() {
  sim::rma::explore_options o;
  o.max_states = 2'000'000;
  o.memory_budget = std::size_t{128} << 20;
  o.measure_full = false;
  return o;
}

json call_json(const rma_access& a) {
  const json& l = *a.line;
  // The record's numbers whole (a dynamic window's displacement is an address), never as int.
  json j{{"rank", a.world_rank},           {"seq", int_of(l, "seq", -1)},
         {"call", l.value("call", "")},    {"target", int_of(l, "target", -1)},
         {"disp", int_of(l, "disp", 0)},   {"count", int_of(l, "count", 0)},
         {"type", l.value("type", json())}};
  if (l.contains("op")) j["op"] = l["op"];
  if (l.contains("caller")) j["caller"] = l["caller"];
  return j;
}

std::string call_text(const rma_access& a) {
  const json& l = *a.line;
  std::string t = fmt::format("rank {}'s {}", a.world_rank, l.value("call", "call"));
  if (l.contains("op")) t += " " + l["op"].get<std::string>();
  if (l.contains("type") && l["type"].is_string()) t += " (" + l["type"].get<std::string>() + ")";
  return t;
}

// The call and its site, which a call set aside on its own shares with the others of its note.
std::string call_site_text(const rma_access& a) {
  const json& l = *a.line;
  std::string t = l.value("call", "call");
  const json caller = l.value("caller", json());
  if (caller.is_object() && caller.value("symbol", json()).is_string())
    t += " in " + caller["symbol"].get<std::string>();
  else if (caller.is_object())
    t += " at " + text_of(caller, "module") + "+" + text_of(caller, "offset");
  return t;
}

// What tells that call apart from the others of its note.
std::string instance_text(const rma_access& a) {
  return fmt::format("rank {} to target {}, seq {}", a.world_rank, int_of(*a.line, "target", -1),
                     int_of(*a.line, "seq", -1));
}

// What turns one scenario's exploration into findings, once per pair of calls over the run.
class collector {
 public:
  std::vector<json> findings, unanalysed, analysed;

  void not_analysed(int win, const std::string& epoch, std::optional<int> target, const std::string& reason) {
    not_analysed({win, epoch, target, reason});
  }

  void not_analysed(const rma_unanalysed& u) {
    json j{{"ev", "rma_not_analysed"}, {"win", u.win}, {"epoch", u.epoch}, {"reason", u.reason}};
    if (u.target) j["target"] = *u.target;
    if (!u.instance.empty()) j["instance"] = u.instance;
    if (u.call) {
      j["reason"] = u.reason + ": " + call_site_text(*u.call);
      j["call"] = call_json(*u.call);
      j["instance"] = instance_text(*u.call);
    }
    unanalysed.push_back(std::move(j));
  }

  // `calls` in program order of the scenario; the first names the finding's rank, call and caller.
  void add(const std::string& check, const std::string& rule, const std::string& text, const std::string& evidence,
           const std::vector<rma_access>& calls, const rma_access_set& set, const rma_scenario& s, json extra = {}) {
    // (rank, seq) names a call; seq is any integer the record holds, so it is kept whole.
    std::vector<std::pair<int, std::int64_t>> key_calls;
    for (const auto& c : calls) key_calls.emplace_back(c.world_rank, int_of(*c.line, "seq", 0));
    if (!seen_.insert({check, set.window, key_calls}).second) return;
    const rma_access& first = calls.front();
    std::string message = fmt::format("{}: ", check);
    for (std::size_t i = 0; i < calls.size(); ++i) message += (i ? " and " : "") + call_text(calls[i]);
    message += fmt::format(" on window {} of rank {} ({}): {}", set.win, set.target, set.epoch, text);
    json ranks = json::array(), involved = json::array();
    for (const auto& c : calls) {
      ranks.push_back(c.world_rank);
      involved.push_back(call_json(c));
    }
    json ev{{"win", set.win},    {"epoch", set.epoch},   {"target", set.target}, {"ranks", ranks},
            {"calls", involved}, {"explorer", evidence}, {"scenario", s.text}};
    for (auto& [k, v] : extra.items()) ev[k] = v;
    findings.push_back({{"ev", "finding"},
                        {"check", check},
                        {"rank", first.world_rank},
                        {"call", first.line->value("call", "")},
                        {"rule", rule},
                        {"message", message},
                        {"caller", first.line->value("caller", json())},
                        {"evidence", ev}});
  }

 private:
  std::set<std::tuple<std::string, int, std::vector<std::pair<int, std::int64_t>>>> seen_;
};

// A group's non-serial outcomes are an error of the program only where MPI's guarantee is
// missing for a reason the program is to blame for (an undefined outcome, or one outside the
// accumulate_ops guarantee). Where atomicity is only unspecified (compare-and-swap with an
// accumulate, mpi-issues #114), they happen only on an implementation that does not make the two
// atomic: evidence of that warning, not a finding of their own (docs/design.md, "Serializability").
bool shows_an_error(const sim::rma::group_report& g) {
  return g.non_serializable > 0 && g.serial_complete && g.lacking && *g.lacking != r::guarantee::unspecified;
}

// The group whose unspecified atomicity `f` is about, when its non-serial outcomes rest on it alone.
const sim::rma::group_report* unspecified_group(const sim::rma::exploration& x, const r::finding& f) {
  if (r::describe(f.kind).level != r::guarantee::unspecified) return nullptr;
  for (const auto& g : x.groups)
    if (g.non_serializable > 0 && g.serial_complete && g.lacking == r::guarantee::unspecified && g.begin <= f.begin &&
        f.begin < g.end)
      return &g;
  return nullptr;
}

json outcome_if_not_atomic(const sim::rma::group_report& g) {
  return {{"outcome_if_not_atomic", g.non_serializable_example}, {"non_serializable_outcomes", g.non_serializable}};
}

void explore_set(const rma_access_set& set, const rma_window& window, const policy& semantics, collector& out) {
  scenario_refusal refusal;
  std::vector<rma_access> outside;
  const auto s = rma_scenario_of(set, window, semantics, &refusal, &outside);
  if (!s && !outside.empty())
    return out.add("access_outside_attached_memory", "MPI-4.1 §13.2.4",
                   "a dynamic window's target memory is only the regions the target attached", refusal.reason, outside,
                   set, rma_scenario{});
  if (!s) return out.not_analysed({set.win, set.epoch, set.target, refusal.reason, refusal.instance});
  std::string error;
  const auto parsed = sim::rma::parse_scenario(s->text, "window " + std::to_string(set.win), &error);
  if (!parsed) return out.not_analysed(set.win, set.epoch, set.target, "the scenario format refuses it: " + error);
  const auto call_at = [&](int line) { return s->call_at_line.at(line); };
  for (const auto& rejected : parsed->rejected) {
    const auto& i = r::describe(rejected.outcome.broken_rule());
    out.add(std::string(i.name), std::string(i.section), std::string(i.text), rejected.outcome.evidence(),
            {call_at(rejected.line)}, set, *s);
  }
  const auto x = sim::rma::explore(parsed->program, search_bounds());
  const auto calls_of = [&](const std::vector<std::size_t>& accesses) {
    std::vector<rma_access> calls;
    for (std::size_t a : accesses) calls.push_back(call_at(parsed->access_lines[a]));
    return calls;
  };
  for (const auto& f : x.findings) {
    const auto& i = r::describe(f.kind);
    json extra{{"bytes", {f.begin, f.end}}, {"guarantee", std::string(r::to_string(i.level))}};
    if (const auto* g = unspecified_group(x, f)) extra.update(outcome_if_not_atomic(*g));
    out.add(std::string(i.name), std::string(i.section), std::string(i.text), f.evidence, calls_of({f.first, f.second}),
            set, *s, extra);
  }
  for (const auto& g : x.groups) {
    if (!shows_an_error(g)) continue;
    out.add("non_serializable", "MPI-4.1 §13.7.1",
            "an outcome no serial order of the calls gives, reached from a window holding zeros (the state before "
            "the calls is not recorded: one state that shows it is enough)",
            g.non_serializable_example, calls_of(g.accesses), set, *s,
            {{"bytes", {g.begin, g.end}}, {"outcomes", g.outcomes}, {"non_serializable_outcomes", g.non_serializable}});
  }
  if (x.complete)
    out.analysed.push_back({{"ev", "rma_analysed"}, {"win", set.win}, {"epoch", set.epoch}, {"target", set.target}});
  if (!x.complete)
    out.not_analysed(
        set.win, set.epoch, set.target,
        x.groups_too_large
            ? "calls on overlapping bytes beyond the explorer's element steps: only their pairs were judged"
            : "the explorer's search stopped at its bound: only the pairs of calls were judged");
}

}  // namespace

std::vector<json> rma_findings(const std::vector<std::vector<json>>& records_by_rank, const policy& semantics) {
  const rma_epochs epochs = rma_epochs_of(records_by_rank);
  collector out;
  for (const auto& u : epochs.unanalysed) out.not_analysed(u);
  for (std::size_t i = 0; i < epochs.sets.size(); ++i) {
    const rma_access_set& set = epochs.sets[i];
    if (i < max_rma_scenarios)
      explore_set(set, epochs.windows.at(set.window), semantics, out);
    else
      out.not_analysed(set.win, set.epoch, set.target,
                       "beyond the " + std::to_string(max_rma_scenarios) + " scenarios explored per run");
  }
  std::vector<json> all = std::move(out.findings);
  for (json& f : window_access_races(records_by_rank)) all.push_back(std::move(f));
  all.insert(all.end(), out.unanalysed.begin(), out.unanalysed.end());
  all.insert(all.end(), out.analysed.begin(), out.analysed.end());
  return all;
}

}  // namespace redsem::check
