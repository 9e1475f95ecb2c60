// SPDX-License-Identifier: BSD-3-Clause
#include "model/opfile/literal.h"

#include <limits>

#include "model/scalar_text.h"

namespace redsem::opfile::detail {

std::optional<scalar> integer_as(field_type t, bool negative, std::uint64_t magnitude) {
  return visit(t, [&](auto tag) -> std::optional<scalar> {
    using S = field_cpp_t<decltype(tag)::value>;
    constexpr auto index = static_cast<std::size_t>(decltype(tag)::value);
    if constexpr (std::is_same_v<S, bool>) {
      return std::nullopt;
    } else if constexpr (std::is_floating_point_v<S>) {
      const S v = static_cast<S>(magnitude);
      return scalar(std::in_place_index<index>, negative ? -v : v);
    } else {
      using U = std::make_unsigned_t<S>;
      if (!negative) {
        if (magnitude > static_cast<std::uint64_t>(std::numeric_limits<S>::max())) return std::nullopt;
        return scalar(std::in_place_index<index>, static_cast<S>(magnitude));
      }
      if constexpr (std::is_unsigned_v<S>) {
        if (magnitude != 0) return std::nullopt;
        return scalar(std::in_place_index<index>, S{0});
      } else {
        const auto limit = static_cast<std::uint64_t>(static_cast<U>(std::numeric_limits<S>::min()));  // 2^(bits-1)
        if (magnitude > limit) return std::nullopt;
        return scalar(std::in_place_index<index>, static_cast<S>(static_cast<U>(U{0} - static_cast<U>(magnitude))));
      }
    }
  });
}

std::optional<scalar> float_as(field_type t, bool negative, const std::string& numeral, std::string* error) {
  return visit(t, [&](auto tag) -> std::optional<scalar> {
    using S = field_cpp_t<decltype(tag)::value>;
    constexpr auto index = static_cast<std::size_t>(decltype(tag)::value);
    if constexpr (std::is_floating_point_v<S>) {
      const auto v = parse_number<S>((negative ? "-" : "") + numeral, error);
      if (!v) {
        *error = "floating-point literal " + *error;
        return std::nullopt;
      }
      return scalar(std::in_place_index<index>, *v);
    } else {
      *error = "floating-point literal where type " + std::string(to_string(t)) + " is expected";
      return std::nullopt;
    }
  });
}

scalar type_limit(field_type t, bool maximum) {
  return visit(t, [&](auto tag) -> scalar {
    using S = field_cpp_t<decltype(tag)::value>;
    constexpr auto index = static_cast<std::size_t>(decltype(tag)::value);
    using lim = std::numeric_limits<S>;
    if constexpr (std::is_floating_point_v<S>)
      return scalar(std::in_place_index<index>, maximum ? lim::infinity() : -lim::infinity());
    else
      return scalar(std::in_place_index<index>, maximum ? lim::max() : lim::min());
  });
}

}  // namespace redsem::opfile::detail
