#include "props/fuzz/fuzz_run.h"

#include <algorithm>

namespace redsem::fuzz {

failure explain_failure(const differential& d, std::uint64_t seed, fuzz_case c, case_result r, int shrink_budget) {
  const verdict_kind kind = r.verdict;
  failure f{seed, c, std::move(r), {}, {}, {}};
  f.minimal = shrink(d, std::move(c), kind, shrink_budget);
  f.minimal_result = d.check(f.minimal);
  f.conditions = characterize(d, f.minimal, f.minimal_result);
  return f;
}

bool position_dependent(const failure& f) {
  return std::any_of(f.conditions.begin(), f.conditions.end(), [](const condition& c) { return c.kind == "position"; });
}

std::string failure_verdict(const failure& f) {
  const verdict_kind v = f.minimal_result.verdict;
  if (v == verdict_kind::policy_choice && position_dependent(f)) return "position_dependent";
  return std::string(to_string(v));
}

fuzz_report run_fuzz(const differential& d, const fuzz_options& o) {
  fuzz_report report;
  for (std::int64_t i = 0; i < o.cases; ++i) {
    const std::uint64_t seed = o.seed + static_cast<std::uint64_t>(i);
    fuzz_case c = generate_case(d.oracle_used().type, o.limits, seed, d.oracle_used().domain.get(), &report.domain);
    case_result r = d.check(c);
    ++report.cases_run;
    report.elements_compared += c.count;
    if (r.verdict != verdict_kind::pass) {
      report.first_failure = explain_failure(d, seed, std::move(c), std::move(r), o.shrink_budget);
      break;
    }
  }
  return report;
}

}  // namespace redsem::fuzz
