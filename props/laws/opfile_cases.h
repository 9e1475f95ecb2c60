/* SPDX-License-Identifier: BSD-3-Clause */
// One law's equations on given operands of an element-level op (props/laws/opfile_check.h's
// searches and replays): every case's combinations evaluated together, results compared under
// the op's policy.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/opfile/binary_op.h"
#include "props/laws/law.h"

namespace redsem::laws::detail {

using opfile::binary_op;
using opfile::concrete_element;

// x and y are the same value under the op's compare rule (model/element_compare.h).
bool same_value(const binary_op& op, const concrete_element& x, const concrete_element& y);

// One case of a law: how it is broken (nullopt when it holds) and, for associativity, the two
// sides that differ.
struct checked_case {
  std::optional<std::string> claim;
  concrete_element left, right;
};

// Law l (commutativity, associativity, identity of op.identity(), closed) on each case: a, b[, c]
// (identity: a). Each case's combinations in two rounds (the second combines the first's
// results), every case's together in each round.
std::vector<checked_case> checked_cases(const binary_op& op, law l,
                                        const std::vector<std::vector<concrete_element>>& cases);

}  // namespace redsem::laws::detail
