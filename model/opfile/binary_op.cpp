// SPDX-License-Identifier: BSD-3-Clause
#include "model/opfile/binary_op.h"

#include "model/element_io.h"

namespace redsem::opfile {

std::vector<concrete_element> binary_op::combine_all(std::span<const operands> pairs) const {
  std::vector<concrete_element> out;
  out.reserve(pairs.size());
  for (const auto& [a, b] : pairs) out.push_back(combine(*a, *b));
  return out;
}

std::vector<field_samples> binary_op::samples() const {
  std::vector<field_samples> out;
  for (field_type t : field_types()) out.push_back(samples_for(t));
  return out;
}

concrete_element load_fields(const std::vector<field_type>& types, const std::vector<std::size_t>& offsets,
                             const std::byte* p) {
  concrete_element x;
  x.reserve(types.size());
  for (std::size_t f = 0; f < types.size(); ++f) {
    x.push_back(visit(types[f], [&](auto tag) -> concrete_value {
      constexpr auto F = decltype(tag)::value;
      constexpr auto I = static_cast<std::size_t>(F);
      if constexpr (F == field_type::boolean) {
        return concrete_value(std::in_place_index<I>, std::to_integer<unsigned>(p[offsets[f]]) != 0);
      } else {
        return concrete_value(std::in_place_index<I>, load_scalar<field_cpp_t<F>>(p + offsets[f]));
      }
    }));
  }
  return x;
}

void store_fields(const std::vector<field_type>& types, const std::vector<std::size_t>& offsets,
                  const concrete_element& x, std::byte* p) {
  for (std::size_t f = 0; f < types.size(); ++f) {
    visit(types[f], [&](auto tag) {
      constexpr auto F = decltype(tag)::value;
      const auto v = std::get<static_cast<std::size_t>(F)>(x[f]);
      if constexpr (F == field_type::boolean) p[offsets[f]] = std::byte{v ? std::uint8_t{1} : std::uint8_t{0}};
      else store_scalar(p + offsets[f], v);
    });
  }
}

}  // namespace redsem::opfile
