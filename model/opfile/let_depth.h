/* SPDX-License-Identifier: BSD-3-Clause */
// The depth of an op file's expressions once every let they use is written out in place.
// Evaluation recurses through a let into its definition, so a long chain of short lets is as
// deep as one long expression: the parser's depth limit must hold for this depth too.
#pragma once

#include <optional>
#include <string>

#include "model/opfile/syntax.h"

namespace redsem::opfile::detail {

struct depth_excess {
  source_loc loc;
  std::string message;
};

// The first let or result deeper than max_depth after let substitution, if any. A name that
// is not an earlier let counts as a leaf: the type checker rejects it anyway.
std::optional<depth_excess> find_let_depth_excess(const op_syntax& s, int max_depth);

}  // namespace redsem::opfile::detail
