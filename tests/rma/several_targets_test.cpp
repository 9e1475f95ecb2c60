// SPDX-License-Identifier: BSD-3-Clause
// Calls to several targets in one scenario ("target=T" on a call): each target's window is its
// own set of locations, and completions and lock epochs are per target (MPI-4.1 §13.5.3, §13.5.4).
#include <gtest/gtest.h>

#include "tests/rma/scenario_fixture.h"

namespace redsem::sim::rma {
namespace {

scenario parsed(const std::string& text) { return testing::parsed_scenario(text); }

std::string parse_error(const std::string& text) {
  std::string error;
  EXPECT_FALSE(parse_scenario(text, "s.rma", &error).has_value());
  return error;
}

TEST(RmaSeveralTargets, OneDisplacementOnTwoTargetsIsTwoLocations) {
  const scenario s = parsed(
      "window 4\nepoch lock_all\ninit int 5\n"
      "rank 0: accumulate op=sum type=int disp=0 origin=1 target=1\n"
      "rank 1: put type=int disp=0 origin=9 target=2\n"
      "rank 2: accumulate op=max type=int disp=0 origin=2 target=1\n"
      "rank 1: get type=int disp=0\n");
  EXPECT_EQ(s.ranks, 3) << "target=2 names a rank of the group";
  EXPECT_EQ(s.program.targets, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(s.program.window.size(), 12u);
  const exploration x = explore(s.program, explore_options{});
  ASSERT_EQ(x.findings.size(), 1u) << "SUM and MAX on rank 1 mix; the put on rank 2 and the get on rank 0 meet nothing";
  EXPECT_EQ(x.findings[0].kind, redsem::rma::finding_kind::mixed_ops);
  EXPECT_EQ(x.findings[0].target, 1);
  ASSERT_EQ(x.groups.size(), 3u);
  for (std::size_t g = 0; g < 3; ++g) {
    EXPECT_EQ(x.groups[g].target, static_cast<int>(g));
    EXPECT_EQ(x.groups[g].begin, 0);
  }
  EXPECT_EQ(x.groups[0].values.front().values, (std::vector<std::string>{"5"})) << "init fills the target's window";
}

// A flush orders one origin's accesses to the flushed target only (its SUM and MAX count as
// concurrent for accumulate_ops under ordered_accumulates=concurrent).
TEST(RmaSeveralTargets, AFlushCompletesCallsToItsTargetOnly) {
  const std::string head =
      "window 4\nepoch lock_all\npolicy ordered_accumulates=concurrent\n"
      "rank 0: accumulate op=sum type=int disp=0 origin=1 target=1\n";
  const std::string tail = "rank 0: accumulate op=max type=int disp=0 origin=1 target=1\n";
  EXPECT_EQ(explore(parsed(head + "rank 0: flush 2\n" + tail + "ranks 3\n").program, explore_options{}).findings.size(), 1u);
  EXPECT_TRUE(explore(parsed(head + "rank 0: flush 1\n" + tail).program, explore_options{}).findings.empty());
}

TEST(RmaSeveralTargets, AnExclusiveLockExcludesEpochsOnItsTargetOnly) {
  const std::string text =
      "window 4\nranks 3\nepoch none\n"
      "rank 0: lock 1 exclusive\nrank 0: put type=int disp=0 origin=1 target=1\nrank 0: unlock 1\n"
      "rank 2: lock 1 shared\nrank 2: get type=int disp=0 target=1\nrank 2: unlock 1\n"
      "rank 2: lock 0 shared\nrank 2: put type=int disp=0 origin=2\nrank 2: unlock 0\n"
      "rank 1: lock 0 shared\nrank 1: get type=int disp=0\nrank 1: unlock 0\n";
  const exploration x = explore(parsed(text).program, explore_options{});
  ASSERT_EQ(x.findings.size(), 1u) << "rank 1 and 2 share a lock on rank 0 and race there";
  EXPECT_EQ(x.findings[0].target, 0);
}

TEST(RmaSeveralTargets, ATargetOutsideTheGroupIsBadInput) {
  EXPECT_EQ(parse_error("window 4\nranks 2\nrank 0: put type=int disp=0 origin=1 target=-1\n"),
            "s.rma:3: target=-1 is not a rank of the window group (0 to 1)");
  EXPECT_EQ(parse_error("window 4\nrank 0: put type=int disp=0 origin=1 target=x\n"), "s.rma:2: target=x is not an integer");
}

// init and local lines with target=T: rank T's window values and its own loads and stores.
TEST(RmaSeveralTargets, InitAndLocalLinesNameTheirWindow) {
  const scenario s = parsed(
      "window 4\nepoch lock_all\ninit int 5 target=1\ninit int 3\n"
      "rank 0: accumulate op=sum type=int disp=0 origin=1 target=1\n"
      "local: load type=int disp=0 target=1\nlocal: store type=int disp=0 origin=2 target=2\n");
  EXPECT_EQ(s.program.targets, (std::vector<int>{0, 1, 2}));
  ASSERT_EQ(s.program.accesses.size(), 3u);
  EXPECT_EQ(std::pair(s.program.accesses[1].origin, s.program.accesses[1].target), std::pair(1, 1))
      << "rank 1 loads from its own window";
  EXPECT_EQ(std::pair(s.program.accesses[2].origin, s.program.accesses[2].target), std::pair(2, 2));
  const exploration x = explore(s.program, explore_options{});
  ASSERT_EQ(x.findings.size(), 1u) << "the load races the accumulate; rank 2's store races nothing";
  EXPECT_EQ(x.findings[0].target, 1);
  ASSERT_FALSE(x.groups.empty());
  EXPECT_EQ(x.groups[0].target, 1);
  EXPECT_EQ(x.groups[0].values.back().values, (std::vector<std::string>{"5", "6"})) << "rank 1's init";
  EXPECT_EQ(parse_error("window 4\nranks 2\ninit int 5 target=2\n"), "s.rma:3: rank 2 is beyond 'ranks 2'");
}

}  // namespace
}  // namespace redsem::sim::rma
