/* SPDX-License-Identifier: BSD-3-Clause */
// Reading one typed number from user text. Every place redsem reads a typed value (op-file
// literals, --values, the laws' element options) goes through here, so they all agree:
//   integers  [+-] decimal digits ("010" is ten), or [+-] 0x hex digits;
//   floats    [+-] decimal or 0x hex-float, inf, infinity, nan; rounded once, straight to the
//             target format (strtof / strtod / strtold), never through a wider one.
// A value outside the type's range is an error naming the range, never a silent inf, 0 or wrap.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "model/scalar.h"

namespace redsem {

// nullopt with *error ("'300' is out of range for uint8 (0 to 255)") when `text` is not a T.
// T is one of the fixed-width integers, float, double or long double.
template <class T>
std::optional<T> parse_number(std::string_view text, std::string* error);

// The same for a scalar field stored in bytes (value_bytes(k) of them at `out`).
bool parse_scalar_text(scalar_kind k, std::string_view text, std::byte* out, std::string* error);

// "int32", "uint8", "float", "double", "long double": the name messages use.
std::string_view number_type_name(scalar_kind k);

}  // namespace redsem
