/* SPDX-License-Identifier: BSD-3-Clause */
// The scalar kinds a predefined datatype is made of, and how their bytes are stored.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "model/check.h"

namespace redsem {

// Every predefined type is one or more scalar fields of these kinds. x87 long double
// occupies 16 bytes but only its first 10 carry the value: the rest is padding.
enum class scalar_kind : std::uint8_t {
  i8, u8, i16, u16, i32, u32, i64, u64,
  f32, f64, f80,
  char8, wchar,  // characters: never reduced, only moved (MPI_REPLACE / MPI_NO_OP)
};

constexpr std::size_t value_bytes(scalar_kind k) {
  switch (k) {
    case scalar_kind::i8: case scalar_kind::u8: case scalar_kind::char8: return 1;
    case scalar_kind::i16: case scalar_kind::u16: return 2;
    case scalar_kind::i32: case scalar_kind::u32: case scalar_kind::f32: case scalar_kind::wchar: return 4;
    case scalar_kind::i64: case scalar_kind::u64: case scalar_kind::f64: return 8;
    case scalar_kind::f80: return 10;
  }
  return 0;
}

constexpr bool is_float_kind(scalar_kind k) {
  return k == scalar_kind::f32 || k == scalar_kind::f64 || k == scalar_kind::f80;
}

constexpr bool is_signed_kind(scalar_kind k) {
  return k == scalar_kind::i8 || k == scalar_kind::i16 || k == scalar_kind::i32 ||
         k == scalar_kind::i64 || is_float_kind(k);
}

std::string_view to_string(scalar_kind k);

// The one switch from a runtime scalar kind to the C++ type that holds its value: calls
// f(std::type_identity<T>{}) for that T. Characters are the integers of their width, as MPI
// stores them here: char8 a std::uint8_t, wchar a std::int32_t.
template <class F>
decltype(auto) visit(scalar_kind k, F&& f) {
  switch (k) {
    case scalar_kind::i8: return f(std::type_identity<std::int8_t>{});
    case scalar_kind::u8: case scalar_kind::char8: return f(std::type_identity<std::uint8_t>{});
    case scalar_kind::i16: return f(std::type_identity<std::int16_t>{});
    case scalar_kind::u16: return f(std::type_identity<std::uint16_t>{});
    case scalar_kind::i32: case scalar_kind::wchar: return f(std::type_identity<std::int32_t>{});
    case scalar_kind::u32: return f(std::type_identity<std::uint32_t>{});
    case scalar_kind::i64: return f(std::type_identity<std::int64_t>{});
    case scalar_kind::u64: return f(std::type_identity<std::uint64_t>{});
    case scalar_kind::f32: return f(std::type_identity<float>{});
    case scalar_kind::f64: return f(std::type_identity<double>{});
    case scalar_kind::f80: return f(std::type_identity<long double>{});
  }
  internal_error("unknown scalar_kind");
}

}  // namespace redsem
