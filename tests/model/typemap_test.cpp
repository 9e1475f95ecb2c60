// SPDX-License-Identifier: BSD-3-Clause
// Derived datatypes flattened to typemaps, their bounds and padding, and byte-level overlap.
#include <gtest/gtest.h>

#include "model/buffer.h"
#include "model/typemap.h"

namespace redsem {
namespace {

const datatype int_t = datatype::predefined(basic_type::int_);
const datatype dbl_t = datatype::predefined(basic_type::double_);

std::vector<std::int64_t> disps(const datatype& d) {
  std::vector<std::int64_t> out;
  for (const auto& e : d.entries()) out.push_back(e.disp);
  return out;
}

TEST(typemap, contiguous_vector_hvector_indexed) {
  const auto c = datatype::contiguous(3, int_t);
  EXPECT_EQ(disps(c), (std::vector<std::int64_t>{0, 4, 8}));
  EXPECT_EQ(c.extent(), 12);

  const auto v = datatype::vector(2, 2, 3, dbl_t);  // blocks of 2 doubles every 3 doubles
  EXPECT_EQ(disps(v), (std::vector<std::int64_t>{0, 8, 24, 32}));
  EXPECT_EQ(v.extent(), 40);

  const auto h = datatype::hvector(2, 1, 5, int_t);
  EXPECT_EQ(disps(h), (std::vector<std::int64_t>{0, 5}));
  EXPECT_EQ(h.extent(), 9);

  const auto x = datatype::indexed({2, 1}, {3, 0}, int_t);
  EXPECT_EQ(disps(x), (std::vector<std::int64_t>{12, 16, 0}));
  EXPECT_EQ(x.lb(), 0);
  EXPECT_EQ(x.extent(), 20);
}

// A struct's extent is padded to its most aligned member, as C pads a struct.
TEST(typemap, struct_extent_has_c_padding) {
  const auto s = datatype::structure({1, 1}, {0, 8}, {dbl_t, int_t});
  EXPECT_EQ(s.extent(), 16);
  EXPECT_EQ(s.true_ub(), 12);
  const auto c = datatype::structure({1, 1}, {0, 8}, {datatype::predefined(basic_type::signed_char), dbl_t});
  EXPECT_EQ(c.extent(), 16);
  const auto si = datatype::predefined(basic_type::short_int);
  EXPECT_EQ(si.extent(), 8);
  EXPECT_EQ(datatype::predefined(basic_type::long_double_int).extent(), 32);
}

TEST(typemap, resized_changes_the_stride_of_copies) {
  const auto r = datatype::resized(int_t, 0, 8);
  EXPECT_EQ(r.extent(), 8);
  EXPECT_EQ(disps(datatype::contiguous(3, r)), (std::vector<std::int64_t>{0, 8, 16}));
  EXPECT_FALSE(r.is_predefined());
}

TEST(typemap, single_basic_type_query) {
  EXPECT_EQ(datatype::contiguous(4, int_t).single_basic_type(), basic_type::int_);
  EXPECT_EQ(datatype::vector(2, 1, 2, datatype::predefined(basic_type::double_int)).single_basic_type(),
            basic_type::double_int);
  EXPECT_EQ(datatype::structure({1, 1}, {0, 8}, {dbl_t, int_t}).single_basic_type(), std::nullopt);
  EXPECT_EQ(datatype::contiguous(0, int_t).single_basic_type(), std::nullopt);
}

TEST(typemap, signatures_compare_the_flattened_type_sequence) {
  EXPECT_TRUE(same_signature(4, int_t, 2, datatype::contiguous(2, int_t)));
  EXPECT_TRUE(same_signature(2, int_t, 1, datatype::vector(2, 1, 5, int_t)));
  EXPECT_FALSE(same_signature(3, int_t, 2, datatype::contiguous(2, int_t)));
  EXPECT_FALSE(same_signature(1, int_t, 1, datatype::predefined(basic_type::int32)));  // names differ
}

// Overlap is decided on value bytes: padding never counts.
TEST(buffers, overlap_is_decided_on_touched_bytes_not_extents) {
  address_space space;
  const region_id r = space.allocate("mem", 64);
  const buffer ld{r, 0, 1, datatype::predefined(basic_type::long_double)};  // touches [0,10)
  const buffer i{r, 12, 1, int_t};                                          // touches [12,16)
  EXPECT_EQ(first_overlap(ld, i), std::nullopt);
  const buffer j{r, 8, 1, int_t};
  ASSERT_TRUE(first_overlap(ld, j).has_value());
  EXPECT_EQ(*first_overlap(ld, j), (byte_range{r, 8, 10}));

  // Two interleaved strided vectors share a region and an address range but no byte.
  const auto every_other = datatype::vector(4, 1, 2, int_t);
  EXPECT_EQ(first_overlap(buffer{r, 0, 1, every_other}, buffer{r, 4, 1, every_other}), std::nullopt);
  EXPECT_TRUE(first_overlap(buffer{r, 0, 1, every_other}, buffer{r, 8, 1, every_other}).has_value());

  const auto pair = datatype::predefined(basic_type::double_int);  // touches [0,8) and [8,12); 12..16 is padding
  EXPECT_EQ(touched_bytes(buffer{r, 0, 2, pair}), (std::vector<byte_range>{{r, 0, 12}, {r, 16, 28}}));
}

// A datatype for a buffer that is written: overlapping entries are refused with the rule.
TEST(buffers, a_written_buffers_datatype_must_not_overlap_itself) {
  const auto twice = datatype::indexed({1, 1}, {0, 0}, int_t);
  const auto error = written_type_error(twice);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("byte 0 of an element is in two of them"), std::string::npos) << *error;
  EXPECT_NE(error->find("MPI-4.1 §7.9.1"), std::string::npos) << *error;
  EXPECT_EQ(written_type_error(datatype::contiguous(4, int_t)), std::nullopt);
  EXPECT_EQ(written_type_error(datatype::predefined(basic_type::double_int)), std::nullopt);  // padding is no overlap
}

TEST(buffers, self_overlap_and_bounds) {
  address_space space;
  const region_id r = space.allocate("mem", 16);
  const auto squeezed = datatype::contiguous(2, datatype::resized(int_t, 0, 2));  // entries at 0 and 2
  EXPECT_EQ(first_self_overlap(buffer{r, 0, 1, squeezed}), 2);
  EXPECT_EQ(first_self_overlap(buffer{r, 0, 4, int_t}), std::nullopt);
  EXPECT_TRUE(fits(space, buffer{r, 0, 4, int_t}));
  EXPECT_FALSE(fits(space, buffer{r, 4, 4, int_t}));
  EXPECT_FALSE(fits(space, buffer{r, -4, 1, int_t}));
  EXPECT_TRUE(fits(space, buffer{r, 100, 0, int_t}));  // nothing touched
}

}  // namespace
}  // namespace redsem
