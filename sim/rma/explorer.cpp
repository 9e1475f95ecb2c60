#include "sim/rma/explorer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <set>

#include "model/element_compare.h"
#include "model/element_io.h"

namespace redsem::sim::rma {
namespace {

using bytes = std::vector<std::byte>;

std::optional<long double> numeric_value(basic_type t, const std::byte* p) {
  return visit(t, [&](auto tag) -> std::optional<long double> {
    using E = element_t<decltype(tag)::value>;
    if constexpr (std::is_floating_point_v<E>) return static_cast<long double>(load_element<E>(p));
    else return std::nullopt;
  });
}

// The distinct values at one place of the final states, formatted, with their spread.
value_set collect(std::string what, basic_type type, std::size_t at, const std::vector<bytes>& finals) {
  constexpr std::size_t shown = 8;
  value_set v;
  v.what = std::move(what);
  v.type = type;
  const std::size_t size = info(type).size;
  outcome_set distinct;
  for (const bytes& f : finals) distinct.emplace(f.begin() + static_cast<std::ptrdiff_t>(at),
                                                 f.begin() + static_cast<std::ptrdiff_t>(at + size));
  v.distinct = distinct.size();
  std::vector<std::pair<long double, const bytes*>> ordered;
  for (const bytes& b : distinct) {
    const auto n = numeric_value(type, b.data());
    v.numeric = n.has_value();
    ordered.emplace_back(n.value_or(0), &b);
  }
  std::stable_sort(ordered.begin(), ordered.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  const datatype dt = datatype::predefined(type);
  for (std::size_t i = 0; i < ordered.size() && i < shown; ++i) v.values.push_back(format_element(dt, ordered[i].second->data()));
  if (v.numeric && !ordered.empty()) {
    v.min = format_element(dt, ordered.front().second->data());
    v.max = format_element(dt, ordered.back().second->data());
    v.spread = ordered.back().first - ordered.front().first;
  }
  return v;
}

std::string describe_outcome(const search_space& sp, const bytes& outcome) {
  std::string out;
  std::set<std::pair<std::int64_t, basic_type>> elements;
  for (const step& s : sp.steps) elements.emplace(s.at, s.type);
  for (const auto& [at, type] : elements) {
    out += (out.empty() ? "window @" : ", window @") + std::to_string(at) + " = " +
           format_element(datatype::predefined(type), outcome.data() + (at - sp.window_begin));
  }
  for (const step& s : sp.steps)
    if (s.reads)
      out += ", " + sp.program->accesses[s.access].label + " fetched @" + std::to_string(s.at) + " = " +
             format_element(datatype::predefined(s.type), outcome.data() + (s.fetch_slot - sp.window_offset));
  return out;
}

group_report explore_group(const rma_program& program, const std::vector<step>& steps,
                           const std::vector<step>& serial_steps, const std::vector<std::size_t>& chosen,
                           const explore_options& options) {
  group_report g;
  const search_space sp = make_search_space(program, steps, chosen);
  g.begin = sp.window_begin;
  g.end = sp.window_end;
  g.steps = sp.steps.size();
  std::set<std::size_t> accesses;
  for (const step& s : sp.steps) {
    accesses.insert(s.access);
    g.atomic = g.atomic && s.atomic;
  }
  g.accesses.assign(accesses.begin(), accesses.end());

  const search_result reduced = run_search(sp, {reduction::partial_order, options.max_states, options.share});
  g.reduced = reduced.stats;
  g.outcomes = reduced.finals.size();
  search_result full;
  if (options.measure_full) full = run_search(sp, {reduction::none, options.max_states, options.share});
  g.full = full.stats;
  // The serial reference: whole element steps in every order MPI allows, searched without
  // reduction (for an atomic group that is the full search itself, which also checks the reduction).
  std::vector<bytes> serial = full.finals;
  if (!g.atomic || !options.measure_full)
    serial = run_search(make_search_space(program, serial_steps, chosen), {reduction::none, options.max_states, options.share})
                 .finals;
  const outcome_set serial_set(serial.begin(), serial.end());
  g.serial_outcomes = serial_set.size();
  const bytes* example = nullptr;  // the smallest: the same whatever order the search found them in
  for (const bytes& f : reduced.finals)
    if (!serial_set.contains(f)) {
      ++g.non_serializable;
      if (!example || bytes_less{}(f, *example)) example = &f;
    }
  if (example) g.non_serializable_example = describe_outcome(sp, *example);

  std::set<std::pair<std::int64_t, basic_type>> elements;
  for (const step& s : sp.steps) elements.emplace(s.at, s.type);
  for (const auto& [at, type] : elements)
    g.values.push_back(collect("window @" + std::to_string(at) + " (" + std::string(to_string(type)) + ")", type,
                               static_cast<std::size_t>(at - sp.window_begin), reduced.finals));
  for (const step& s : sp.steps)
    if (s.reads)
      g.values.push_back(collect(program.accesses[s.access].label + " fetched @" + std::to_string(s.at), s.type,
                                 s.fetch_slot - sp.window_offset, reduced.finals));
  return g;
}

}  // namespace

bool exploration::serializable() const {
  return std::all_of(groups.begin(), groups.end(), [](const group_report& g) { return g.non_serializable == 0; });
}

exploration explore(const rma_program& program, const explore_options& options) {
  const auto start = std::chrono::steady_clock::now();
  exploration x;
  x.findings = redsem::rma::analyse_concurrency(program.accesses, program.info);
  const std::vector<bool> non_atomic = non_atomic_accesses(program);
  const std::vector<step> steps = program_steps(program, non_atomic, false);
  const std::vector<step> serial_steps = program_steps(program, non_atomic, true);
  x.final_states = 1;
  x.executions_reduced = 1;
  x.states_total = 1;
  double log_multinomial = 0, transitions = 0, full_executions = 1;
  auto components = step_components(steps);
  const auto first_byte = [&](const std::vector<std::size_t>& c) {
    std::int64_t b = steps[c.front()].at;
    for (std::size_t i : c) b = std::min(b, steps[i].at);
    return b;
  };
  std::stable_sort(components.begin(), components.end(),
                   [&](const auto& x, const auto& y) { return first_byte(x) < first_byte(y); });  // report in window order
  for (const auto& chosen : components) {
    if (chosen.size() > max_steps) {
      x.complete = false;  // more than 64 element steps on overlapping bytes: beyond this explorer
      continue;
    }
    group_report g = explore_group(program, steps, serial_steps, chosen, options);
    x.complete = x.complete && g.reduced.complete && g.full.complete;
    x.final_states *= static_cast<double>(g.outcomes);
    x.executions_reduced *= g.reduced.executions;
    x.states_total *= static_cast<double>(g.full.states);
    x.states_explored += static_cast<double>(g.reduced.states);
    full_executions *= g.full.executions;
    // Every interleaving of the whole program shuffles the groups' own interleavings together.
    double length = 0;
    for (std::size_t i : chosen) length += steps[i].split ? 2 : 1;
    log_multinomial -= std::lgamma(length + 1);
    transitions += length;
    x.groups.push_back(std::move(g));
  }
  log_multinomial += std::lgamma(transitions + 1);
  x.executions_total = std::exp(log_multinomial) * full_executions;
  x.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return x;
}

}  // namespace redsem::sim::rma
