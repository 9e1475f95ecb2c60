/* SPDX-License-Identifier: BSD-3-Clause */
// Comparing and showing elements as a user thinks of them: field by field through the
// typemap (padding never compared), under the policy's compare rule.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

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

// A field's bits in hex, most significant byte first ("0x80000000"), as format_scalar shows a
// float's.
std::string field_bits(scalar_kind kind, const std::byte* x);

// The scalar fields of an element of `type`, flattened in typemap order.
struct field_at {
  scalar_kind kind;
  std::int64_t offset;
};
std::vector<field_at> typemap_fields(const datatype& type);

}  // namespace redsem
