// SPDX-License-Identifier: BSD-3-Clause
// The one table of finding severities (finding.h). A check not listed is an error: the runtime
// or an analysis reports what MPI calls erroneous unless this table says otherwise.
#include <array>
#include <utility>

#include "check/analysis/finding.h"

namespace redsem::check {
namespace {

// Legal programs whose results MPI does not make portable or reproducible.
constexpr std::array<std::pair<std::string_view, severity>, 5> graded{{
    // Two legal evaluation orders (MPI-4.1 §7.9.1) give float results beyond --tolerance.
    {"order_dependent_result", severity::warning},
    // MPI assumes every op associative and may regroup (MPI-4.1 §7.9.1, §7.9.5); no rule makes
    // a non-associative op erroneous, but its result depends on the library's bracketing.
    {"user_op_not_associative", severity::warning},
    // accumulate_ordering lets the two take effect in either order (MPI-4.1 §13.7.2).
    {"unordered_same_origin", severity::warning},
    // Whether compare-and-swap is atomic with accumulates is not specified (MPI-4.1 §13.7.1).
    {"cas_with_accumulate", severity::warning},
    // Direct accesses of a shared-memory window ordered by process synchronisation without
    // MPI_Win_sync: their consistency depends on the architecture (MPI-4.1 §13.2.3).
    {"shared_memory_no_win_sync", severity::warning},
}};

}  // namespace

severity severity_of(std::string_view check) {
  for (const auto& [name, level] : graded)
    if (name == check) return level;
  return severity::error;
}

}  // namespace redsem::check
