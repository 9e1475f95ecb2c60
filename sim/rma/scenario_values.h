/* SPDX-License-Identifier: BSD-3-Clause */
// Reading datatypes and element values as scenario files write them (see scenario.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/typemap.h"
#include "sim/rma/scenario_limits.h"

namespace redsem::sim::rma {

// "double", "MPI_INT", "vector(3,1,2,int)", "indexed(1:2,0:4,long)", …; nullopt and *error on bad
// text or a type beyond the limits (elements, byte reach, nesting).
std::optional<datatype> parse_datatype(std::string_view text, std::string* error, const scenario_limits& limits = {});

// One element of `type` from text ("1.5", "-0", "nan", "0x7f", "1.5:3" for pairs and complex),
// written at p; false and *error on bad text.
bool parse_element(basic_type type, std::string_view text, std::byte* p, std::string* error);

}  // namespace redsem::sim::rma
