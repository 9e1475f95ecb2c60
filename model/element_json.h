/* SPDX-License-Identifier: BSD-3-Clause */
// An element as the JSON documents give it: a number a program can read beside the text a
// person reads, never one string that mixes them. {"value": 2, "bits": "0x4000000000000000",
// "display": "2 [0x4000000000000000]"} for a double; for an element of several fields (a pair,
// a complex) "value" and "bits" are arrays in typemap order. A value JSON cannot hold (NaN,
// ±infinity) is null, and its bits say which.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "model/typemap.h"

namespace redsem {

nlohmann::json element_json(const datatype& type, const std::byte* x);

// The bytes of one, as `bits` gives them: nullopt when `j` is no such object or its bits do not
// fit an element of `type`.
std::optional<std::vector<std::byte>> element_from_json(const datatype& type, const nlohmann::json& j);

}  // namespace redsem
