// SPDX-License-Identifier: BSD-3-Clause
// An element in a JSON document is a number beside its bits and its display text, and the bits
// read back to the same bytes.
#include "model/element_json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace redsem {
namespace {

template <class T>
std::vector<std::byte> bytes_of(T v) {
  std::vector<std::byte> b(sizeof v);
  std::memcpy(b.data(), &v, sizeof v);
  return b;
}

TEST(element_json, a_double_is_a_number_beside_its_bits_and_text) {
  const auto two = bytes_of(2.0);
  const auto j = element_json(datatype::predefined(basic_type::double_), two.data());
  EXPECT_TRUE(j["value"].is_number());
  EXPECT_EQ(j["value"].get<double>(), 2.0);
  EXPECT_EQ(j["bits"], "0x4000000000000000");
  EXPECT_EQ(j["display"], "2 [0x4000000000000000]");
}

TEST(element_json, nan_has_no_json_number_and_keeps_its_bits) {
  const auto nan = bytes_of(std::numeric_limits<float>::quiet_NaN());
  const auto j = element_json(datatype::predefined(basic_type::float_), nan.data());
  EXPECT_TRUE(j["value"].is_null());
  EXPECT_EQ(element_from_json(datatype::predefined(basic_type::float_), j), nan);
}

TEST(element_json, a_pair_gives_one_value_per_field) {
  struct {
    double d;
    int i;
  } pair{-0.5, 7};
  std::vector<std::byte> b(sizeof pair);
  std::memcpy(b.data(), &pair, sizeof pair);
  const datatype type = datatype::predefined(basic_type::double_int);
  const auto j = element_json(type, b.data());
  ASSERT_TRUE(j["value"].is_array());
  EXPECT_EQ(j["value"][0].get<double>(), -0.5);
  EXPECT_EQ(j["value"][1].get<int>(), 7);
  const auto back = element_from_json(type, j);
  ASSERT_TRUE(back);
  EXPECT_EQ(std::memcmp(back->data(), b.data(), 12), 0);  // the value bytes; padding is zero
}

TEST(element_json, bits_of_another_width_do_not_read_back) {
  const nlohmann::json j{{"bits", "0x4000"}, {"value", 2}, {"display", "2"}};
  EXPECT_FALSE(element_from_json(datatype::predefined(basic_type::double_), j));
  EXPECT_FALSE(element_from_json(datatype::predefined(basic_type::double_), nlohmann::json("2")));
}

}  // namespace
}  // namespace redsem
