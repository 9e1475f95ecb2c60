// SPDX-License-Identifier: BSD-3-Clause
// maximal_sets (check/analysis/maximal_sets.h): the sets of passive-target calls in flight together
// that no other holds. The bound is on the process's CPU time, not the wall clock, and far above
// what the indexed search costs, so machine load cannot decide it.
#include "check/analysis/maximal_sets.h"

#include <gtest/gtest.h>

#include <ctime>
#include <string>
#include <vector>

namespace redsem::check {
namespace {

using sets = std::vector<std::vector<std::size_t>>;

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

TEST(MaximalSets, KeepsTheFirstOfEqualSetsAndDropsTheHeldOnesInTheirOrder) {
  const sets in{{2, 5}, {1, 2, 5}, {3}, {1, 2, 5}, {}, {0, 3}, {4, 6}, {4, 6}, {1, 5}};
  EXPECT_EQ(maximal_sets(in), (sets{{1, 2, 5}, {0, 3}, {4, 6}}));
  EXPECT_EQ(maximal_sets({{}, {}}), (sets{{}}));
  EXPECT_EQ(maximal_sets({}), sets{});
}

// Calls in flight in a sliding window (each anchor's set from call 2i on, of 256 or 257 calls: no set
// holds another), and the first half of each, held by it: 16,384 sets, as many as the calls to one
// target the analysis sets (max_passive_calls). Comparing every set with every other cost the
// square of the sets times their size; indexed by element, each set is compared only with the
// maximal sets holding its rarest element.
TEST(MaximalSets, SixteenThousandSlidingSetsAreSortedOutInLinearTime) {
  constexpr std::size_t windows = 8192, length = 256;
  sets in;
  for (std::size_t i = 0; i < windows; ++i) {
    std::vector<std::size_t> s;
    for (std::size_t e = 2 * i; e < 2 * i + length + i % 2; ++e) s.push_back(e);
    in.push_back(s);
    s.resize(length / 2);
    in.push_back(std::move(s));
  }
  const double start = cpu_seconds();
  const sets out = maximal_sets(in);
  const double spent = cpu_seconds() - start;
  ASSERT_EQ(out.size(), windows);
  for (std::size_t i = 0; i < windows; ++i) EXPECT_EQ(out[i], in[2 * i]) << "window " << i;
  EXPECT_LT(spent, 5.0) << "CPU seconds to sort out " << in.size() << " sets";
  RecordProperty("cpu_seconds", std::to_string(spent));
}

}  // namespace
}  // namespace redsem::check
