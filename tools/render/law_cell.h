// SPDX-License-Identifier: BSD-3-Clause
// One law's verdict as a cell of the laws table that `redsem laws` and `redsem verify` print.
#pragma once

#include <string>

#include "props/laws/law.h"

namespace redsem::tools {

// The verdict, and for a proved law with an element (an identity, an absorbing element) the element.
inline std::string law_cell(const laws::law_result& r) {
  std::string s(to_string(r.outcome));
  if (r.outcome == laws::verdict::proved && r.element) s += " " + r.element->text;
  return s;
}

}  // namespace redsem::tools
