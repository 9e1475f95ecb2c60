// SPDX-License-Identifier: BSD-3-Clause
// Which element steps the explorer takes as atomic, from a window that does not start at zero:
// an MCS lock's tail (MPI_PROC_NULL before anyone queues), a release by compare-and-swap, and an
// access whose atomicity one racing element takes away only there (MPI-4.1 §13.7.1: atomicity
// is per element).
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/rma/explorer_fixture.h"

namespace redsem::sim::rma {
namespace {

using namespace testing;
using K = access_kind;
using redsem::rma::finding_kind;
using redsem::rma::guarantee;

constexpr int proc_null = -2;  // what an MCS tail holds while no rank queues (Open MPI's value)

exploration run(const rma_program& p) { return explore(p, explore_options{}); }

access compare_and_swap(int origin, int compare, int value) {
  access a = make_access<int>(origin, 0, K::compare_and_swap, op_id::replace, basic_type::int_, {{0, value}});
  a.elements[0].compare = bytes_of(compare);
  return a;
}

bool has_value(const value_set& v, const std::string& value) {
  return std::find(v.values.begin(), v.values.end(), value) != v.values.end();
}

// Three ranks queue on an MCS lock at once: each swaps its rank into the tail
// (MPI_Fetch_and_op MPI_REPLACE). One op on the location: atomic, every outcome serial, and the
// first swap in each order fetches the tail's real value, MPI_PROC_NULL, not 0.
TEST(RmaExplorerAtomicity, McsTailSwapsFromProcNullAreSerial) {
  rma_program p;
  p.window = window_of<int>({proc_null});
  for (int r = 0; r < 3; ++r)
    p.accesses.push_back(make_access<int>(r, 0, K::fetch_accumulate, op_id::replace, basic_type::int_, {{0, r}}));
  const exploration x = run(p);
  EXPECT_TRUE(x.findings.empty());
  ASSERT_EQ(x.groups.size(), 1u);
  const group_report& g = x.groups[0];
  EXPECT_TRUE(g.atomic);
  EXPECT_EQ(g.non_serializable, 0u);
  EXPECT_EQ(g.outcomes, 6u) << "one per order of the three swaps";
  EXPECT_FALSE(g.lacking.has_value());
  for (std::size_t fetch = 1; fetch < g.values.size(); ++fetch)
    EXPECT_TRUE(has_value(g.values[fetch], std::to_string(proc_null))) << g.values[fetch].what;
  EXPECT_FALSE(has_value(g.values[1], "0")) << "rank 0's own value is fetched by no swap before it";
}

// The holder (rank 1) releases by compare-and-swap (its rank → MPI_PROC_NULL) while rank 2 swaps
// itself in. Whether compare-and-swap is atomic with MPI_REPLACE is unspecified (mpi-issues
// #114): the explorer shows what a non-atomic one would give, and says which guarantee is
// missing, so that a report grades it as unspecified, not as undefined.
TEST(RmaExplorerAtomicity, AReleaseByCompareAndSwapLacksOnlyAnUnspecifiedGuarantee) {
  rma_program p;
  p.window = window_of<int>({1});
  p.accesses = {compare_and_swap(1, 1, proc_null),
                make_access<int>(2, 0, K::fetch_accumulate, op_id::replace, basic_type::int_, {{0, 2}})};
  const exploration x = run(p);
  ASSERT_EQ(x.findings.size(), 1u);
  EXPECT_EQ(x.findings[0].kind, finding_kind::cas_with_accumulate);
  ASSERT_EQ(x.groups.size(), 1u);
  const group_report& g = x.groups[0];
  EXPECT_FALSE(g.atomic);
  EXPECT_GT(g.non_serializable, 0u) << "rank 2's swap lost: the tail back at MPI_PROC_NULL while rank 2 queued";
  ASSERT_TRUE(g.lacking.has_value());
  EXPECT_EQ(*g.lacking, guarantee::unspecified);
}

// Rank 0 accumulates two elements; a put races its first only, and rank 2 accumulates with the
// same op on the second. The put takes atomicity away where it lands, nowhere else: the second
// element's two MPI_SUMs stay atomic and give only serial outcomes.
TEST(RmaExplorerAtomicity, ARacingElementTakesAtomicityAwayOnlyWhereItLands) {
  rma_program p;
  p.window = window_of<int>({3, 4});
  p.accesses = {make_access<int>(0, 0, K::accumulate, op_id::sum, basic_type::int_, {{0, 10}, {1, 20}}),
                make_access<int>(1, 0, K::put, op_id::replace, basic_type::int_, {{0, 100}}),
                make_access<int>(2, 0, K::accumulate, op_id::sum, basic_type::int_, {{1, 1000}})};
  const exploration x = run(p);
  ASSERT_EQ(x.findings.size(), 1u);
  EXPECT_EQ(x.findings[0].kind, finding_kind::racing_access);
  ASSERT_EQ(x.groups.size(), 2u);
  const group_report& raced = x.groups[0];
  EXPECT_FALSE(raced.atomic);
  EXPECT_EQ(raced.non_serializable, 1u) << "the put lost: 13";
  ASSERT_TRUE(raced.lacking.has_value());
  EXPECT_EQ(*raced.lacking, guarantee::undefined);
  const group_report& summed = x.groups[1];
  EXPECT_TRUE(summed.atomic) << "element @4 meets no racing access";
  EXPECT_EQ(summed.non_serializable, 0u) << summed.non_serializable_example;
  EXPECT_FALSE(summed.lacking.has_value());
  EXPECT_EQ(summed.values[0].values, (std::vector<std::string>{"1024"}));
}

}  // namespace
}  // namespace redsem::sim::rma
