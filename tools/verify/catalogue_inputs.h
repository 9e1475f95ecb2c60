/* SPDX-License-Identifier: BSD-3-Clause */
// The inputs `redsem verify` reduces in its evaluation-order analysis: one element per rank,
// chosen so that order matters wherever it can. Floating types get 0.1, 2^d and −2^d first
// (d the significand's digits), so (0.1 + 2^d) − 2^d loses 0.1 already at P = 3; integers
// start at the type's extremes, so sums wrap; pairs carry their rank as index and repeat
// values, so MINLOC/MAXLOC's tie rule is exercised.
#pragma once

#include <vector>

#include "model/datatype.h"
#include "sim/tree.h"

namespace redsem::tools {

// inputs[rank] for ranks 0 … procs−1 (procs ≤ 16).
std::vector<sim::element> catalogue_inputs(basic_type type, int procs);

}  // namespace redsem::tools
