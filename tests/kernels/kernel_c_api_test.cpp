// SPDX-License-Identifier: BSD-3-Clause
// redsem/reduce.h against the model: the same verdict (same rule) for every op on every type,
// for MPI_IN_PLACE where forbidden, negative counts and every aliasing offset; the same results
// for every MPI_Reduce_locals in-place row, with predefined and user ops; nothing written on error.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "model/reduce_local.h"
#include "redsem/reduce.h"

namespace redsem {
namespace {

int code_of(const outcome& o) { return o.is_done() ? REDSEM_SUCCESS : 1 + static_cast<int>(o.broken_rule()); }

TEST(KernelCApi, every_op_on_every_type_gets_the_models_verdict) {
  for_each_op_and_type([](op_id op, basic_type type) {
    const std::size_t size = info(type).size;
    address_space space;
    const region_id r = space.allocate("mem", 2 * size);
    const datatype dt = datatype::predefined(type);
    const int model = code_of(reduce_local(space, buffer{r, 0, 1, dt}, buffer{r, static_cast<std::int64_t>(size), 1, dt}, op, policy{}));
    std::vector<std::byte> mem(2 * size, std::byte{0}), before = mem;
    const int c = redsem_reduce_local(mem.data(), mem.data() + size, 1, static_cast<redsem_datatype>(type),
                                      static_cast<redsem_op>(op));
    EXPECT_EQ(c, model) << to_string(op) << " on " << to_string(type) << ": " << redsem_error_string(c);
    if (c != REDSEM_SUCCESS) {
      EXPECT_EQ(mem, before) << "an erroneous call wrote";
    }
  });
}

TEST(KernelCApi, in_place_and_counts_follow_the_model) {
  int x[4] = {1, 2, 3, 4}, a[4] = {5, 6, 7, 8};
  EXPECT_EQ(redsem_reduce_local(REDSEM_IN_PLACE, a, 4, REDSEM_INT, REDSEM_SUM), REDSEM_ERR_IN_PLACE_FORBIDDEN);
  EXPECT_EQ(redsem_reduce_local(x, REDSEM_IN_PLACE, 4, REDSEM_INT, REDSEM_SUM), REDSEM_ERR_IN_PLACE_FORBIDDEN);
  EXPECT_EQ(redsem_reduce_locals(x, x, REDSEM_IN_PLACE, 4, REDSEM_INT, REDSEM_SUM), REDSEM_ERR_IN_PLACE_INOUTBUF);
  EXPECT_EQ(redsem_reduce_local(x, a, -1, REDSEM_INT, REDSEM_SUM), REDSEM_ERR_NEGATIVE_COUNT);
  EXPECT_EQ(redsem_reduce_local(x, a, 4, REDSEM_INT, REDSEM_REPLACE), REDSEM_ERR_RMA_ONLY_OP);
  // Any int is a redsem_datatype value (reduce.h): one past the last, and below the first.
  EXPECT_EQ(redsem_reduce_local(x, a, 4, static_cast<redsem_datatype>(77), REDSEM_SUM), REDSEM_ERR_INVALID_DATATYPE);
  EXPECT_EQ(redsem_reduce_local(x, a, 4, static_cast<redsem_datatype>(-1), REDSEM_SUM), REDSEM_ERR_INVALID_DATATYPE);
  EXPECT_EQ(redsem_reduce_local(x, a, 4, REDSEM_INT, 99), REDSEM_ERR_INVALID_OP);
  EXPECT_EQ(redsem_reduce_local(nullptr, a, 4, REDSEM_INT, REDSEM_SUM), REDSEM_ERR_NULL_BUFFER);
  EXPECT_EQ(redsem_reduce_local(nullptr, nullptr, 0, REDSEM_INT, REDSEM_SUM), REDSEM_SUCCESS);
  EXPECT_EQ(redsem_reduce_local(x, a, INT64_MAX, REDSEM_DOUBLE_INT, REDSEM_MINLOC), REDSEM_ERR_OUT_OF_BOUNDS);
  EXPECT_EQ(a[0], 5) << "nothing written by any of them";
}

// Every offset of inoutbuf against inbuf inside one array: the C API and the model agree on
// which overlap (value bytes only: MPI_DOUBLE_INT's padding may be shared).
TEST(KernelCApi, aliasing_is_decided_on_value_bytes_as_the_model_does) {
  for (basic_type type : {basic_type::int_, basic_type::double_int, basic_type::short_int, basic_type::long_double,
                          basic_type::c_double_complex}) {
    const op_id op = group_of(type) == type_group::pair ? op_id::minloc : op_id::sum;
    const auto size = static_cast<std::int64_t>(info(type).size);
    for (std::int64_t count : {1, 2, 3})
      for (std::int64_t shift = -2 * size * count; shift <= 2 * size * count; ++shift) {
        const std::int64_t base = 4 * size * count, total = 9 * size * count;
        address_space space;
        const region_id r = space.allocate("mem", static_cast<std::size_t>(total));
        const datatype dt = datatype::predefined(type);
        const int model = code_of(reduce_local(space, buffer{r, base, count, dt}, buffer{r, base + shift, count, dt}, op, policy{}));
        std::vector<std::byte> mem(static_cast<std::size_t>(total), std::byte{0});
        const int c = redsem_reduce_local(mem.data() + base, mem.data() + base + shift, count,
                                          static_cast<redsem_datatype>(type), static_cast<redsem_op>(op));
        ASSERT_EQ(c, model) << to_string(type) << " count " << count << " shift " << shift;
      }
  }
}

void digits_c(void* in, void* inout, int* len, redsem_datatype*) {
  auto* a = static_cast<const int*>(in);
  auto* b = static_cast<int*>(inout);
  for (int k = 0; k < *len; ++k) b[k] = 10 * a[k] + b[k];
}
void digits_model(void* in, void* inout, int* len, void*) {
  digits_c(in, inout, len, nullptr);
}

// The proposal's table (docs/semantics.md §4.2), with X = 1, Y = 2, A = 3 on entry, through the C API and
// the model, for a non-commutative user op and for MPI_SUM.
TEST(KernelCApi, every_reduce_locals_row_matches_the_model) {
  redsem_op c_op = REDSEM_OP_NULL;
  ASSERT_EQ(redsem_op_create(digits_c, 0, &c_op), REDSEM_SUCCESS);
  const user_op model_op{"digits", &digits_model, false};
  enum operand { X, Y, A, IN_PLACE };
  const std::vector<std::pair<operand, operand>> rows{{X, Y}, {IN_PLACE, Y}, {X, IN_PLACE}, {X, X}, {IN_PLACE, IN_PLACE}};
  for (bool user : {true, false})
    for (auto [in, arg] : rows) {
      address_space space;
      const region_id r = space.allocate("mem", 12);
      const datatype it = datatype::predefined(basic_type::int_);
      int init[3] = {1, 2, 3};
      std::memcpy(space.bytes(r).data(), init, 12);
      const auto model_arg = [&](operand o) -> buffer_arg {
        if (o == IN_PLACE) return in_place;
        return buffer{r, 4 * static_cast<std::int64_t>(o), 1, it};
      };
      const op_ref mop = user ? op_ref(&model_op) : op_ref(op_id::sum);
      ASSERT_TRUE(reduce_locals(space, model_arg(in), model_arg(arg), buffer{r, 8, 1, it}, mop, policy{}).is_done());
      int mem[3] = {1, 2, 3};
      const auto c_arg = [&](operand o) -> const void* { return o == IN_PLACE ? REDSEM_IN_PLACE : &mem[o]; };
      ASSERT_EQ(redsem_reduce_locals(c_arg(in), c_arg(arg), &mem[2], 1, REDSEM_INT, user ? c_op : REDSEM_SUM),
                REDSEM_SUCCESS);
      int expected = 0;
      std::memcpy(&expected, space.bytes(r).data() + 8, 4);
      EXPECT_EQ(mem[2], expected) << (user ? "digits" : "sum") << " row " << in << "," << arg;
      EXPECT_EQ(mem[0], 1);
      EXPECT_EQ(mem[1], 2);
    }
  ASSERT_EQ(redsem_op_free(&c_op), REDSEM_SUCCESS);
  int x = 1, a = 2;
  EXPECT_EQ(redsem_reduce_local(&x, &a, 1, REDSEM_INT, c_op), REDSEM_ERR_INVALID_OP) << "a freed op is no op";
}

// A user function that writes *len: MPI-4.1 §7.9.5 gives len as the call's element count, so
// redsem does not trust a changed value (0 used to stall the chunk loop, −1 to run it
// backwards): the call ends with its own error code, in both entry points.
int written_len = 0;
void sets_len(void* in, void* inout, int* len, redsem_datatype* type) {
  digits_c(in, inout, len, type);
  *len = written_len;
}

TEST(KernelCApi, a_user_function_that_writes_len_is_an_error_not_a_hang) {
  redsem_op op = REDSEM_OP_NULL;
  ASSERT_EQ(redsem_op_create(sets_len, 0, &op), REDSEM_SUCCESS);
  for (int value : {0, -1, 2, 4}) {
    written_len = value;
    int x[3] = {1, 2, 3}, y[3] = {4, 5, 6}, a[3] = {7, 8, 9};
    EXPECT_EQ(redsem_reduce_local(x, a, 3, REDSEM_INT, op), REDSEM_ERR_USER_FUNCTION_CHANGED_LEN) << "*len = " << value;
    EXPECT_EQ(redsem_reduce_locals(x, y, a, 3, REDSEM_INT, op), REDSEM_ERR_USER_FUNCTION_CHANGED_LEN);
    EXPECT_EQ(redsem_reduce_locals(REDSEM_IN_PLACE, y, a, 3, REDSEM_INT, op), REDSEM_ERR_USER_FUNCTION_CHANGED_LEN);
    EXPECT_EQ(redsem_reduce_locals(REDSEM_IN_PLACE, REDSEM_IN_PLACE, a, 3, REDSEM_INT, op),
              REDSEM_ERR_USER_FUNCTION_CHANGED_LEN);
  }
  written_len = 3;  // the value it was given: not a change
  int x[3] = {1, 2, 3}, a[3] = {7, 8, 9};
  EXPECT_EQ(redsem_reduce_local(x, a, 3, REDSEM_INT, op), REDSEM_SUCCESS);
  EXPECT_EQ(a[2], 39);
  EXPECT_NE(std::string(redsem_error_string(REDSEM_ERR_USER_FUNCTION_CHANGED_LEN)).find("§7.9.5"), std::string::npos);
  ASSERT_EQ(redsem_op_free(&op), REDSEM_SUCCESS);
}

// Aliasing at 10^9 elements is decided in constant memory (it used to list every element's
// byte ranges: gigabytes, then std::bad_alloc through extern "C"). The buffers are never
// touched on the error path, so addresses without memory behind them will do.
TEST(KernelCApi, aliasing_of_huge_arrays_is_decided_without_memory) {
  const auto at = [](std::uintptr_t a) { return reinterpret_cast<void*>(a); };
  constexpr std::int64_t n = 1'000'000'000;
  EXPECT_EQ(redsem_reduce_local(at(0x100000), at(0x100004), n, REDSEM_INT, REDSEM_SUM), REDSEM_ERR_INOUT_ALIASES_INPUT);
  EXPECT_EQ(redsem_reduce_local(at(0x100000), at(0x100000 + 16 * (n - 1)), n, REDSEM_DOUBLE_INT, REDSEM_MINLOC),
            REDSEM_ERR_INOUT_ALIASES_INPUT);
  EXPECT_EQ(redsem_reduce_locals(at(0x100000), REDSEM_IN_PLACE, at(0x100008), n, REDSEM_LONG_DOUBLE, REDSEM_SUM),
            REDSEM_ERR_INOUT_ALIASES_INPUT);
}

TEST(KernelCApi, error_strings_name_the_rule) {
  EXPECT_STREQ(redsem_error_string(REDSEM_SUCCESS), "success");
  EXPECT_NE(std::string(redsem_error_string(REDSEM_ERR_OP_NOT_FOR_TYPE)).find("op_not_for_type"), std::string::npos);
  EXPECT_NE(std::string(redsem_error_string(REDSEM_ERR_INVALID_OP)).find("invalid_op"), std::string::npos);
  EXPECT_STREQ(redsem_error_string(12345), "unknown redsem error code");
}

}  // namespace
}  // namespace redsem
