// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/explorer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>

#include "model/element_compare.h"

namespace redsem::sim::rma {
namespace {

// ln(n!). lgamma_r, not std::lgamma: std::lgamma writes the global signgam, a data race when
// several threads explore at once (thread shares; TSan caught it).
double log_factorial(double n) {
  int sign = 0;
  return ::lgamma_r(n + 1, &sign);
}

// The ways to shuffle sequences of the given lengths together (a multinomial coefficient):
// exact in integers while it fits in 128 bits (then rounded once to a double), else ln n! sums.
double shuffles(const std::vector<std::uint64_t>& lengths) {
  unsigned __int128 ways = 1;
  std::uint64_t n = 0;
  bool exact = true;
  for (std::uint64_t len : lengths)
    for (std::uint64_t i = 1; i <= len && exact; ++i) {  // ways × C(n + len, len), one factor at a time
      ++n;
      exact = !__builtin_mul_overflow(ways, static_cast<unsigned __int128>(n), &ways);
      ways /= i;  // exact: the product of i consecutive integers is divisible by i!
    }
  if (exact) return static_cast<double>(ways);
  double log_ways = 0, total = 0;
  for (std::uint64_t len : lengths) {
    log_ways -= log_factorial(static_cast<double>(len));
    total += static_cast<double>(len);
  }
  return std::exp(log_ways + log_factorial(total));
}

// "window @0 = 11, rank 0 #0 fetched @0 = 1"; a window location read as two types (an int and
// a short at one byte) is named with each type.
std::string describe_outcome(const std::vector<outcome_place>& places, const std::byte* outcome) {
  std::string out;
  for (const outcome_place& p : places) {
    const bool shared =
        std::count_if(places.begin(), places.end(), [&](const outcome_place& q) { return q.name == p.name; }) > 1;
    out += (out.empty() ? "" : ", ") + (shared ? p.what : p.name) + " = " +
           format_element(datatype::predefined(p.type), outcome + p.at);
  }
  return out;
}

// Runs a group's searches, relaying their progress to explore_options::on_progress with the
// states of the searches before added, so that the count never goes down.
struct search_runner {
  const explore_options& options;
  explore_progress now;
  search_result run(const search_space& space, reduction mode, std::string_view name) {
    search_options o;
    o.mode = mode;
    o.max_states = options.max_states;
    o.memory_budget = options.memory_budget;
    o.share = options.share;
    const double before = now.states;
    if (options.on_progress) {
      now.search = name;
      options.on_progress(now);
      o.on_progress = [this, before](std::uint64_t states) {
        now.states = before + static_cast<double>(states);
        options.on_progress(now);
      };
    }
    search_result r = run_search(space, o);
    now.states = std::max(now.states, before + static_cast<double>(r.stats.states));
    return r;
  }
};

// The first reason any of a group's searches stopped early.
search_stop stop_of(const group_report& g) {
  for (search_stop s : {g.reduced.stopped, g.full.stopped, g.serial_stopped})
    if (s != search_stop::none) return s;
  return search_stop::none;
}

group_report explore_group(const rma_program& program, const std::vector<step>& steps,
                           const std::vector<step>& serial_steps, const std::vector<std::size_t>& chosen,
                           search_runner& searches) {
  const explore_options& options = searches.options;
  group_report g;
  const search_space sp = make_search_space(program, steps, chosen);
  // Window bytes of the group's target (with several, the search's bytes hold them back to back).
  const std::int64_t base = program.window_base(program.accesses[sp.steps.front().access].target);
  if (program.targets.size() > 1) g.target = program.accesses[sp.steps.front().access].target;
  g.begin = sp.window_begin - base;
  g.end = sp.window_end - base;
  g.steps = sp.steps.size();
  std::set<std::size_t> accesses;
  for (const step& s : sp.steps) {
    accesses.insert(s.access);
    g.atomic = g.atomic && s.atomic;
    if (!s.atomic && (!g.lacking || s.lacking < *g.lacking)) g.lacking = s.lacking;
  }
  g.accesses.assign(accesses.begin(), accesses.end());

  const search_result reduced = searches.run(sp, reduction::partial_order, "reduced");
  g.reduced = reduced.stats;
  search_result full;
  if (options.measure_full) full = searches.run(sp, reduction::none, "full");
  g.full = full.stats;
  // The serial reference: whole element steps in every order MPI allows, searched without
  // reduction (for an atomic group that is the full search itself, which also checks the reduction).
  record_list serial = std::move(full.finals);
  g.serial_complete = full.stats.complete;
  if (!g.atomic || !options.measure_full) {
    search_result s = searches.run(make_search_space(program, serial_steps, chosen), reduction::none, "serial");
    serial = std::move(s.finals);
    g.serial_complete = s.stats.complete;
    g.serial_stopped = s.stats.stopped;
  }

  std::vector<outcome_place> places;
  std::set<std::pair<std::int64_t, basic_type>> elements;
  for (const step& s : sp.steps) elements.emplace(s.at, s.type);
  for (const auto& [at, type] : elements) {
    const std::string name = (g.target >= 0 ? "rank " + std::to_string(g.target) + " " : std::string()) + "window @" +
                             std::to_string(at - base);
    places.push_back(
        {name, name + " (" + std::string(to_string(type)) + ")", type, static_cast<std::size_t>(at - sp.window_begin)});
  }
  for (const step& s : sp.steps)
    if (s.reads) {
      const std::string name = program.accesses[s.access].label + " fetched @" + std::to_string(s.at - base);
      places.push_back({name, name, s.type, s.fetch_slot - sp.window_offset});
    }
  outcome_analysis a = analyse_outcomes(reduced.finals, std::move(serial), places, options.share);
  g.outcomes = a.outcomes;
  g.serial_outcomes = a.serial_outcomes;
  g.non_serializable = a.non_serializable;
  if (a.smallest_non_serializable)
    g.non_serializable_example = describe_outcome(places, a.smallest_non_serializable->data());
  g.values = std::move(a.values);
  return g;
}

}  // namespace

bool exploration::serializable() const {
  return std::all_of(groups.begin(), groups.end(), [](const group_report& g) { return g.non_serializable == 0; });
}

exploration explore(const rma_program& program, const explore_options& options) {
  const auto start = std::chrono::steady_clock::now();
  exploration x;
  x.findings = redsem::rma::analyse_concurrency(program.accesses, program.info, program.semantics);
  const element_atomicity non_atomic = non_atomic_elements(program);
  const std::vector<step> steps = program_steps(program, non_atomic, false);
  const std::vector<step> serial_steps = program_steps(program, non_atomic, true);
  x.final_states = 1;
  x.executions_reduced = 1;
  x.states_total = 1;
  double full_executions = 1;
  std::vector<std::uint64_t> lengths;
  auto components = step_components(program, steps);
  const auto first_byte = [&](const std::vector<std::size_t>& c) {
    std::int64_t b = steps[c.front()].at;
    for (std::size_t i : c) b = std::min(b, steps[i].at);
    return b;
  };
  std::stable_sort(components.begin(), components.end(), [&](const auto& x, const auto& y) {
    return first_byte(x) < first_byte(y);
  });  // report in window order
  search_runner searches{options, {0, 0, components.size(), ""}};
  for (const auto& chosen : components) {
    ++searches.now.group;
    if (chosen.size() > max_steps) {
      x.complete = false;  // more than 64 element steps on overlapping bytes: beyond this explorer
      x.groups_too_large += 1;
      continue;
    }
    group_report g = explore_group(program, steps, serial_steps, chosen, searches);
    x.complete = x.complete && g.reduced.complete && g.full.complete && g.serial_complete;
    if (x.stopped == search_stop::none) x.stopped = stop_of(g);
    x.final_states *= static_cast<double>(g.outcomes);
    x.executions_reduced *= g.reduced.executions;
    x.states_total *= static_cast<double>(g.full.states);
    x.states_explored += static_cast<double>(g.reduced.states);
    full_executions *= g.full.executions;
    // Every interleaving of the whole program shuffles the groups' own interleavings together.
    std::uint64_t length = 0;
    for (std::size_t i : chosen) length += steps[i].split ? 2 : 1;
    lengths.push_back(length);
    x.groups.push_back(std::move(g));
  }
  x.executions_total = shuffles(lengths) * full_executions;
  x.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return x;
}

}  // namespace redsem::sim::rma
