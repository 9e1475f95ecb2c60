// SPDX-License-Identifier: BSD-3-Clause
// PSCW with groups of several ranks (MPI-4.1 §13.5.2): "rank R: start T,T" opens an access
// epoch to each target of the group, "local: post R,R target=T" exposes rank T's window, and
// each start is matched, per target, with a post of that target.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "tests/rma/scenario_fixture.h"

namespace redsem::sim::rma {
namespace {

using redsem::rma::rma_rule;
using rules = std::vector<std::pair<int, rma_rule>>;

scenario parsed(const std::string& text) { return testing::parsed_scenario(text); }

rules rules_of(const scenario& s) { return testing::rejected_rules(s); }

// Rank 0 starts on ranks 1 and 2; each posts to rank 0 and then stores to its own window, the
// store of rank 1 after its wait and that of rank 2 before its post.
const char* two_targets =
    "window 4\ntarget 1\nranks 3\nepoch none\n"
    "local: store type=int disp=0 origin=7 target=2\n"  // 5
    "local: post 0\nlocal: post 0 target=2\n"
    "rank 0: start 1,2\n"
    "rank 0: put type=int disp=0 origin=1\n"           // 9
    "rank 0: put type=int disp=0 origin=2 target=2\n"  // 10
    "rank 0: complete\n"
    "local: wait\nlocal: wait target=2\n"
    "local: store type=int disp=0 origin=9\n";  // 14

TEST(RmaPscwGroups, AStartOnTwoTargetsMatchesAPostOfEach) {
  const scenario s = parsed(two_targets);
  EXPECT_TRUE(s.rejected.empty()) << s.rejected.front().outcome.message();
  ASSERT_EQ(s.program.accesses.size(), 4u);
  const auto& put1 = s.program.accesses[1];
  const auto& put2 = s.program.accesses[2];
  EXPECT_EQ(std::pair(put1.exposure_begin, put1.exposure_end), std::pair(1, 2)) << "rank 1's post and wait";
  EXPECT_EQ(std::pair(put2.exposure_begin, put2.exposure_end), std::pair(1, 2)) << "rank 2's, numbered apart";
  EXPECT_EQ(s.program.accesses[0].exposure_end, 1) << "rank 2's store comes before its post";
  EXPECT_EQ(s.program.accesses[3].exposure_begin, 2) << "rank 1's store comes after its wait";
  const exploration x = explore(s.program, explore_options{});
  EXPECT_TRUE(x.findings.empty()) << "every store is ordered with the put to its window";
}

TEST(RmaPscwGroups, EachTargetOfTheGroupNeedsAMatchingPost) {
  const scenario s = parsed(
      "window 4\nranks 4\nepoch none\n"
      "local: post 1\nlocal: post 1 target=2\nlocal: post 0 target=3\n"  // rank 1 never posts
      "rank 1: start 0,2\nrank 1: start 3\nrank 1: complete\n"           // 8: overlapping
      "rank 0: start 1,2,3\n"                                            // 10: rank 2 posts to 1 only
      "rank 0: put type=int disp=0 origin=1 target=3\n"
      "rank 0: complete\nrank 0: complete\n"                                // 13: complete twice
      "rank 2: start 0\nrank 2: put type=int disp=0 origin=1 target=1\n");  // 14, 15: outside the group
  EXPECT_EQ(rules_of(s), (rules{{8, rma_rule::overlapping_access_epochs},
                                {10, rma_rule::start_without_post},
                                {13, rma_rule::complete_without_start},
                                {14, rma_rule::start_without_post},
                                {15, rma_rule::no_access_epoch}}));
  EXPECT_EQ(s.program.accesses.size(), 1u) << "the put to rank 3 is in rank 0's epoch on it";
}

TEST(RmaPscwGroups, AGroupIsCommaSeparatedRanks) {
  std::string error;
  EXPECT_FALSE(parse_scenario("window 4\nepoch none\nrank 1: start 0,x\n", "s.rma", &error).has_value());
  EXPECT_EQ(error, "s.rma:3: rank R: start TARGET,TARGET,…: 'x' is not a rank");
  EXPECT_FALSE(parse_scenario("window 4\nranks 2\nlocal: post 1 target=5\n", "s.rma", &error).has_value());
  EXPECT_EQ(error, "s.rma:3: rank 5 is beyond 'ranks 2'");
}

}  // namespace
}  // namespace redsem::sim::rma
