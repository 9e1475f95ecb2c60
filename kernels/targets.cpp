// SPDX-License-Identifier: BSD-3-Clause
// Highway's view of the targets, from a translation unit compiled with the kernels' own
// HWY_DISABLED_TARGETS, so the list matches the targets the kernels were built for.
#include <hwy/highway.h>
#include <hwy/targets.h>

#include "kernels/kernel.h"

namespace redsem::kernels {

std::vector<std::int64_t> dispatch_targets() { return hwy::SupportedAndGeneratedTargets(); }

std::string_view target_name(std::int64_t target) { return hwy::TargetName(target); }

void force_target(std::int64_t target) { hwy::SetSupportedTargetsForTest(target); }

}  // namespace redsem::kernels
