// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/derived_layouts.h"

#include <stdexcept>

#include "sim/rma/scenario_values.h"

namespace redsem::fuzz {

std::string_view to_string(derived_layout l) {
  switch (l) {
    case derived_layout::vector:
      return "vector";
    case derived_layout::hvector:
      return "hvector";
    case derived_layout::indexed:
      return "indexed";
    case derived_layout::padded:
      return "padded";
    case derived_layout::negative_lb:
      return "negative_lb";
    case derived_layout::nested:
      return "nested";
  }
  return "?";
}

const std::vector<derived_layout>& all_derived_layouts() {
  static const std::vector<derived_layout> all{derived_layout::vector, derived_layout::hvector,
                                               derived_layout::indexed, derived_layout::padded,
                                               derived_layout::negative_lb, derived_layout::nested};
  return all;
}

std::optional<derived_layout> parse_derived_layout(std::string_view name) {
  for (derived_layout l : all_derived_layouts())
    if (to_string(l) == name) return l;
  return std::nullopt;
}

std::string layout_description(derived_layout l, basic_type element) {
  const std::string t(to_string(element));
  const std::int64_t s = info(element).size;
  // A gap of the type's alignment keeps every element aligned, as a C compiler would.
  const std::string past_gap = std::to_string(2 * s + info(element).align);
  switch (l) {
    case derived_layout::vector:
      return "vector(2,2,3," + t + ")";
    case derived_layout::hvector:
      return "hvector(2,2," + past_gap + "," + t + ")";
    case derived_layout::indexed:
      return "indexed(2:1,0:3," + t + ")";
    case derived_layout::padded:
      return "struct(2:1,0:" + past_gap + "," + t + ":" + t + ")";
    case derived_layout::negative_lb:
      return "resized(contiguous(2," + t + ")," + std::to_string(-2 * s) + "," + std::to_string(5 * s) + ")";
    case derived_layout::nested:
      return "vector(2,1,2,contiguous(2," + t + "))";
  }
  return t;
}

datatype layout_datatype(derived_layout l, basic_type element) {
  std::string why;
  const auto made = sim::rma::parse_datatype(layout_description(l, element), &why);
  // The descriptions are generated here: one that does not parse is a bug in this file.
  if (!made) throw std::logic_error("derived layout " + layout_description(l, element) + ": " + why);
  return *made;
}

datatype from_lower_bound(const datatype& t) {
  std::vector<std::int64_t> blocks, disps;
  std::vector<datatype> types;
  for (const auto& e : t.entries()) {
    blocks.push_back(1);
    disps.push_back(e.disp - t.lb());
    types.push_back(datatype::predefined(e.type));
  }
  return datatype::resized(datatype::structure(blocks, disps, types), 0, t.extent());
}

std::vector<bool> covered_bytes(const datatype& t) {
  std::vector<bool> covered(static_cast<std::size_t>(t.extent()), false);
  for (const auto& e : t.entries())
    for (std::int64_t b = 0; b < info(e.type).size; ++b) {
      const std::int64_t at = e.disp - t.lb() + b;
      if (at >= 0 && at < t.extent()) covered[static_cast<std::size_t>(at)] = true;
    }
  return covered;
}

}  // namespace redsem::fuzz
