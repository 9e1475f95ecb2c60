/* SPDX-License-Identifier: BSD-3-Clause */
// The derived datatype layouts `redsem fuzz --mpi` runs predefined ops on: each a constructor
// description (sim::rma::parse_datatype's syntax) generated for any predefined element type, so
// every (op, type) pair gets the same shapes: strided blocks, byte strides, irregular blocks,
// padding, a negative lower bound, nesting. A predefined op on such a type applies to each basic
// element of its typemap (MPI-4.1 §7.9.2 under derived=lenient, docs/semantics.md §9.11); every
// byte outside the typemap must stay as it was.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/typemap.h"

namespace redsem::fuzz {

enum class derived_layout : std::uint8_t {
  vector,      // blocks of 2 elements, one element's gap between them
  hvector,     // the same blocks at a byte stride that is no multiple of the element's extent
  indexed,     // blocks of 2 and 1 elements with a gap of 1
  padded,      // a struct of one basic type with padding between its blocks
  negative_lb, // resized with a negative lower bound: gap bytes below the element and after it
  nested,      // a vector of contiguous pairs
};
std::string_view to_string(derived_layout l);
std::optional<derived_layout> parse_derived_layout(std::string_view name);
const std::vector<derived_layout>& all_derived_layouts();

// "vector(2,2,3,MPI_INT)": the layout's constructor description for one element type.
std::string layout_description(derived_layout l, basic_type element);

// The layout's datatype (parsed from its description with sim::rma::parse_datatype).
datatype layout_datatype(derived_layout l, basic_type element);

// The same typemap shifted so that its lower bound is 0: the fuzzer's buffers start at an
// element's lower bound, where MPI's buffer argument then lies −lb bytes further on.
datatype from_lower_bound(const datatype& t);

// Per byte of one element (from the lower bound): whether a typemap entry covers it.
std::vector<bool> covered_bytes(const datatype& t);

}  // namespace redsem::fuzz
