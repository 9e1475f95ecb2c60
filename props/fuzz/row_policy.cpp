// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/row_policy.h"

#include <algorithm>

namespace redsem::fuzz {
namespace {

// Drops the candidates that do not explain the kernel's answer to c; false when the kernel
// failed, wrote outside its buffers, into a gap of its datatype or wrote inbuf (no policy
// explains that).
bool keep_followed(const differential& d, const fuzz_case& c, std::vector<std::size_t>& candidates) {
  const kernel_run run = d.run_kernel(c);
  if (judge(run).outcome != run_outcome::returned || d.first_gap_change(c.inout, run.inout)) return false;
  std::erase_if(candidates, [&](std::size_t i) { return !d.follows(c, run.inout, i); });
  return true;
}

}  // namespace

std::optional<policy_variant> policy_explaining_all(const differential& d, const fuzz_options& o, const failure& f) {
  if (position_dependent(f)) return std::nullopt;
  std::vector<std::size_t> candidates(d.alternatives().size());
  for (std::size_t i = 0; i < candidates.size(); ++i) candidates[i] = i;
  if (!keep_followed(d, f.minimal, candidates) || !keep_followed(d, f.original, candidates)) return std::nullopt;
  for (std::int64_t i = 0; i < o.cases && !candidates.empty(); ++i) {
    const fuzz_case c = generate_case(d.oracle_used().type, o.limits, o.seed + static_cast<std::uint64_t>(i),
                                      d.oracle_used().domain.get());
    if (!keep_followed(d, c, candidates)) return std::nullopt;
  }
  if (candidates.empty()) return std::nullopt;
  return d.alternatives()[candidates.front()];
}

}  // namespace redsem::fuzz
