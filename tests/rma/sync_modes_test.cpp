// SPDX-License-Identifier: BSD-3-Clause
// Synchronisation modes that order whole epochs: exclusive locks (MPI-4.1 §13.5.3) and the
// target's side of PSCW (§13.5.2), as the scenario reader records them and the explorer
// searches them.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/rma/scenario_fixture.h"

namespace redsem::sim::rma {
namespace {

using redsem::rma::rma_rule;

scenario parsed(const std::string& text) { return testing::parsed_scenario(text); }

// Two origins each read a counter, then (after a flush) write it back: under `mode` locks.
std::string counter(const std::string& mode) {
  std::string text = "window 8\ntarget 2\nepoch none\n";
  for (const char* rank : {"rank 0: ", "rank 1: "})
    text += std::string(rank) + "lock 2 " + mode + "\n" + rank + "get type=int disp=0\n" + rank + "flush 2\n" + rank +
            "put type=int disp=0 origin=1\n" + rank + "unlock 2\n";
  return text;
}

const value_set& fetched_by(const group_report& g, const std::string& line) {
  const auto it = std::find_if(g.values.begin(), g.values.end(),
                               [&](const value_set& v) { return v.what.starts_with("line " + line + " "); });
  EXPECT_NE(it, g.values.end()) << "no fetched values of line " << line;
  return *it;
}

TEST(RmaSyncModes, ExclusiveEpochsOnOneTargetRunOneAfterTheOther) {
  const scenario s = parsed(counter("exclusive"));
  ASSERT_EQ(s.program.accesses.size(), 4u);
  EXPECT_TRUE(s.program.accesses[0].exclusive);
  EXPECT_NE(s.program.accesses[0].lock_epoch, s.program.accesses[2].lock_epoch);
  const exploration x = explore(s.program, explore_options{});
  EXPECT_TRUE(x.findings.empty()) << "the two epochs are never concurrent";
  ASSERT_EQ(x.groups.size(), 1u);
  EXPECT_EQ(x.groups[0].outcomes, 2u) << "one get fetches 0, the other the first epoch's put: no lost update";
  EXPECT_EQ(fetched_by(x.groups[0], "5").values, (std::vector<std::string>{"0", "1"}));
}

TEST(RmaSyncModes, SharedEpochsRaceAndLoseAnUpdate) {
  const scenario s = parsed(counter("shared"));
  const exploration x = explore(s.program, explore_options{});
  EXPECT_EQ(x.findings.size(), 3u) << "each get against the other's put, and the two puts";
  ASSERT_EQ(x.groups.size(), 1u);
  EXPECT_EQ(x.groups[0].outcomes, 3u) << "also both gets fetching 0: the lost update";
}

// An exclusive epoch writes two separate locations; another origin's shared epoch reads both:
// it sees both writes or neither, although the locations are searched apart otherwise.
TEST(RmaSyncModes, AnExclusiveEpochIsAtomicAcrossLocations) {
  const std::string text =
      "window 8 disp_unit=4\nepoch none\n"
      "rank 0: lock 2 exclusive\nrank 0: put type=int disp=0 origin=1\nrank 0: put type=int disp=1 origin=1\n"
      "rank 0: unlock 2\n"
      "rank 1: lock 2 shared\nrank 1: get type=int disp=0\nrank 1: get type=int disp=1\nrank 1: unlock 2\n";
  const scenario exclusive = parsed("target 2\n" + text);
  const exploration x = explore(exclusive.program, explore_options{});
  EXPECT_TRUE(x.findings.empty());
  ASSERT_EQ(x.groups.size(), 1u) << "the epochs join both locations into one search";
  EXPECT_EQ(x.groups[0].outcomes, 2u) << "gets fetch (0, 0) or (1, 1)";
  std::string shared_text = text;
  shared_text.replace(shared_text.find("exclusive"), 9, "shared");
  const exploration y = explore(parsed("target 2\n" + shared_text).program, explore_options{});
  EXPECT_EQ(y.groups.size(), 2u);
  EXPECT_EQ(y.findings.size(), 2u);
}

// The same origin's earlier epoch is complete at the target before its next one starts, even
// where the two touch different locations.
TEST(RmaSyncModes, OneOriginsEpochsStayInProgramOrder) {
  const scenario s = parsed(
      "window 8 disp_unit=4\ntarget 2\nepoch none\n"
      "rank 0: lock 2 shared\nrank 0: put type=int disp=0 origin=1\nrank 0: unlock 2\n"
      "rank 0: lock 2 exclusive\nrank 0: put type=int disp=1 origin=1\nrank 0: unlock 2\n"
      "rank 1: lock 2 exclusive\nrank 1: get type=int disp=0\nrank 1: get type=int disp=1\nrank 1: unlock 2\n");
  const exploration x = explore(s.program, explore_options{});
  EXPECT_TRUE(x.findings.empty());
  ASSERT_EQ(x.groups.size(), 1u);
  EXPECT_EQ(x.groups[0].outcomes, 3u) << "rank 1 sees (0, 0), (1, 0) or (1, 1), never (0, 1)";
}

TEST(RmaSyncModes, ASecondLockOfOneOriginOnOneTargetIsErroneous) {
  const scenario s = parsed(
      "window 8\ntarget 2\nepoch none\nrank 0: lock 2 shared\nrank 0: lock 2 exclusive\n"
      "rank 1: lock 2 exclusive\nrank 1: lock 2 shared\n");
  ASSERT_EQ(s.rejected.size(), 2u);
  EXPECT_EQ(s.rejected[0].line, 5);
  EXPECT_EQ(s.rejected[0].outcome.broken_rule(), rma_rule::lock_already_held);
  EXPECT_EQ(s.rejected[1].line, 7);
  EXPECT_EQ(s.rejected[1].outcome.broken_rule(), rma_rule::lock_already_held);
}

// PSCW with the target's side written: two origins accumulate into a counter the target stored
// before its post, loads while exposed, and loads again after its wait.
std::string exposure(const std::string& load_while_exposed) {
  return "window 8 disp_unit=4\ntarget 2\nepoch none\n"
         "local: store type=int disp=0 origin=5\n"
         "local: post 0,1\n"
         "rank 0: start 2\nrank 0: accumulate op=sum type=int disp=0 origin=1\nrank 0: complete\n"
         "rank 1: start 2\nrank 1: accumulate op=sum type=int disp=0 origin=10\nrank 1: complete\n"
         "local: load type=int disp=" + load_while_exposed + "\n"
         "local: wait\n"
         "local: load type=int disp=0\n";
}

TEST(RmaSyncModes, PostAndWaitBoundTheOriginsAccesses) {
  const scenario s = parsed(exposure("1"));
  EXPECT_TRUE(s.rejected.empty());
  ASSERT_EQ(s.program.accesses.size(), 5u);
  const exploration x = explore(s.program, explore_options{});
  EXPECT_TRUE(x.findings.empty()) << "the store is before the post, the last load after the wait";
  ASSERT_EQ(x.groups.size(), 2u);
  EXPECT_EQ(x.groups[0].outcomes, 1u);
  EXPECT_EQ(fetched_by(x.groups[0], "14").values, (std::vector<std::string>{"16"})) << "after the wait: the final value";
}

TEST(RmaSyncModes, ATargetLoadWhileExposedRacesTheOrigins) {
  const scenario s = parsed(exposure("0"));
  const exploration x = explore(s.program, explore_options{});
  ASSERT_EQ(x.findings.size(), 2u);
  for (const auto& f : x.findings) {
    EXPECT_EQ(f.kind, redsem::rma::finding_kind::racing_access);
    EXPECT_EQ(s.access_lines[f.second], 12) << "only the load between post and wait";
  }
}

// Exposure epochs one after the other order their origins' accesses: rank 2's start matches
// the second post, after the first wait.
TEST(RmaSyncModes, SuccessiveExposureEpochsAreOrdered) {
  const scenario s = parsed(
      "window 4\ntarget 1\nepoch none\n"
      "local: post 0\nlocal: wait\nlocal: post 2\nlocal: wait\n"
      "rank 2: start\nrank 2: accumulate op=sum type=int disp=0 origin=2\nrank 2: complete\n"
      "rank 0: start\nrank 0: put type=int disp=0 origin=1\nrank 0: complete\n");
  ASSERT_EQ(s.program.accesses.size(), 2u);
  EXPECT_EQ(s.program.accesses[0].exposure_begin, 3) << "rank 2's accumulate: from the second post";
  EXPECT_EQ(s.program.accesses[1].exposure_end, 2) << "rank 0's put: until the first wait";
  const exploration x = explore(s.program, explore_options{});
  EXPECT_TRUE(x.findings.empty());
  EXPECT_EQ(x.groups[0].outcomes, 1u);
}

TEST(RmaSyncModes, MisusedPostsAndWaitsAreErroneous) {
  const scenario s = parsed(
      "window 8 disp_unit=4\ntarget 2\nepoch none\n"
      "local: wait\n"                                           // before any post
      "local: post 0\n"
      "rank 1: start 2\nrank 1: get type=int disp=0\nrank 1: complete\n"  // rank 1 is not in the group
      "rank 0: lock 2 shared\n"                                 // the window is exposed
      "local: wait\nlocal: test\n"                             // the test: after the wait
      "rank 0: lock 2 shared\nlocal: post 0\n");               // a post while locked
  std::vector<std::pair<int, rma_rule>> rules;
  for (const auto& r : s.rejected) rules.emplace_back(r.line, r.outcome.broken_rule());
  EXPECT_EQ(rules, (std::vector<std::pair<int, rma_rule>>{{4, rma_rule::wait_without_post},
                                                          {6, rma_rule::start_without_post},
                                                          {9, rma_rule::lock_while_exposed},
                                                          {11, rma_rule::wait_without_post},
                                                          {13, rma_rule::lock_while_exposed}}));
  EXPECT_EQ(s.program.accesses.size(), 1u) << "the get is checked in its (unmatched) epoch all the same";
}

// A fence that another fence follows starts an access epoch (MPI-4.1 §13.5.1): a lock inside it
// overlaps it (§13.5). After the last fence a lock epoch is legal, and a fence inside a lock
// epoch is erroneous.
TEST(RmaSyncModes, ALockBetweenTwoFencesOverlapsTheFenceEpoch) {
  const auto rules = [](const std::string& text) {
    std::vector<std::pair<int, rma_rule>> out;
    for (const auto& r : parsed(text).rejected) out.emplace_back(r.line, r.outcome.broken_rule());
    return out;
  };
  const std::string head = "window 4\nepoch none\nfence\nrank 1: lock 0 shared\nrank 1: get type=int disp=0\n";
  EXPECT_EQ(rules(head + "rank 1: unlock 0\nfence\n"),
            (std::vector<std::pair<int, rma_rule>>{{4, rma_rule::overlapping_access_epochs},
                                                   {6, rma_rule::unlock_without_lock}}));
  EXPECT_TRUE(rules(head + "rank 1: unlock 0\n").empty()) << "no fence follows: the lock epoch stands alone";
  EXPECT_EQ(rules("window 4\nrank 1: start 0\n"),
            (std::vector<std::pair<int, rma_rule>>{{2, rma_rule::overlapping_access_epochs}}))
      << "an 'epoch fence' scenario ends with a fence";
  EXPECT_EQ(rules("window 4\nepoch none\nrank 1: lock_all\nfence\n"),
            (std::vector<std::pair<int, rma_rule>>{{4, rma_rule::fence_in_passive_epoch}}));
}

std::vector<std::pair<int, rma_rule>> rules_of(const std::string& text) { return testing::rejected_rules(parsed(text)); }

// MPI_Win_free only once the rank's RMA involvement on the window is over, and nothing of that
// rank on the window after it (MPI-4.1 §13.2.5).
TEST(RmaSyncModes, FreeInsideAnEpochIsErroneousAndFreesNothing) {
  using rules = std::vector<std::pair<int, rma_rule>>;
  const std::string none = "window 4\nranks 2\nepoch none\n";
  EXPECT_EQ(rules_of(none + "rank 1: lock 0 shared\nrank 1: free\nrank 1: unlock 0\nrank 1: free\n"),
            (rules{{5, rma_rule::free_inside_epoch}}))
      << "the failed free leaves the lock to unlock";
  EXPECT_EQ(rules_of(none + "rank 1: lock_all\nrank 1: free\n"), (rules{{5, rma_rule::free_inside_epoch}}));
  EXPECT_EQ(rules_of(none + "local: post 1\nrank 1: start 0\nrank 1: free\nlocal: free\nrank 1: complete\n"
                            "local: wait\nlocal: free\nrank 1: free\n"),
            (rules{{6, rma_rule::free_inside_epoch}, {7, rma_rule::free_inside_epoch}}))
      << "the origin inside its start epoch, the target between its post and wait";
  EXPECT_EQ(rules_of("window 4\nranks 2\nrank 1: free\n"), (rules{{3, rma_rule::free_inside_epoch}}))
      << "an 'epoch fence' scenario ends with a fence";
  EXPECT_TRUE(rules_of(none + "fence\nrank 1: put type=int disp=0 origin=1\nfence\nrank 1: free\nrank 0: free\n")
                  .empty())
      << "after the last fence";
}

TEST(RmaSyncModes, ACallOnAFreedWindowIsErroneous) {
  using rules = std::vector<std::pair<int, rma_rule>>;
  const scenario s = parsed(
      "window 4\nranks 2\nepoch none\nrank 1: free\n"
      "rank 1: lock 0 shared\nrank 1: get type=int disp=0\nrank 1: free\nfence\n"
      "rank 0: lock 0 shared\nrank 0: put type=int disp=0 origin=1\nrank 0: unlock 0\n");
  EXPECT_EQ(testing::rejected_rules(s), (rules{{5, rma_rule::window_freed},
                        {6, rma_rule::window_freed},
                        {7, rma_rule::window_freed},
                        {8, rma_rule::window_freed}}));
  ASSERT_EQ(s.program.accesses.size(), 1u) << "rank 0 has not freed the window yet";
}

}  // namespace
}  // namespace redsem::sim::rma
