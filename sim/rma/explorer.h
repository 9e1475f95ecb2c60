/* SPDX-License-Identifier: BSD-3-Clause */
// The RMA interleaving explorer: every order in which N origins' accumulate-family accesses
// (and any racing puts, gets, local loads and stores) can reach one target's window, at
// basic-element granularity. It reports the reachable final window states and fetched values,
// checks each against "as if in some serial order, per element" (MPI-4.1 §13.7.1), shows the
// spread of floating-point results, and counts what partial-order reduction saved.
//
// Accesses that MPI makes atomic are single steps per element; those in a finding whose
// outcome is undefined, outside the guarantee, or unspecified are modelled as a separate read
// and write (a lost update becomes reachable), which is how non-serial outcomes appear.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/rma/outcome_analysis.h"
#include "sim/rma/search.h"

namespace redsem::sim::rma {

struct group_report {
  int target = -1;                    // the rank whose window it is, when the program has several
  std::int64_t begin = 0, end = 0;    // window bytes (of that rank's window)
  std::vector<std::size_t> accesses;  // involved, in program order
  std::size_t steps = 0;
  bool atomic = true;  // every step atomic (MPI guarantees serializability)
  // When some step is not: the weakest guarantee MPI gives its steps (step::lacking). Its
  // non-serializable outcomes are reachable only as far as that guarantee goes: an undefined
  // outcome or one outside the guarantee is the program's error, an unspecified one (compare-
  // and-swap with accumulates) happens only on an implementation that does not make them atomic.
  std::optional<redsem::rma::guarantee> lacking;
  std::size_t outcomes = 0;          // distinct (final window bytes, fetched values)
  std::size_t serial_outcomes = 0;   // reachable by some serial order of whole element steps
  std::size_t non_serializable = 0;  // outcomes no serial order gives
  std::string non_serializable_example;
  std::vector<value_set> values;  // per element, then per fetching step
  search_stats reduced, full;
  bool serial_complete = true;                     // the serial reference holds every serial outcome
  search_stop serial_stopped = search_stop::none;  // its search, when it is not the full one
};

struct exploration {
  std::vector<redsem::rma::finding> findings;
  std::vector<group_report> groups;
  double final_states = 0;        // distinct reachable final states of the whole window (product over groups)
  double executions_total = 0;    // interleavings without any reduction
  double executions_reduced = 0;  // interleavings the reduced search represents
  double states_total = 0;        // reachable states without reduction (product over groups)
  double states_explored = 0;     // states the reduced search stored
  bool complete = true;
  search_stop stopped = search_stop::none;  // the first search limit hit, if one was
  std::size_t groups_too_large = 0;         // groups of more than max_steps element steps, not explored
  double seconds = 0;
  bool serializable() const;  // no outcome found is refuted serial (complete: every outcome is serial)
};

// How far an exploration is: states stored by its searches so far (never going down), and which
// group and search it is at.
struct explore_progress {
  double states = 0;
  std::size_t group = 0, groups = 0;  // group counts from 1
  std::string_view search;            // "reduced", "full" or "serial"
};

struct explore_options {
  std::size_t max_states = 20'000'000;                 // per search
  std::size_t memory_budget = std::size_t{512} << 20;  // per search (state table and outcomes), bytes
  bool measure_full = true;                            // also search without reduction, for the savings figures
  search_share share;                                  // every search split over a job's processes (redsem-mpi)
  std::function<void(const explore_progress&)> on_progress = {};  // at each search's start, then as it goes
};

exploration explore(const rma_program& program, const explore_options& options);

}  // namespace redsem::sim::rma
