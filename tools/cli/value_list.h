/* SPDX-License-Identifier: BSD-3-Clause */
// The --values list of `redsem orders` and `redsem simulate`: elements separated by ',', the
// fields of one element by ':'. Apart from the commands, so that a fuzz target reaches it
// without the solver and the simulator.
#pragma once

#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "model/datatype.h"
#include "sim/tree.h"

namespace redsem::tools {

// "1.5,-2,0x1p-3" — one element per comma; fields of a pair/complex/struct element are
// separated by ':' ("5:0" is val 5, log 0 for segscan). Returns nullopt with *error on bad text.
std::optional<std::vector<sim::element>> parse_values(const std::string& text, const datatype& type,
                                                      std::string* error);

// One scalar field of every entry of the typemap, in order, with its byte offset.
std::vector<field> scalar_fields(const datatype& type);

// Stores v's bytes at `at` (an element's field).
template <class T>
void put(std::byte* at, T v) {
  std::memcpy(at, &v, value_bytes(scalar_kind_of<T>()));
}

}  // namespace redsem::tools
