// SPDX-License-Identifier: BSD-3-Clause
// Tree counts are exact: any grouping of the same additions gives the same count, which is
// what lets a split search report one process's numbers.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "sim/exact_count.h"
#include "sim/tree_count.h"

namespace redsem::sim {
namespace {

exact_count count_of(std::uint64_t n) {
  exact_count t;
  for (int bit = 63; bit >= 0; --bit) {  // built from one() alone, as the search builds tallies
    exact_count twice = t;
    twice += t;
    t = twice;
    if ((n >> bit) & 1) t += exact_count::one();
  }
  return t;
}

TEST(SimExactCount, SumsPast2To53DoNotDependOnTheirGrouping) {
  std::mt19937_64 rng(11);
  std::vector<exact_count> terms;
  for (int i = 0; i < 200; ++i) terms.push_back(count_of(rng() >> 1) * count_of(rng() >> 20));
  exact_count in_order;
  for (const auto& t : terms) in_order += t;
  for (std::size_t runs : {2U, 3U, 7U}) {  // as shares do: runs summed apart, then added up
    exact_count grouped;
    for (std::size_t r = 0; r < runs; ++r) {
      exact_count run;
      for (std::size_t i = terms.size() * r / runs; i < terms.size() * (r + 1) / runs; ++i) run += terms[i];
      grouped += run;
    }
    EXPECT_EQ(grouped.value(), in_order.value()) << runs << " runs";
  }
  EXPECT_TRUE(in_order.exact());
  EXPECT_GT(in_order.value(), 0x1p90);
}

TEST(SimExactCount, HalvingsScaleExactly) {
  const tree_count three_halves{count_of(3), 1};
  EXPECT_EQ(three_halves.value(), 1.5);
  tree_count sum = three_halves;
  sum += tree_count{count_of(5), 1};
  EXPECT_EQ(sum.value(), 4.0);
  EXPECT_EQ((tree_count{count_of(std::uint64_t{1} << 62) * count_of(6), 63}.value()), 3.0);
}

TEST(SimExactCount, PastTwoTo127TheTallyFallsBackToADouble) {
  const exact_count big = count_of(std::uint64_t{1} << 63);
  const exact_count near = big * count_of(std::uint64_t{1} << 63);  // 2^126
  EXPECT_TRUE(near.exact());
  exact_count at_limit = near;
  at_limit += near;  // 2^127: no longer below 2^127
  EXPECT_FALSE(at_limit.exact());
  EXPECT_EQ(at_limit.value(), 0x1p127);
  const exact_count over = near * count_of(8);  // 2^129
  EXPECT_FALSE(over.exact());
  EXPECT_EQ(over.value(), 0x1p129);
  EXPECT_EQ((over * count_of(2)).value(), 0x1p130);
  exact_count sum = over;
  sum += count_of(1);
  EXPECT_EQ(sum.value(), 0x1p129);
}

}  // namespace
}  // namespace redsem::sim
