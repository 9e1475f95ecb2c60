// SPDX-License-Identifier: BSD-3-Clause
// A scenario's verdict: a search that stopped early refutes but never confirms (issue 25), and
// undefined behaviour that no expect line names fails the scenario (issue 21, item 4).
#include <gtest/gtest.h>

#include "sim/rma/expectations.h"
#include "tests/rma/scenario_fixture.h"

namespace redsem::sim::rma {
namespace {

scenario parsed(const std::string& text) { return testing::parsed_scenario(text); }

scenario_verdict_report verdict_of(const std::string& text, std::size_t max_states = 1'000'000) {
  const scenario s = parsed(text);
  explore_options o;
  o.max_states = max_states;
  return scenario_verdict(s, explore(s.program, o));
}

std::string sums(int origins) {
  std::string text = "window 8\ninit double 0\n";
  for (int r = 0; r < origins; ++r) text += "rank " + std::to_string(r) + ": accumulate op=sum type=double origin=0." + std::to_string(r + 1) + "\n";
  return text;
}

TEST(RmaVerdict, AnIncompleteSearchConfirmsNoExpectationOnTheWholeSpace) {
  for (const char* e : {"serializable", "non_serializable", "clean"}) {
    const auto v = verdict_of(sums(8) + "expect " + e + "\n", 50);
    ASSERT_EQ(v.judgements.size(), 1u);
    EXPECT_EQ(v.judgements[0].status, judgement_status::unknown) << e;
    EXPECT_EQ(v.kind, scenario_verdict_kind::incomplete) << e;
    EXPECT_FALSE(v.ok());
  }
  const auto complete = verdict_of(sums(8) + "expect serializable\n");
  EXPECT_EQ(complete.judgements[0].status, judgement_status::met);
  EXPECT_TRUE(complete.ok());
}

// `expect fetched LINE V,…`: exactly the values the call on LINE fetches, as the report prints
// them, in every outcome; a pair written "a:b".
TEST(RmaVerdict, ExpectFetchedListsEveryValueALineFetches) {
  const std::string pairs =
      "window 8\nrank 2: accumulate op=replace type=2int disp=0 origin=1:1\n"
      "rank 2: accumulate op=replace type=2int disp=0 origin=2:2\n"
      "rank 1: fetch_and_op op=no_op type=2int disp=0\n";
  const auto status = [&](const std::string& e, std::size_t max_states = 1'000'000) {
    return verdict_of(pairs + "expect fetched " + e + "\n", max_states).judgements.at(0).status;
  };
  EXPECT_EQ(status("4 0:0,1:1,2:2"), judgement_status::met);
  EXPECT_EQ(status("4 2:2,0:0,1:1"), judgement_status::met) << "in any order";
  EXPECT_EQ(status("4 0:0,1:1"), judgement_status::not_met) << "2:2 is fetched too";
  EXPECT_EQ(status("4 0:0,1:1,2:2,1:2"), judgement_status::not_met) << "1:2 is never fetched";
  EXPECT_EQ(status("2 1:1"), judgement_status::not_met) << "line 2 fetches nothing";
  EXPECT_EQ(status("4 0:0,1:1,2:2", 2), judgement_status::unknown) << "a stopped search confirms nothing";
  std::string error;
  EXPECT_FALSE(parse_scenario(pairs + "expect fetched 4\n", "s.rma", &error).has_value());
  EXPECT_EQ(error, "s.rma:5: expect fetched LINE V,V,…");
}

TEST(RmaVerdict, ExpectOutcomesCountsEveryReachableOutcomeExactly) {
  // Two origins' fetch-and-adds: the window ends at 3 either way, the tickets differ (2 outcomes).
  const std::string tickets =
      "window 8\ninit long 0\nrank 0: fetch_and_op op=sum type=long origin=1\n"
      "rank 1: fetch_and_op op=sum type=long origin=2\n";
  EXPECT_EQ(verdict_of(tickets + "expect outcomes 2\n").judgements[0].status, judgement_status::met);
  EXPECT_EQ(verdict_of(tickets + "expect outcomes 1\n").judgements[0].status, judgement_status::not_met);
  EXPECT_EQ(verdict_of(tickets + "expect outcomes 3\n").judgements[0].status, judgement_status::not_met);
  // A stopped search has a lower bound: it refutes a count below it and confirms nothing.
  EXPECT_EQ(verdict_of(sums(8) + "expect outcomes 1\n", 50).judgements[0].status, judgement_status::not_met);
  EXPECT_EQ(verdict_of(sums(8) + "expect outcomes 1000000\n", 50).judgements[0].status, judgement_status::unknown);
}

TEST(RmaVerdict, AnIncompleteSearchStillRefutes) {
  // A racing put: its first non-serial outcome is found long before the limit.
  const std::string racy = "window 4\nrank 0: accumulate op=sum type=int origin=10\nrank 1: put type=int origin=100\n"
                           "expect finding racing_access\n";
  const auto v = verdict_of(racy + "expect serializable\n", 8);
  EXPECT_EQ(v.judgements[1].status, judgement_status::not_met);
  EXPECT_EQ(v.kind, scenario_verdict_kind::mismatch);
  EXPECT_EQ(verdict_of(racy + "expect finding mixed_ops\n", 8).judgements[1].status, judgement_status::not_met)
      << "findings are static: complete whatever the search did";
}

TEST(RmaVerdict, UndefinedBehaviourNoExpectLineNamesFails) {
  const std::string racy = "window 4\nrank 0: accumulate op=sum type=int origin=1\nrank 1: put type=int origin=2\n";
  const auto v = verdict_of(racy);
  EXPECT_EQ(v.kind, scenario_verdict_kind::unexpected_findings);
  EXPECT_EQ(v.unexpected, std::vector<std::string>{"lines 2 and 3: racing_access"});
  EXPECT_TRUE(verdict_of(racy + "expect finding racing_access\n").ok());
  EXPECT_TRUE(verdict_of("window 4\nrank 0: accumulate op=sum type=int origin=1\nrank 1: accumulate op=sum type=int origin=2\n").ok());

  const std::string erroneous = "window 8\nrank 0: compare_and_swap type=double origin=1 compare=0\n";
  EXPECT_EQ(verdict_of(erroneous).unexpected, std::vector<std::string>{"line 2: erroneous cas_type_not_allowed"});
  EXPECT_TRUE(verdict_of(erroneous + "expect erroneous cas_type_not_allowed\n").ok());
}

TEST(RmaVerdict, EitherOrderFindingsAreReportedNotFailed) {
  const auto v = verdict_of("window 8\ninfo accumulate_ordering=none\n"
                            "rank 0: fetch_and_op op=sum type=long origin=1\nrank 0: fetch_and_op op=sum type=long origin=2\n");
  EXPECT_TRUE(v.ok()) << "unordered_same_origin is either order, not undefined";
}

TEST(RmaOrdering, OneOriginsAccumulatesOfDifferentTypesFollowThePolicy) {
  // MPI-4.1 §13.7.2: accumulate_ordering orders one origin's accumulates "on a per-datatype
  // granularity". Two replaces of one location through the same type end as the program orders
  // them under either reading of it ...
  const auto outcomes = [](const std::string& second_type, ordering_types_rule rule) {
    scenario s = parsed("window 4\nrank 0: accumulate op=replace type=int origin=1\nrank 0: accumulate op=replace type=" +
                        second_type + " origin=2\n");
    s.program.semantics.ordering_types = rule;
    return explore(s.program, {}).final_states;
  };
  EXPECT_EQ(outcomes("int", ordering_types_rule::any), 1.0);
  EXPECT_EQ(outcomes("int", ordering_types_rule::same), 1.0);
  // ... through an int and a short, in program order under ordering_types=any, and either may land
  // last under ordering_types=same (the default).
  EXPECT_EQ(outcomes("short", ordering_types_rule::any), 1.0);
  EXPECT_GE(outcomes("short", ordering_types_rule::same), 2.0);
  EXPECT_EQ(policy{}.ordering_types, ordering_types_rule::same) << "the standard's words are the default";
}

TEST(RmaCounts, ExecutionsAreCountedExactly) {
  // Eight single-element accumulates on eight disjoint ints: 8! interleavings, exactly.
  std::string text = "window 32\n";
  for (int r = 0; r < 8; ++r) text += "rank " + std::to_string(r) + ": accumulate op=sum type=int disp=" + std::to_string(4 * r) + " origin=1\n";
  const exploration x = explore(parsed(text).program, {});
  EXPECT_EQ(x.executions_total, 40320.0);
}

}  // namespace
}  // namespace redsem::sim::rma
