/* SPDX-License-Identifier: BSD-3-Clause */
// Reading an element of a predefined type from user text, in the form the laws print it:
//   42   -0.0   inf   nan   "1 [0x3f800000]" (the bits win)   "[0x7fc00001]"   "(1.5, 3)"
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "props/laws/concrete_laws.h"

namespace redsem::laws {

// nullopt, with *error naming the problem, when the text is not an element of `type`.
std::optional<element_bytes> parse_element(const datatype& type, std::string_view text, std::string* error);

}  // namespace redsem::laws
