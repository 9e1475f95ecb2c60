// SPDX-License-Identifier: BSD-3-Clause
// The interleaving explorer: reachable outcomes, the serial-order check, float spread, and
// what partial-order reduction saves.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/rma/explorer_fixture.h"

namespace redsem::sim::rma {
namespace {

using namespace testing;
using K = access_kind;

exploration run(const rma_program& p) { return explore(p, explore_options{}); }

TEST(RmaExplorer, FetchAndAddFromTwoOriginsSeesBothOrders) {
  rma_program p;
  p.window = window_of<int>({5});
  p.accesses = {make_access<int>(0, 0, K::fetch_accumulate, op_id::sum, basic_type::int_, {{0, 10}}),
                make_access<int>(1, 0, K::fetch_accumulate, op_id::sum, basic_type::int_, {{0, 100}})};
  const exploration x = run(p);
  ASSERT_EQ(x.groups.size(), 1u);
  const group_report& g = x.groups[0];
  EXPECT_TRUE(x.findings.empty());
  EXPECT_EQ(g.outcomes, 2u);
  EXPECT_EQ(g.non_serializable, 0u);
  ASSERT_EQ(g.values.size(), 3u);
  EXPECT_EQ(g.values[0].values, (std::vector<std::string>{"115"}));
  EXPECT_EQ(g.values[1].values, (std::vector<std::string>{"5", "105"}));
  EXPECT_EQ(g.values[2].values, (std::vector<std::string>{"5", "15"}));
  EXPECT_DOUBLE_EQ(x.executions_total, 2);
}

TEST(RmaExplorer, FloatSumsShowTheirSpread) {
  rma_program p;
  p.window = window_of<double>({0.0});
  p.accesses = {make_access<double>(0, 0, K::accumulate, op_id::sum, basic_type::double_, {{0, 1e16}}),
                make_access<double>(1, 0, K::accumulate, op_id::sum, basic_type::double_, {{0, 1.0}}),
                make_access<double>(2, 0, K::accumulate, op_id::sum, basic_type::double_, {{0, -1e16}})};
  const exploration x = run(p);
  ASSERT_EQ(x.groups.size(), 1u);
  const value_set& v = x.groups[0].values[0];
  EXPECT_TRUE(v.numeric);
  EXPECT_GE(v.distinct, 2u);
  EXPECT_GT(v.spread, 0.5L);
  EXPECT_EQ(x.groups[0].non_serializable, 0u);
  EXPECT_DOUBLE_EQ(x.executions_reduced, 6) << "float SUMs do not commute: every order is kept";
}

TEST(RmaExplorer, IntegerSumsFromFourOriginsOnSixElementsCollapseToOneOrder) {
  rma_program p;
  p.window = window_of<long>(std::vector<long>(6, 0));
  for (int o = 0; o < 4; ++o) {
    std::vector<std::pair<std::int64_t, long>> at;
    for (int e = 0; e < 6; ++e) at.emplace_back(e, (o + 1) * 10 + e);
    p.accesses.push_back(make_access<long>(o, 0, K::accumulate, op_id::sum, basic_type::long_, at));
  }
  const exploration x = run(p);
  EXPECT_TRUE(x.complete);
  EXPECT_EQ(x.groups.size(), 6u);
  EXPECT_DOUBLE_EQ(x.final_states, 1);
  EXPECT_DOUBLE_EQ(x.executions_reduced, 1);
  EXPECT_NEAR(x.executions_total / 6.204484017332394e23, 1.0, 1e-9) << "24! interleavings of 24 element steps";
  EXPECT_DOUBLE_EQ(x.states_total, std::pow(16.0, 6));
  EXPECT_EQ(x.groups[2].values[0].values, (std::vector<std::string>{"108"}));
}

TEST(RmaExplorer, GetAccumulateOnDoublesFromFourOriginsOnSixElementsFinishes) {
  rma_program p;
  p.window = window_of<double>(std::vector<double>(6, 0.1));
  for (int o = 0; o < 4; ++o) {
    std::vector<std::pair<std::int64_t, double>> at;
    for (int e = 0; e < 6; ++e) at.emplace_back(e, 1.0 / (o + 3) + e);
    p.accesses.push_back(make_access<double>(o, 0, K::fetch_accumulate, op_id::sum, basic_type::double_, at));
  }
  const exploration x = run(p);
  EXPECT_TRUE(x.complete);
  EXPECT_TRUE(x.serializable());
  EXPECT_DOUBLE_EQ(x.final_states, std::pow(24.0, 6)) << "every order of each element's four fetches differs";
  EXPECT_DOUBLE_EQ(x.states_total, std::pow(65.0, 6));
}

TEST(RmaExplorer, AccumulateRacingAPutHasANonSerialOutcome) {
  rma_program p;
  p.window = window_of<int>({1});
  p.accesses = {make_access<int>(0, 0, K::accumulate, op_id::sum, basic_type::int_, {{0, 10}}),
                make_access<int>(1, 0, K::put, op_id::replace, basic_type::int_, {{0, 100}})};
  const exploration x = run(p);
  ASSERT_EQ(x.findings.size(), 1u);
  EXPECT_EQ(x.findings[0].kind, redsem::rma::finding_kind::racing_access);
  ASSERT_EQ(x.groups.size(), 1u);
  EXPECT_FALSE(x.groups[0].atomic);
  EXPECT_EQ(x.groups[0].serial_outcomes, 2u);  // 110 and 100
  EXPECT_EQ(x.groups[0].non_serializable, 1u) << "the put is lost: 11";
  EXPECT_NE(x.groups[0].non_serializable_example.find("= 11"), std::string::npos) << x.groups[0].non_serializable_example;
}

// A split step keeps a register in the search state, which the serial reference's state has
// not: outcomes are compared on the window and the fetched values alone, whatever the element
// size (8-byte elements once made every outcome "not serializable").
template <class T>
void expect_one_lost_update(basic_type type, bool fetching) {
  rma_program p;
  p.window = window_of<T>({1});
  p.accesses = {make_access<T>(0, 0, fetching ? K::fetch_accumulate : K::accumulate, op_id::sum, type, {{0, 10}}),
                make_access<T>(1, 0, K::put, op_id::replace, type, {{0, 100}})};
  const exploration x = run(p);
  ASSERT_EQ(x.groups.size(), 1u);
  const group_report& g = x.groups[0];
  const std::string what = std::string(to_string(type)) + (fetching ? ", fetching" : "");
  EXPECT_FALSE(g.atomic) << what;
  EXPECT_EQ(g.outcomes, 3u) << what;
  EXPECT_EQ(g.serial_outcomes, 2u) << what;
  EXPECT_EQ(g.non_serializable, 1u) << what << ": the put is lost, 11";
  EXPECT_TRUE(g.non_serializable_example.starts_with("window @0 = 11 ") || g.non_serializable_example.starts_with("window @0 = 11,") || g.non_serializable_example == "window @0 = 11") << what << ": " << g.non_serializable_example;
}

TEST(RmaExplorer, ALostUpdateIsTheOneNonSerialOutcomeWhateverTheElementSize) {
  for (bool fetching : {false, true}) {
    expect_one_lost_update<std::int8_t>(basic_type::int8, fetching);
    expect_one_lost_update<short>(basic_type::short_, fetching);
    expect_one_lost_update<int>(basic_type::int_, fetching);
    expect_one_lost_update<long long>(basic_type::long_long_int, fetching);
    expect_one_lost_update<double>(basic_type::double_, fetching);
  }
}

// Values are listed by number, not by their little-endian bytes (which put 256 before 1).
TEST(RmaExplorer, IntegerValuesAreListedInNumericOrder) {
  rma_program p;
  p.window = window_of<int>({0});
  p.accesses = {make_access<int>(0, 0, K::accumulate, op_id::sum, basic_type::int_, {{0, 1}}),
                make_access<int>(1, 0, K::accumulate, op_id::sum, basic_type::int_, {{0, 256}}),
                make_access<int>(2, 0, K::fetch_accumulate, op_id::no_op, basic_type::int_, {{0, 0}})};
  const exploration x = run(p);
  ASSERT_EQ(x.groups.size(), 1u);
  ASSERT_EQ(x.groups[0].values.size(), 2u);
  EXPECT_EQ(x.groups[0].values[1].values, (std::vector<std::string>{"0", "1", "256", "257"}));
}

TEST(RmaExplorer, MixedOpsLoseUpdatesOnlyOutsideTheGuarantee) {
  rma_program p;
  p.window = window_of<int>({1});
  p.accesses = {make_access<int>(0, 0, K::accumulate, op_id::sum, basic_type::int_, {{0, 10}}),
                make_access<int>(1, 0, K::accumulate, op_id::max, basic_type::int_, {{0, 5}})};
  exploration x = run(p);
  ASSERT_EQ(x.findings.size(), 1u);
  EXPECT_EQ(x.findings[0].kind, redsem::rma::finding_kind::mixed_ops);
  EXPECT_GT(x.groups[0].non_serializable, 0u);
  p.accesses[1].op = op_id::sum;
  x = run(p);
  EXPECT_TRUE(x.findings.empty());
  EXPECT_TRUE(x.serializable());
}

TEST(RmaExplorer, AccumulateOrderingKeepsOneOriginsFetchesInOrder) {
  rma_program p;
  p.window = window_of<int>({0});
  p.accesses = {make_access<int>(0, 0, K::fetch_accumulate, op_id::sum, basic_type::int_, {{0, 1}}),
                make_access<int>(0, 1, K::fetch_accumulate, op_id::sum, basic_type::int_, {{0, 2}})};
  EXPECT_EQ(run(p).groups[0].outcomes, 1u);
  p.info.ordering = redsem::rma::accumulate_ordering{false, false, false, false};
  const exploration x = run(p);
  EXPECT_EQ(x.groups[0].outcomes, 2u);
  ASSERT_EQ(x.findings.size(), 1u);
  EXPECT_EQ(x.findings[0].kind, redsem::rma::finding_kind::unordered_same_origin);
  EXPECT_TRUE(x.serializable()) << "either order is still a serial order";
}

TEST(RmaExplorer, SameElementThroughDifferentDatatypesIsExploredByteWise) {
  rma_program p;
  p.window = window_of<int>({1, 2});
  access wide = make_access<double>(0, 0, K::accumulate, op_id::replace, basic_type::double_, {{0, 0.5}});
  p.accesses = {wide, make_access<int>(1, 0, K::accumulate, op_id::sum, basic_type::int_, {{1, 40}})};
  const exploration x = run(p);
  ASSERT_EQ(x.findings.size(), 1u);
  EXPECT_EQ(x.findings[0].kind, redsem::rma::finding_kind::mismatched_accumulates);
  ASSERT_EQ(x.groups.size(), 1u);
  EXPECT_EQ(x.groups[0].begin, 0);
  EXPECT_EQ(x.groups[0].end, 8);
  EXPECT_GT(x.groups[0].non_serializable, 0u) << "the int SUM reads before the double lands and writes after";
}

}  // namespace
}  // namespace redsem::sim::rma
