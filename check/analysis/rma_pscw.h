/* SPDX-License-Identifier: BSD-3-Clause */
// PSCW (MPI-4.1 §13.5.2) in the records: an origin's j-th access epoch (MPI_Win_start …
// MPI_Win_complete) naming target T matches T's j-th exposure epoch (MPI_Win_post …
// MPI_Win_wait/test) naming the origin, in the order of each; the calls of every access epoch
// matching one exposure epoch may all be in flight together.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>
#include <vector>

#include "check/analysis/rma_epochs.h"

namespace redsem::check {

// Calls of each origin's access epochs, by origin (window rank), then (target, j: the origin's
// j-th epoch naming that target, from 0).
using pscw_by_origin = std::map<int, std::map<std::pair<int, int>, std::vector<rma_access>>>;
// Each window rank's exposure epochs in order, by their groups (nothing: the record bounded it).
using pscw_posts = std::map<int, std::vector<std::optional<std::vector<int>>>>;

// The window ranks of a post or start line's group, or nothing when the record bounded it.
std::optional<std::vector<int>> pscw_group_of(const nlohmann::json& line);

// One set per exposure epoch with calls, into out.sets; an access epoch no recorded exposure
// epoch matches goes to out.unanalysed.
void pscw_sets(const rma_window& w, const pscw_by_origin& calls, const pscw_posts& posts, rma_epochs& out);

}  // namespace redsem::check
