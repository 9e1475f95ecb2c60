/* SPDX-License-Identifier: BSD-3-Clause */
// The scalar types a field of an op-file element may have, their C layout, and the one
// runtime→static switch over them.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

#include "model/check.h"
#include "model/datatype.h"

namespace redsem::opfile {

// The order is the order of the alternatives in opfile::value<D> (evaluate.h).
enum class field_type : std::uint8_t { boolean, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, f80 };
inline constexpr std::size_t field_type_count = 12;

// The C++ type that stores a field of type F. A bool field is one byte, read as 0 or not 0.
template <field_type F> struct field_cpp;
template <> struct field_cpp<field_type::boolean> { using type = bool; };
template <> struct field_cpp<field_type::i8> { using type = std::int8_t; };
template <> struct field_cpp<field_type::i16> { using type = std::int16_t; };
template <> struct field_cpp<field_type::i32> { using type = std::int32_t; };
template <> struct field_cpp<field_type::i64> { using type = std::int64_t; };
template <> struct field_cpp<field_type::u8> { using type = std::uint8_t; };
template <> struct field_cpp<field_type::u16> { using type = std::uint16_t; };
template <> struct field_cpp<field_type::u32> { using type = std::uint32_t; };
template <> struct field_cpp<field_type::u64> { using type = std::uint64_t; };
template <> struct field_cpp<field_type::f32> { using type = float; };
template <> struct field_cpp<field_type::f64> { using type = double; };
template <> struct field_cpp<field_type::f80> { using type = long double; };
template <field_type F> using field_cpp_t = typename field_cpp<F>::type;

template <field_type F>
using field_tag = std::integral_constant<field_type, F>;

// Calls f(field_tag<F>{}) for the runtime type t.
template <class Fn>
decltype(auto) visit(field_type t, Fn&& f) {
  switch (t) {
    case field_type::boolean: return f(field_tag<field_type::boolean>{});
    case field_type::i8: return f(field_tag<field_type::i8>{});
    case field_type::i16: return f(field_tag<field_type::i16>{});
    case field_type::i32: return f(field_tag<field_type::i32>{});
    case field_type::i64: return f(field_tag<field_type::i64>{});
    case field_type::u8: return f(field_tag<field_type::u8>{});
    case field_type::u16: return f(field_tag<field_type::u16>{});
    case field_type::u32: return f(field_tag<field_type::u32>{});
    case field_type::u64: return f(field_tag<field_type::u64>{});
    case field_type::f32: return f(field_tag<field_type::f32>{});
    case field_type::f64: return f(field_tag<field_type::f64>{});
    case field_type::f80: return f(field_tag<field_type::f80>{});
  }
  internal_error("unknown field_type");
}

constexpr bool is_float(field_type t) {
  return t == field_type::f32 || t == field_type::f64 || t == field_type::f80;
}
constexpr bool is_integer(field_type t) { return t != field_type::boolean && !is_float(t); }
constexpr bool is_signed_integer(field_type t) {
  return t == field_type::i8 || t == field_type::i16 || t == field_type::i32 || t == field_type::i64;
}

// Canonical name ("int32", "double", "bool", ...).
std::string_view to_string(field_type t);

// Accepts the canonical names, their <cstdint> spellings (int32_t) and the C names of an
// LP64 target (int, long, unsigned_long, long_double, ...).
std::optional<field_type> parse_field_type(std::string_view name);

// The predefined MPI datatype a field of this type is sent as (bool: MPI_C_BOOL).
basic_type basic_type_of(field_type t);

}  // namespace redsem::opfile
