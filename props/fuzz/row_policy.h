/* SPDX-License-Identifier: BSD-3-Clause */
// Whether one policy explains every answer a kernel gave in a campaign: the verdict
// "policy_choice" for a whole (op, type) row rather than for one case (docs/design.md, decision 11: a
// difference that a policy choice explains is a policy choice, named; one that no single policy
// explains is not).
#pragma once

#include <optional>

#include "props/fuzz/fuzz_run.h"

namespace redsem::fuzz {

// The first of d's alternatives (fewest changes from the chosen policy) under which every case
// of the campaign `o` passes, the kernel run once more on each, and that also explains the
// failure `f` found in it; nullopt when none does. None does when f's probes found the same
// operands answered differently by position: a policy's result depends on the operands only.
std::optional<policy_variant> policy_explaining_all(const differential& d, const fuzz_options& o, const failure& f);

}  // namespace redsem::fuzz
