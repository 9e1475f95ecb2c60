/* SPDX-License-Identifier: BSD-3-Clause */
// The MPI-4.1 predefined datatypes that may appear in a reduction or an accumulate
// (MPI-4.1 §7.9.2, §7.9.4), their groups, C layouts, and the one runtime→static `visit`.
#pragma once

#include <array>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include "model/scalar.h"
#include "model/values.h"

namespace redsem {

// The type groups of MPI-4.1 §7.9.2, plus the pair types of §7.9.4 and the character
// types that §7.9.3 rules out of reductions.
enum class type_group : std::uint8_t {
  c_integer, fortran_integer, floating, logical, complex, byte, multi_language, pair, character,
};
inline constexpr std::size_t type_group_count = 9;
std::string_view to_string(type_group g);

// Ordered by group. Synonyms (MPI_LONG_LONG, MPI_C_FLOAT_COMPLEX) are names, not values.
// Optional Fortran sizes whose C counterpart this compiler lacks (INTEGER16, REAL2, REAL16,
// COMPLEX4, COMPLEX32) are left out: MPI lists them "where available".
enum class basic_type : std::uint8_t {
  // C integer
  signed_char, unsigned_char, short_, unsigned_short, int_, unsigned_, long_, unsigned_long,
  long_long_int, unsigned_long_long, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
  // Fortran integer
  integer, integer1, integer2, integer4, integer8,
  // floating point
  float_, double_, long_double, real, double_precision, real4, real8,
  // logical
  logical, c_bool, cxx_bool,
  // complex
  c_complex, c_double_complex, c_long_double_complex, cxx_float_complex, cxx_double_complex,
  cxx_long_double_complex, complex, double_complex, complex8, complex16,
  // byte
  byte,
  // multi-language
  aint, offset, count,
  // value–index pairs
  float_int, double_int, long_int, two_int, short_int, long_double_int, two_real,
  two_double_precision, two_integer,
  // characters: known, never valid in a reduction
  char_, wchar, character,
};
inline constexpr std::size_t basic_type_count = static_cast<std::size_t>(basic_type::character) + 1;

// The static facts of one predefined type: its element representation and group.
template <basic_type B> struct type_traits;

namespace detail {
// A string usable as a template argument, so each type's name sits on its one line below.
template <std::size_t N>
struct fixed_string {
  char text[N]{};
  constexpr fixed_string(const char (&s)[N]) {  // NOLINT(google-explicit-constructor)
    for (std::size_t i = 0; i < N; ++i) text[i] = s[i];
  }
};
template <class E, type_group G, fixed_string Name>
struct traits_base {
  using element = E;
  static constexpr type_group group = G;
  static constexpr std::string_view name{Name.text, sizeof(Name.text) - 1};
};
using fint = std::int32_t;   // Fortran default INTEGER and LOGICAL are 4 bytes (gfortran)
using lchar = std::uint8_t;  // C_BOOL / CXX_BOOL bytes are read raw: a byte other than 0/1 is data, not UB
}  // namespace detail

template <> struct type_traits<basic_type::signed_char> : detail::traits_base<signed char, type_group::c_integer, "MPI_SIGNED_CHAR"> {};
template <> struct type_traits<basic_type::unsigned_char> : detail::traits_base<unsigned char, type_group::c_integer, "MPI_UNSIGNED_CHAR"> {};
template <> struct type_traits<basic_type::short_> : detail::traits_base<short, type_group::c_integer, "MPI_SHORT"> {};
template <> struct type_traits<basic_type::unsigned_short> : detail::traits_base<unsigned short, type_group::c_integer, "MPI_UNSIGNED_SHORT"> {};
template <> struct type_traits<basic_type::int_> : detail::traits_base<int, type_group::c_integer, "MPI_INT"> {};
template <> struct type_traits<basic_type::unsigned_> : detail::traits_base<unsigned, type_group::c_integer, "MPI_UNSIGNED"> {};
template <> struct type_traits<basic_type::long_> : detail::traits_base<long, type_group::c_integer, "MPI_LONG"> {};
template <> struct type_traits<basic_type::unsigned_long> : detail::traits_base<unsigned long, type_group::c_integer, "MPI_UNSIGNED_LONG"> {};
template <> struct type_traits<basic_type::long_long_int> : detail::traits_base<long long, type_group::c_integer, "MPI_LONG_LONG_INT"> {};
template <> struct type_traits<basic_type::unsigned_long_long> : detail::traits_base<unsigned long long, type_group::c_integer, "MPI_UNSIGNED_LONG_LONG"> {};
template <> struct type_traits<basic_type::int8> : detail::traits_base<std::int8_t, type_group::c_integer, "MPI_INT8_T"> {};
template <> struct type_traits<basic_type::int16> : detail::traits_base<std::int16_t, type_group::c_integer, "MPI_INT16_T"> {};
template <> struct type_traits<basic_type::int32> : detail::traits_base<std::int32_t, type_group::c_integer, "MPI_INT32_T"> {};
template <> struct type_traits<basic_type::int64> : detail::traits_base<std::int64_t, type_group::c_integer, "MPI_INT64_T"> {};
template <> struct type_traits<basic_type::uint8> : detail::traits_base<std::uint8_t, type_group::c_integer, "MPI_UINT8_T"> {};
template <> struct type_traits<basic_type::uint16> : detail::traits_base<std::uint16_t, type_group::c_integer, "MPI_UINT16_T"> {};
template <> struct type_traits<basic_type::uint32> : detail::traits_base<std::uint32_t, type_group::c_integer, "MPI_UINT32_T"> {};
template <> struct type_traits<basic_type::uint64> : detail::traits_base<std::uint64_t, type_group::c_integer, "MPI_UINT64_T"> {};
template <> struct type_traits<basic_type::integer> : detail::traits_base<detail::fint, type_group::fortran_integer, "MPI_INTEGER"> {};
template <> struct type_traits<basic_type::integer1> : detail::traits_base<std::int8_t, type_group::fortran_integer, "MPI_INTEGER1"> {};
template <> struct type_traits<basic_type::integer2> : detail::traits_base<std::int16_t, type_group::fortran_integer, "MPI_INTEGER2"> {};
template <> struct type_traits<basic_type::integer4> : detail::traits_base<std::int32_t, type_group::fortran_integer, "MPI_INTEGER4"> {};
template <> struct type_traits<basic_type::integer8> : detail::traits_base<std::int64_t, type_group::fortran_integer, "MPI_INTEGER8"> {};
template <> struct type_traits<basic_type::float_> : detail::traits_base<float, type_group::floating, "MPI_FLOAT"> {};
template <> struct type_traits<basic_type::double_> : detail::traits_base<double, type_group::floating, "MPI_DOUBLE"> {};
template <> struct type_traits<basic_type::long_double> : detail::traits_base<long double, type_group::floating, "MPI_LONG_DOUBLE"> {};
template <> struct type_traits<basic_type::real> : detail::traits_base<float, type_group::floating, "MPI_REAL"> {};
template <> struct type_traits<basic_type::double_precision> : detail::traits_base<double, type_group::floating, "MPI_DOUBLE_PRECISION"> {};
template <> struct type_traits<basic_type::real4> : detail::traits_base<float, type_group::floating, "MPI_REAL4"> {};
template <> struct type_traits<basic_type::real8> : detail::traits_base<double, type_group::floating, "MPI_REAL8"> {};
template <> struct type_traits<basic_type::logical> : detail::traits_base<detail::fint, type_group::logical, "MPI_LOGICAL"> {};
template <> struct type_traits<basic_type::c_bool> : detail::traits_base<detail::lchar, type_group::logical, "MPI_C_BOOL"> {};
template <> struct type_traits<basic_type::cxx_bool> : detail::traits_base<detail::lchar, type_group::logical, "MPI_CXX_BOOL"> {};
template <> struct type_traits<basic_type::c_complex> : detail::traits_base<complex_val<float>, type_group::complex, "MPI_C_COMPLEX"> {};
template <> struct type_traits<basic_type::c_double_complex> : detail::traits_base<complex_val<double>, type_group::complex, "MPI_C_DOUBLE_COMPLEX"> {};
template <> struct type_traits<basic_type::c_long_double_complex> : detail::traits_base<complex_val<long double>, type_group::complex, "MPI_C_LONG_DOUBLE_COMPLEX"> {};
template <> struct type_traits<basic_type::cxx_float_complex> : detail::traits_base<complex_val<float>, type_group::complex, "MPI_CXX_FLOAT_COMPLEX"> {};
template <> struct type_traits<basic_type::cxx_double_complex> : detail::traits_base<complex_val<double>, type_group::complex, "MPI_CXX_DOUBLE_COMPLEX"> {};
template <> struct type_traits<basic_type::cxx_long_double_complex> : detail::traits_base<complex_val<long double>, type_group::complex, "MPI_CXX_LONG_DOUBLE_COMPLEX"> {};
template <> struct type_traits<basic_type::complex> : detail::traits_base<complex_val<float>, type_group::complex, "MPI_COMPLEX"> {};
template <> struct type_traits<basic_type::double_complex> : detail::traits_base<complex_val<double>, type_group::complex, "MPI_DOUBLE_COMPLEX"> {};
template <> struct type_traits<basic_type::complex8> : detail::traits_base<complex_val<float>, type_group::complex, "MPI_COMPLEX8"> {};
template <> struct type_traits<basic_type::complex16> : detail::traits_base<complex_val<double>, type_group::complex, "MPI_COMPLEX16"> {};
template <> struct type_traits<basic_type::byte> : detail::traits_base<std::uint8_t, type_group::byte, "MPI_BYTE"> {};
template <> struct type_traits<basic_type::aint> : detail::traits_base<std::int64_t, type_group::multi_language, "MPI_AINT"> {};
template <> struct type_traits<basic_type::offset> : detail::traits_base<std::int64_t, type_group::multi_language, "MPI_OFFSET"> {};
template <> struct type_traits<basic_type::count> : detail::traits_base<std::int64_t, type_group::multi_language, "MPI_COUNT"> {};
template <> struct type_traits<basic_type::float_int> : detail::traits_base<pair_val<float, int>, type_group::pair, "MPI_FLOAT_INT"> {};
template <> struct type_traits<basic_type::double_int> : detail::traits_base<pair_val<double, int>, type_group::pair, "MPI_DOUBLE_INT"> {};
template <> struct type_traits<basic_type::long_int> : detail::traits_base<pair_val<long, int>, type_group::pair, "MPI_LONG_INT"> {};
template <> struct type_traits<basic_type::two_int> : detail::traits_base<pair_val<int, int>, type_group::pair, "MPI_2INT"> {};
template <> struct type_traits<basic_type::short_int> : detail::traits_base<pair_val<short, int>, type_group::pair, "MPI_SHORT_INT"> {};
template <> struct type_traits<basic_type::long_double_int> : detail::traits_base<pair_val<long double, int>, type_group::pair, "MPI_LONG_DOUBLE_INT"> {};
template <> struct type_traits<basic_type::two_real> : detail::traits_base<pair_val<float, float>, type_group::pair, "MPI_2REAL"> {};
template <> struct type_traits<basic_type::two_double_precision> : detail::traits_base<pair_val<double, double>, type_group::pair, "MPI_2DOUBLE_PRECISION"> {};
template <> struct type_traits<basic_type::two_integer> : detail::traits_base<pair_val<detail::fint, detail::fint>, type_group::pair, "MPI_2INTEGER"> {};
template <> struct type_traits<basic_type::char_> : detail::traits_base<char, type_group::character, "MPI_CHAR"> {};
template <> struct type_traits<basic_type::wchar> : detail::traits_base<wchar_t, type_group::character, "MPI_WCHAR"> {};
template <> struct type_traits<basic_type::character> : detail::traits_base<char, type_group::character, "MPI_CHARACTER"> {};

template <basic_type B> using element_t = typename type_traits<B>::element;

}  // namespace redsem

namespace redsem {

// The scalar kind that stores a C++ scalar type.
template <class T>
constexpr scalar_kind scalar_kind_of() {
  if constexpr (std::is_same_v<T, char>) return scalar_kind::char8;
  else if constexpr (std::is_same_v<T, wchar_t>) return scalar_kind::wchar;
  else if constexpr (std::is_floating_point_v<T>)
    return sizeof(T) == 4 ? scalar_kind::f32 : sizeof(T) == 8 ? scalar_kind::f64 : scalar_kind::f80;
  else {
    static_assert(std::is_integral_v<T>);
    constexpr bool s = std::is_signed_v<T>;
    switch (sizeof(T)) {
      case 1: return s ? scalar_kind::i8 : scalar_kind::u8;
      case 2: return s ? scalar_kind::i16 : scalar_kind::u16;
      case 4: return s ? scalar_kind::i32 : scalar_kind::u32;
      default: return s ? scalar_kind::i64 : scalar_kind::u64;
    }
  }
}

// One scalar field of an element: its kind and byte offset inside the element.
struct field {
  scalar_kind kind;
  std::uint16_t offset;
};

// The runtime facts of a predefined type, derived from type_traits so they cannot drift.
struct type_info {
  std::string_view name;
  type_group group;
  std::uint16_t size;   // sizeof the C element, padding included (its extent)
  std::uint16_t align;  // alignof the C element
  std::uint8_t field_count;
  std::array<field, 2> fields;
};

template <class E>
constexpr type_info describe_element(std::string_view name, type_group group) {
  type_info t{name, group, sizeof(E), alignof(E), 1, {}};
  if constexpr (is_complex<E>::value) {
    using S = decltype(E::re);
    t.field_count = 2;
    t.fields = {field{scalar_kind_of<S>(), 0}, field{scalar_kind_of<S>(), sizeof(S)}};
  } else if constexpr (is_pair<E>::value) {
    t.field_count = 2;
    t.fields = {field{scalar_kind_of<decltype(E::value)>(), offsetof(E, value)},
                field{scalar_kind_of<decltype(E::index)>(), offsetof(E, index)}};
  } else {
    t.fields = {field{scalar_kind_of<E>(), 0}, field{}};
  }
  return t;
}

namespace detail {
template <std::size_t... I>
constexpr auto make_type_table(std::index_sequence<I...>) {
  return std::array<type_info, sizeof...(I)>{describe_element<element_t<static_cast<basic_type>(I)>>(
      type_traits<static_cast<basic_type>(I)>::name, type_traits<static_cast<basic_type>(I)>::group)...};
}
}  // namespace detail

inline constexpr auto type_table = detail::make_type_table(std::make_index_sequence<basic_type_count>{});

constexpr const type_info& info(basic_type t) { return type_table[static_cast<std::size_t>(t)]; }
constexpr type_group group_of(basic_type t) { return info(t).group; }
constexpr std::string_view to_string(basic_type t) { return info(t).name; }

// The one switch from a runtime type tag to a static one: calls
// f(std::integral_constant<basic_type, B>{}) for the B that t names.
template <class F>
decltype(auto) visit(basic_type t, F&& f) {
  using R = std::invoke_result_t<F&, std::integral_constant<basic_type, basic_type::signed_char>>;
  return [&]<std::size_t... I>(std::index_sequence<I...>) -> R {
    using entry = R (*)(F&);
    static constexpr entry table[] = {[](F& g) -> R {
      return g(std::integral_constant<basic_type, static_cast<basic_type>(I)>{});
    }...};
    return table[static_cast<std::size_t>(t)](f);
  }(std::make_index_sequence<basic_type_count>{});
}

// MPI names, case-insensitive, "MPI_" optional; synonyms MPI_LONG_LONG and
// MPI_C_FLOAT_COMPLEX resolve to MPI_LONG_LONG_INT and MPI_C_COMPLEX.
std::optional<basic_type> parse_basic_type(std::string_view name);

// Groups are the first index of the enum ranges above; checked once here.
static_assert(type_table.size() == 59, "every MPI-4.1 predefined reduction/accumulate type");
static_assert(info(basic_type::double_int).size == 16 && info(basic_type::double_int).fields[1].offset == 8);
static_assert(info(basic_type::short_int).size == 8 && info(basic_type::short_int).fields[1].offset == 4);

}  // namespace redsem
