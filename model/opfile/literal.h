/* SPDX-License-Identifier: BSD-3-Clause */
// Op-file literals as constants of the type their context gives them. Internal to the type
// checker. A float literal is read from its source text straight into that type
// (model/scalar_text.h), so it is rounded once and its range is the type's own.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "model/opfile/typed_op.h"

namespace redsem::opfile::detail {

// ±magnitude as a constant of type t, if it is exactly representable there (integers) or
// convertible (floats); nullopt for bool or when it does not fit.
std::optional<scalar> integer_as(field_type t, bool negative, std::uint64_t magnitude);

// The float literal `numeral` (negated if `negative`) as a constant of float type t; nullopt
// with *error when t is not a float type or the value is outside t's range.
std::optional<scalar> float_as(field_type t, bool negative, const std::string& numeral, std::string* error);

// min_of(t) / max_of(t): ±inf for float types (nothing is beyond them: the identities of MAX / MIN).
scalar type_limit(field_type t, bool maximum);

}  // namespace redsem::opfile::detail
