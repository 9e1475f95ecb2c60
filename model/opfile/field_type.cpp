// SPDX-License-Identifier: BSD-3-Clause
#include "model/opfile/field_type.h"

#include <array>
#include <utility>

namespace redsem::opfile {

std::string_view to_string(field_type t) {
  switch (t) {
    case field_type::boolean: return "bool";
    case field_type::i8: return "int8";
    case field_type::i16: return "int16";
    case field_type::i32: return "int32";
    case field_type::i64: return "int64";
    case field_type::u8: return "uint8";
    case field_type::u16: return "uint16";
    case field_type::u32: return "uint32";
    case field_type::u64: return "uint64";
    case field_type::f32: return "float";
    case field_type::f64: return "double";
    case field_type::f80: return "long_double";
  }
  internal_error("unknown field_type");
}

std::optional<field_type> parse_field_type(std::string_view name) {
  using enum field_type;
  static constexpr std::array<std::pair<std::string_view, field_type>, 31> names{{
      {"bool", boolean},         {"int8", i8},          {"int8_t", i8},          {"signed_char", i8},
      {"int16", i16},            {"int16_t", i16},      {"short", i16},          {"int32", i32},
      {"int32_t", i32},          {"int", i32},          {"int64", i64},          {"int64_t", i64},
      {"long", i64},             {"long_long", i64},    {"uint8", u8},           {"uint8_t", u8},
      {"unsigned_char", u8},     {"uint16", u16},       {"uint16_t", u16},       {"unsigned_short", u16},
      {"uint32", u32},           {"uint32_t", u32},     {"unsigned", u32},       {"uint64", u64},
      {"uint64_t", u64},         {"unsigned_long", u64}, {"unsigned_long_long", u64}, {"float", f32},
      {"double", f64},           {"long_double", f80},  {"_Bool", boolean},
  }};
  for (const auto& [text, type] : names)
    if (text == name) return type;
  return std::nullopt;
}

basic_type basic_type_of(field_type t) {
  switch (t) {
    case field_type::boolean: return basic_type::c_bool;
    case field_type::i8: return basic_type::int8;
    case field_type::i16: return basic_type::int16;
    case field_type::i32: return basic_type::int32;
    case field_type::i64: return basic_type::int64;
    case field_type::u8: return basic_type::uint8;
    case field_type::u16: return basic_type::uint16;
    case field_type::u32: return basic_type::uint32;
    case field_type::u64: return basic_type::uint64;
    case field_type::f32: return basic_type::float_;
    case field_type::f64: return basic_type::double_;
    case field_type::f80: return basic_type::long_double;
  }
  internal_error("unknown field_type");
}

}  // namespace redsem::opfile
