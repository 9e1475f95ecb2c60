/* SPDX-License-Identifier: BSD-3-Clause */
// A fuzzing campaign: generate cases from a seed, compare kernel and model on each, stop at
// the first failure, shrink it and say what it needs.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "props/fuzz/shrink.h"

namespace redsem::fuzz {

struct fuzz_options {
  std::int64_t cases = 1000;
  std::uint64_t seed = 1;  // case i is generated from seed + i: `--seed <that> --cases 1` replays it
  generation_limits limits;
  int shrink_budget = 4000;
  double call_timeout = default_call_timeout;  // reported only: the kernel's isolation enforces it
  std::function<void(std::int64_t done, std::int64_t total)> on_case;  // after each case (progress)
};

struct failure {
  std::uint64_t replay_seed;  // the seed of the failing case
  fuzz_case original;
  case_result original_result;
  fuzz_case minimal;
  case_result minimal_result;
  std::vector<condition> conditions;
};

struct fuzz_report {
  std::int64_t cases_run = 0;
  std::int64_t elements_compared = 0;
  opfile::domain_draws domain;  // element draws the op file's domain rejected (no domain: none)
  std::optional<failure> first_failure;
};

fuzz_report run_fuzz(const differential& d, const fuzz_options& o);

// Whether the failure's probes found results that depend on an element's position.
bool position_dependent(const failure& f);

// The verdict of a failure as a whole: the minimal case's, except that a kernel right under
// another policy on the minimal case but whose results depend on position follows no single
// policy: "position_dependent".
std::string failure_verdict(const failure& f);

// Shrinks and characterizes one failing case. A hang is shrunk in at most hang_shrink_budget
// runs, since each run that still hangs takes the whole time limit, and is not probed further;
// nor is another failure some of whose shrinking candidates hung.
failure explain_failure(const differential& d, std::uint64_t seed, fuzz_case c, case_result r, int shrink_budget);

// Whether the kernel crashes on one element of zero bytes and on one of 0x01 bytes, aligned,
// in one call: it then crashes whatever the values, which for a user function often means it
// checks its datatype argument.
bool crashes_on_every_call(const differential& d);
}  // namespace redsem::fuzz
