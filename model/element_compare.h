/* SPDX-License-Identifier: BSD-3-Clause */
// Comparing and showing elements as a user thinks of them: field by field through the
// typemap (padding never compared), under the policy's compare rule.
#pragma once

#include <cstddef>
#include <string>

#include "model/policy.h"
#include "model/typemap.h"

namespace redsem {

// Whether two elements of `type` are equal under p.compare (bitwise, NaN-equal, or within p.ulps).
bool same_element(const datatype& type, const std::byte* x, const std::byte* y, const policy& p);

// The first field where they differ, as an index into the flattened fields, or -1.
int first_differing_field(const datatype& type, const std::byte* x, const std::byte* y, const policy& p);

// "(1.5, 3)" for a pair, "-0 [0x80000000]" for a float, "(1+2i)" style for complex, "42" for an int.
// Floats show their decimal value (shortest round-trip) and their bits in hex.
std::string format_element(const datatype& type, const std::byte* x);

// The same for one scalar field of a predefined type.
std::string format_scalar(scalar_kind kind, const std::byte* x);

}  // namespace redsem
