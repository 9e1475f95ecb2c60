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

// Shrinks and characterizes one failing case.
failure explain_failure(const differential& d, std::uint64_t seed, fuzz_case c, case_result r, int shrink_budget);

}  // namespace redsem::fuzz
