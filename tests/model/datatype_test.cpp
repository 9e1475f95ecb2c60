// SPDX-License-Identifier: BSD-3-Clause
// The predefined datatype catalogue: names, C layouts, and the one visit switch.
#include <gtest/gtest.h>

#include <cstddef>

#include "model/datatype.h"

namespace redsem {
namespace {

TEST(datatype, names_parse_case_insensitively_with_optional_prefix) {
  EXPECT_EQ(parse_basic_type("MPI_INT32_T"), basic_type::int32);
  EXPECT_EQ(parse_basic_type("int32_t"), basic_type::int32);
  EXPECT_EQ(parse_basic_type("mpi_double_int"), basic_type::double_int);
  EXPECT_EQ(parse_basic_type("2int"), basic_type::two_int);
  EXPECT_EQ(parse_basic_type("MPI_LONG_LONG"), basic_type::long_long_int);  // synonym
  EXPECT_EQ(parse_basic_type("MPI_C_FLOAT_COMPLEX"), basic_type::c_complex);  // synonym
  EXPECT_EQ(parse_basic_type("MPI_CHAR"), basic_type::char_);  // known, though never reducible
  EXPECT_EQ(parse_basic_type("MPI_INT128_T"), std::nullopt);
  EXPECT_EQ(parse_basic_type(""), std::nullopt);
}

TEST(datatype, every_name_round_trips) {
  for (std::size_t i = 0; i < basic_type_count; ++i) {
    const auto t = static_cast<basic_type>(i);
    EXPECT_EQ(parse_basic_type(to_string(t)), t) << to_string(t);
  }
}

// The pair types are C structs {value; int index}: their extent and the index's offset
// come from the C compiler, padding included (MPI-4.1 §7.9.4).
TEST(datatype, pair_types_have_c_struct_layouts) {
  struct short_int { short v; int i; };
  struct double_int { double v; int i; };
  struct long_double_int { long double v; int i; };
  EXPECT_EQ(info(basic_type::short_int).size, sizeof(short_int));
  EXPECT_EQ(info(basic_type::short_int).fields[1].offset, offsetof(short_int, i));
  EXPECT_EQ(info(basic_type::double_int).size, sizeof(double_int));
  EXPECT_EQ(info(basic_type::double_int).fields[1].offset, offsetof(double_int, i));
  EXPECT_EQ(info(basic_type::long_double_int).size, sizeof(long_double_int));
  EXPECT_EQ(info(basic_type::long_double_int).size, 32u);
  EXPECT_EQ(info(basic_type::long_double_int).fields[1].offset, 16u);
  EXPECT_EQ(value_bytes(info(basic_type::long_double_int).fields[0].kind), 10u);  // x87: 6 bytes of padding
  EXPECT_EQ(info(basic_type::two_real).fields[1].kind, scalar_kind::f32);  // Fortran indices are REALs
}

TEST(datatype, groups_match_the_standard_for_tricky_members) {
  EXPECT_EQ(group_of(basic_type::signed_char), type_group::c_integer);  // §7.9.3: a small integer
  EXPECT_EQ(group_of(basic_type::char_), type_group::character);
  EXPECT_EQ(group_of(basic_type::wchar), type_group::character);
  EXPECT_EQ(group_of(basic_type::long_double), type_group::floating);
  EXPECT_EQ(group_of(basic_type::c_bool), type_group::logical);
  EXPECT_EQ(group_of(basic_type::aint), type_group::multi_language);
  EXPECT_EQ(group_of(basic_type::byte), type_group::byte);
}

TEST(datatype, visit_reaches_every_type_with_its_element) {
  for (std::size_t i = 0; i < basic_type_count; ++i) {
    const auto t = static_cast<basic_type>(i);
    const auto [reached, size] = visit(t, [](auto tag) {
      constexpr basic_type B = decltype(tag)::value;
      return std::pair{B, sizeof(element_t<B>)};
    });
    EXPECT_EQ(reached, t);
    EXPECT_EQ(size, info(t).size) << to_string(t);
  }
}

}  // namespace
}  // namespace redsem
