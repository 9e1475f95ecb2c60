// SPDX-License-Identifier: BSD-3-Clause
// Counts past 2^31 elements in one call: the kernels' and the C API's 64-bit counts reach the
// last element (a 32-bit index would wrap at 2^31 and leave the far end untouched or write
// below the start). int8 keeps it to 2 GiB per buffer; untouched calloc pages read as the
// shared zero page, so only the output's pages are ever faulted in.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <memory>

#include "redsem/reduce.h"
#include "kernels/kernel.h"

namespace redsem::kernels {
namespace {

constexpr std::uint64_t huge = (std::uint64_t{1} << 31) + 37;  // past INT_MAX and 2^31, not a vector multiple

struct free_deleter {
  void operator()(void* p) const { std::free(p); }
};
using buffer = std::unique_ptr<std::int8_t[], free_deleter>;

buffer zeroed(std::uint64_t n) { return buffer(static_cast<std::int8_t*>(std::calloc(n, 1))); }

// Indices around the 2^31 boundary and at both ends, where a wrapped 32-bit index goes wrong.
constexpr std::uint64_t probes[] = {0, 1, (std::uint64_t{1} << 31) - 1, std::uint64_t{1} << 31,
                                    (std::uint64_t{1} << 31) + 1, huge - 2, huge - 1};

void mark(std::int8_t* in, std::int8_t* io) {
  std::int8_t v = 1;
  for (std::uint64_t k : probes) {
    in[k] = v;
    io[k] = static_cast<std::int8_t>(10 * v);
    ++v;
  }
}

void expect_sums(const std::int8_t* io) {
  std::int8_t v = 1;
  for (std::uint64_t k : probes) {
    EXPECT_EQ(io[k], static_cast<std::int8_t>(11 * v)) << "element " << k;
    ++v;
  }
}

TEST(KernelHugeCount, TwoOperandSumReachesElementsPast2To31) {
  const buffer in = zeroed(huge), io = zeroed(huge + 1);
  ASSERT_TRUE(in && io) << "2 GiB buffers could not be allocated";
  mark(in.get(), io.get());
  io[huge] = 99;  // one past the end: must stay
  const auto k = find_kernel(op_id::sum, basic_type::int8, policy{});
  ASSERT_TRUE(k.has_value());
  EXPECT_EQ(k->reduce_local(in.get(), io.get(), huge, policy{}), kernel_status::done);
  expect_sums(io.get());
  EXPECT_EQ(io[huge], 99);
  EXPECT_EQ(io[12345], 0);
}

TEST(KernelHugeCount, CApiTakesA64BitCount) {
  const buffer in = zeroed(huge), io = zeroed(huge);
  ASSERT_TRUE(in && io) << "2 GiB buffers could not be allocated";
  mark(in.get(), io.get());
  ASSERT_EQ(redsem_reduce_local(in.get(), io.get(), static_cast<std::int64_t>(huge), REDSEM_INT8_T, REDSEM_SUM),
            REDSEM_SUCCESS);
  expect_sums(io.get());
}

}  // namespace
}  // namespace redsem::kernels
