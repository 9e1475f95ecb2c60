// SPDX-License-Identifier: BSD-3-Clause
// Every pair of special float values (zeros, infinities, NaNs with payloads, quiet and
// signalling, subnormals, extremes) meets every float op, in body lanes and in tail lanes
// alike, on every dispatch target: the result is the model's, bit for bit where the model's
// result is an operand (MIN/MAX, MINLOC/MAXLOC), NaN-equal for SUM/PROD.
// And counts beyond INT_MAX reach a user function in INT_MAX-sized calls.
#include <gtest/gtest.h>

#include <sys/mman.h>

#include <climits>
#include <limits>
#include <vector>

#include "kernel_fixture.h"
#include "redsem/reduce.h"

namespace redsem::kernels {
namespace {

using testing::call_shape;

// One field of a pair's index, in the index's own kind (int, or float for MPI_2REAL and
// MPI_2DOUBLE_PRECISION).
void store_index(basic_type type, std::byte* element, double index) {
  const field& f = info(type).fields[1];
  if (f.kind == scalar_kind::f32) store_scalar(element + f.offset, static_cast<float>(index));
  else if (f.kind == scalar_kind::f64) store_scalar(element + f.offset, index);
  else store_scalar(element + f.offset, static_cast<int>(index));
}

template <class F>
void cross_product(basic_type type, std::vector<std::byte>& a, std::vector<std::byte>& b) {
  const auto specials = testing::special_floats<F>();
  const std::size_t size = info(type).size;
  for (const F x : specials)
    for (const F y : specials) {
      a.resize(a.size() + size), b.resize(b.size() + size);
      store_scalar(a.data() + a.size() - size, x);
      store_scalar(b.data() + b.size() - size, y);
      if (group_of(type) == type_group::pair) {  // equal indices: the value alone decides
        store_index(type, a.data() + a.size() - size, 1);
        store_index(type, b.data() + b.size() - size, 1);
      }
    }
}

// For a float index: equal values, every pair of special indices (NaN, ±0, ±inf...), so that
// ops::min_index alone decides.
template <class F>
void index_cross_product(basic_type type, std::vector<std::byte>& a, std::vector<std::byte>& b) {
  const auto specials = testing::special_floats<F>();
  const std::size_t size = info(type).size, at = info(type).fields[1].offset;
  for (const F value : {F(1), -std::numeric_limits<F>::quiet_NaN()})
    for (const F i : specials)
      for (const F j : specials) {
        a.resize(a.size() + size), b.resize(b.size() + size);
        store_scalar(a.data() + a.size() - size, value);
        store_scalar(b.data() + b.size() - size, value);
        store_scalar(a.data() + a.size() - size + at, i);
        store_scalar(b.data() + b.size() - size + at, j);
      }
}

TEST(KernelSpecialValues, every_pair_of_specials_on_every_target) {
  for (const std::int64_t target : dispatch_targets()) {
    force_target(target);
    for (basic_type type : {basic_type::float_, basic_type::double_, basic_type::long_double, basic_type::float_int,
                            basic_type::double_int, basic_type::two_real, basic_type::two_double_precision,
                            basic_type::c_complex, basic_type::c_double_complex}) {
      std::vector<std::byte> a, b;
      const scalar_kind kind = info(type).fields[0].kind;
      if (kind == scalar_kind::f32) cross_product<float>(type, a, b);
      else if (kind == scalar_kind::f64) cross_product<double>(type, a, b);
      else cross_product<long double>(type, a, b);
      if (type == basic_type::two_real) index_cross_product<float>(type, a, b);
      if (type == basic_type::two_double_precision) index_cross_product<double>(type, a, b);
      const std::size_t count = a.size() / info(type).size;
      for (std::size_t o = 0; o < reduction_op_count; ++o) {
        const auto op = static_cast<op_id>(o);
        if (!op_allows(op, type)) continue;
        const auto k = find_kernel(op, type, policy{});
        for (auto shape : {call_shape::reduce_local, call_shape::reduce_locals}) {
          // Shifted by 0..3 elements, so that each pair lands in body lanes and in the tail.
          for (std::size_t skip = 0; skip < 4 && skip < count; ++skip) {
            const std::size_t at = skip * info(type).size;
            const std::vector<std::byte> sa(a.begin() + at, a.end()), sb(b.begin() + at, b.end());
            const std::string diff = testing::compare_with_model(
                *k, {op, type, shape, policy{}, count - skip, 1, 2, 3}, sa, sb, std::vector<std::byte>(sa.size()));
            EXPECT_TRUE(diff.empty()) << diff;
          }
        }
      }
    }
  }
  force_target(0);
}

std::vector<std::pair<int, std::ptrdiff_t>> calls;  // (len, invec offset) of each user-function call
const std::byte* base = nullptr;
void record(void* in, void*, int* len, redsem_datatype*) {
  calls.emplace_back(*len, static_cast<const std::byte*>(in) - base);
}

TEST(KernelLargeCounts, counts_beyond_int_max_reach_a_user_function_in_int_max_chunks) {
  const std::int64_t count = std::int64_t{INT_MAX} + 6;
  // Address space only: the function never touches the bytes, so nothing is committed.
  void* mem = mmap(nullptr, static_cast<std::size_t>(2 * count), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  ASSERT_NE(mem, MAP_FAILED);
  base = static_cast<const std::byte*>(mem);
  redsem_op op = REDSEM_OP_NULL;
  ASSERT_EQ(redsem_op_create(record, 1, &op), REDSEM_SUCCESS);
  EXPECT_EQ(redsem_reduce_local(mem, static_cast<std::byte*>(mem) + count, count, REDSEM_BYTE, op), REDSEM_SUCCESS);
  EXPECT_EQ(calls, (std::vector<std::pair<int, std::ptrdiff_t>>{{INT_MAX, 0}, {6, INT_MAX}}));
  redsem_op_free(&op);
  munmap(mem, static_cast<std::size_t>(2 * count));
}

}  // namespace
}  // namespace redsem::kernels
