// SPDX-License-Identifier: BSD-3-Clause
// The maximal sets of a family: those that no other set of the family holds. The passive-target
// analysis (rma_passive_sets.h) keeps only these of the sets of calls in flight together.
#pragma once

#include <cstddef>
#include <vector>

namespace redsem::check {

// The distinct sets (each sorted ascending) that no strictly larger set of `sets` holds, each once,
// in the order they first appear. The elements are indices (of calls): the work keeps a list for
// each index up to the largest.
std::vector<std::vector<std::size_t>> maximal_sets(const std::vector<std::vector<std::size_t>>& sets);

}  // namespace redsem::check
