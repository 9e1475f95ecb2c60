// SPDX-License-Identifier: BSD-3-Clause
// The proposed MPI_Reduce_locals (mpi-issues #530) in the model: every row of the in-place
// and aliasing table, and the proposal's equivalences on random legal inputs.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "model/locals_table.h"
#include "model/reduce_local.h"
#include "model_fixture.h"

namespace redsem {
namespace {

using testing::bytes_of;
using testing::get;
using testing::put;

using testing::digits_op;
using testing::int_t;

// X at byte 0, Y at 8, A at 16, two ints each: X = {1, 4}, Y = {2, 5}, A = {3, 6}.
struct reduce_locals_test : ::testing::Test {
  address_space space;
  region_id mem = space.allocate("mem", 32);
  policy p;
  buffer X{mem, 0, 2, int_t}, Y{mem, 8, 2, int_t}, A{mem, 16, 2, int_t};
  reduce_locals_test() { put<int>(space, mem, 0, {1, 4, 2, 5, 3, 6}); }
  std::vector<int> a() const { return get<int>(space, mem, 16, 2); }
  void expect_result(const buffer_arg& in, const buffer_arg& arg, std::vector<int> expected) {
    const outcome o = reduce_locals(space, in, arg, A, &digits_op, p);
    ASSERT_TRUE(o.is_done()) << o.message();
    EXPECT_EQ(a(), expected);
  }
  void expect_refused(const buffer_arg& in, const buffer_arg& arg, const buffer_arg& io, rule r) {
    const auto before = bytes_of(space, mem);
    const outcome o = reduce_locals(space, in, arg, io, &digits_op, p);
    ASSERT_FALSE(o.is_done());
    EXPECT_EQ(o.broken_rule(), r) << o.message();
    EXPECT_EQ(bytes_of(space, mem), before);
  }
};

TEST_F(reduce_locals_test, x_y_gives_x_op_y) { expect_result(X, Y, {12, 45}); }
TEST_F(reduce_locals_test, in_place_y_gives_a_op_y) { expect_result(in_place, Y, {32, 65}); }
TEST_F(reduce_locals_test, x_in_place_gives_x_op_a) { expect_result(X, in_place, {13, 46}); }
TEST_F(reduce_locals_test, x_x_gives_x_op_x) { expect_result(X, X, {11, 44}); }
// Both operands are A's value on entry: the result is not A ∘ (A ∘ A) or any partial update.
TEST_F(reduce_locals_test, in_place_in_place_gives_a_op_a_from_entry_values) {
  expect_result(in_place, in_place, {33, 66});
}

TEST_F(reduce_locals_test, erroneous_rows_are_refused_and_write_nothing) {
  expect_refused(X, Y, in_place, rule::in_place_inoutbuf);
  expect_refused(A, Y, A, rule::inout_aliases_input);
  expect_refused(X, A, A, rule::inout_aliases_input);
  expect_refused(X, buffer{mem, 20, 1, int_t}, A, rule::type_signature_mismatch);
  expect_refused(X, buffer{mem, 12, 2, int_t}, A, rule::inout_aliases_input);  // partial: bytes 16..20
}

TEST(reduce_locals_table, every_row_agrees_with_the_proposal) {
  const auto rows = locals_table();
  EXPECT_GE(rows.size(), 11u);
  for (const auto& r : rows) EXPECT_EQ(r.verdict, row_verdict::agrees) << r.call << ": " << r.result.message();
}

// A random legal local reduction: op and type, count, values, and where X and A live.
struct case_t {
  op_id op;
  basic_type type;
  std::int64_t count;
  std::int64_t x_offset, a_offset;  // misaligned offsets included
  bool same_region;
  std::vector<std::uint8_t> x_bytes, a_bytes;
};

void showValue(const case_t& c, std::ostream& os) {
  os << to_string(c.op) << " on " << c.count << " × " << to_string(c.type) << ", X at +" << c.x_offset << ", A at +"
     << c.a_offset << (c.same_region ? " (one region)" : " (two regions)");
}

rc::Gen<case_t> legal_case() {
  return rc::gen::exec([] {
    case_t c;
    c.op = static_cast<op_id>(*rc::gen::inRange<int>(0, static_cast<int>(reduction_op_count)));
    std::vector<basic_type> types;
    for (std::size_t t = 0; t < basic_type_count; ++t)
      if (op_allows(c.op, static_cast<basic_type>(t))) types.push_back(static_cast<basic_type>(t));
    c.type = *rc::gen::elementOf(types);
    c.count = *rc::gen::inRange<std::int64_t>(0, 9);
    c.x_offset = *rc::gen::inRange<std::int64_t>(0, 8);
    c.a_offset = *rc::gen::inRange<std::int64_t>(0, 8);
    c.same_region = *rc::gen::arbitrary<bool>();
    const auto n = static_cast<std::size_t>(c.count * info(c.type).size);
    c.x_bytes = *rc::gen::container<std::vector<std::uint8_t>>(n, rc::gen::arbitrary<std::uint8_t>());
    c.a_bytes = *rc::gen::container<std::vector<std::uint8_t>>(n, rc::gen::arbitrary<std::uint8_t>());
    return c;
  });
}

// Lays the case out in a fresh address space and returns (space, X, A).
struct laid_out {
  address_space space;
  buffer x, a;
};
laid_out lay_out(const case_t& c) {
  laid_out l;
  const std::int64_t span = c.count * info(c.type).size;
  const region_id rx = l.space.allocate("x", static_cast<std::size_t>(2 * span + 16), std::byte{0x5C});
  const region_id ra = c.same_region ? rx : l.space.allocate("a", static_cast<std::size_t>(span + 8), std::byte{0x5C});
  const std::int64_t a_at = c.same_region ? span + 8 + c.a_offset : c.a_offset;
  l.x = buffer{rx, c.x_offset, c.count, datatype::predefined(c.type)};
  l.a = buffer{ra, a_at, c.count, datatype::predefined(c.type)};
  std::copy(c.x_bytes.begin(), c.x_bytes.end(), reinterpret_cast<std::uint8_t*>(l.space.bytes(rx).data() + c.x_offset));
  std::copy(c.a_bytes.begin(), c.a_bytes.end(), reinterpret_cast<std::uint8_t*>(l.space.bytes(ra).data() + a_at));
  return l;
}

std::vector<std::vector<std::byte>> all_bytes(const address_space& s) {
  std::vector<std::vector<std::byte>> out;
  for (region_id r = 0; r < s.size(); ++r) out.push_back(bytes_of(s, r));
  return out;
}

// The proposal: MPI_Reduce_local(X, A) ≡ MPI_Reduce_locals(X, MPI_IN_PLACE, A).
RC_GTEST_PROP(reduce_locals_property, reduce_local_equals_locals_with_in_place_argbuf, ()) {
  const case_t c = *legal_case();
  laid_out one = lay_out(c), two = lay_out(c);
  const policy p;
  const outcome o1 = reduce_local(one.space, one.x, one.a, c.op, p);
  const outcome o2 = reduce_locals(two.space, two.x, in_place, two.a, c.op, p);
  RC_ASSERT(o1.is_done());
  RC_ASSERT(o2.is_done());
  RC_ASSERT(all_bytes(one.space) == all_bytes(two.space));
}

// The proposal's implementation note: A = X ∘ Y is "copy Y to A, then MPI_Reduce_local(X, A)".
RC_GTEST_PROP(reduce_locals_property, x_op_y_equals_copy_then_reduce_local, ()) {
  case_t c = *legal_case();
  c.same_region = false;
  laid_out direct = lay_out(c), via_copy = lay_out(c);
  const policy p;
  // Y: a third region holding other values.
  const auto y_values = *rc::gen::container<std::vector<std::uint8_t>>(c.x_bytes.size(), rc::gen::arbitrary<std::uint8_t>());
  auto add_y = [&](laid_out& l) {
    const region_id ry = l.space.allocate("y", y_values.size() + 1);
    std::copy(y_values.begin(), y_values.end(), reinterpret_cast<std::uint8_t*>(l.space.bytes(ry).data() + 1));
    return buffer{ry, 1, c.count, datatype::predefined(c.type)};
  };
  const buffer y1 = add_y(direct), y2 = add_y(via_copy);
  RC_ASSERT(reduce_locals(direct.space, direct.x, y1, direct.a, c.op, p).is_done());
  // The copy moves typed data, as MPI's would: value bytes only, never A's padding.
  for (const byte_range& r : touched_bytes(y2))
    std::memcpy(via_copy.space.bytes(via_copy.a.region).data() + via_copy.a.offset + (r.begin - y2.offset),
                via_copy.space.bytes(y2.region).data() + r.begin, static_cast<std::size_t>(r.end - r.begin));
  RC_ASSERT(reduce_local(via_copy.space, via_copy.x, via_copy.a, c.op, p).is_done());
  RC_ASSERT(all_bytes(direct.space) == all_bytes(via_copy.space));
}

}  // namespace
}  // namespace redsem
