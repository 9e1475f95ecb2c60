// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/fuzz_run.h"

#include <algorithm>

namespace redsem::fuzz {

failure explain_failure(const differential& d, std::uint64_t seed, fuzz_case c, case_result r, int shrink_budget) {
  const verdict_kind kind = r.verdict;
  failure f{seed, c, std::move(r), {}, {}, {}};
  const case_result& found = f.original_result;
  // Every run that still hangs costs a whole time limit: a hang gets a few shrinking steps
  // and no probes.
  const bool hangs = kind == verdict_kind::hang;
  const int hangs_before = d.hangs_seen();
  f.minimal = shrink(d, std::move(c), found, hangs ? std::min(shrink_budget, hang_shrink_budget) : shrink_budget);
  if (hangs) {
    // shrink keeps only cases that still hang: no need to wait for this one again.
    f.minimal_result.verdict = verdict_kind::hang;
    f.minimal_result.kernel_status = hang_status;
    f.minimal_result.actual = f.minimal.inout;
    f.minimal_result.expected = d.expected(f.minimal);
    return f;
  }
  f.minimal_result = d.check(f.minimal, found.right_under);  // one policy named for both
  if (f.minimal_result.verdict == verdict_kind::pass) {
    // The shrinker keeps only cases that failed, so a pass now means the kernel's results vary
    // between calls on one input: what probes of other lengths and offsets found says nothing.
    f.conditions.push_back({"replay",
                            "the case passed when run again: the kernel's result on one input varies from "
                            "call to call (it keeps state between calls, or reads more than its inputs); "
                            "not probed further"});
    return f;
  }
  if (const int hung = d.hangs_seen() - hangs_before; hung > 0) {
    // Variants of this failure hang: probing more of them would cost a time limit each.
    f.conditions.push_back({"hang", std::to_string(hung) +
                                        " smaller variants of the case hung (--call-timeout) while it was shrunk; "
                                        "not probed further"});
    return f;
  }
  f.conditions = characterize(d, f.minimal, f.minimal_result);
  return f;
}

bool crashes_on_every_call(const differential& d) {
  const std::int64_t extent = d.extent();
  for (std::uint8_t fill : {0x00, 0x01}) {
    fuzz_case c;
    c.count = 1;
    c.chunks = {1};
    c.in.assign(static_cast<std::size_t>(extent), std::byte{fill});
    c.inout = c.in;
    if (!is_crash_status(d.run_kernel(c).status)) return false;
  }
  return true;
}

bool position_dependent(const failure& f) {
  return std::any_of(f.conditions.begin(), f.conditions.end(), [](const condition& c) { return c.kind == "position"; });
}

std::string failure_verdict(const failure& f) {
  // A minimal case that passed when run again: the verdict is the one the failure was found with.
  const verdict_kind v =
      f.minimal_result.verdict == verdict_kind::pass ? f.original_result.verdict : f.minimal_result.verdict;
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
    if (o.on_case) o.on_case(report.cases_run, o.cases);
    if (r.verdict != verdict_kind::pass) {
      report.first_failure = explain_failure(d, seed, std::move(c), std::move(r), o.shrink_budget);
      break;
    }
  }
  return report;
}

}  // namespace redsem::fuzz
