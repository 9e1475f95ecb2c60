/* SPDX-License-Identifier: BSD-3-Clause */
// Chunking invariance: MPI may hand a user function any split of a buffer (MPI-4.1 §7.9.5
// lets the implementation call it on pieces), so a kernel applied piece by piece must give
// what it gives on the whole. A kernel whose body and tail disagree fails it without any model.
#pragma once

#include <cstdint>
#include <optional>

#include "props/fuzz/differential.h"

namespace redsem::fuzz {

struct chunking_difference {
  std::int64_t index;                   // the first element whose result depends on the split
  std::vector<std::byte> whole, split;  // that element as computed on the whole and on the split
};

// Runs the kernel on `c` as one call and as c.chunks; nullopt when they agree under the policy.
std::optional<chunking_difference> chunking_difference_of(const differential& d, const fuzz_case& c);

}  // namespace redsem::fuzz
