// SPDX-License-Identifier: BSD-3-Clause
// rma_findings on passive-target synchronisation (locks, request-based calls): which calls
// are in flight together, decided by the ranks' recorded synchronisation or, where it is not
// modelled, by their lifetimes.
#include <gtest/gtest.h>

#include "check/analysis/rma_findings.h"
#include "tests/check/rma_record_lines.h"

namespace redsem::check::test {
namespace {

TEST(RmaFindings, PassiveCallsInFlightTogetherArePaired) {
  records r;
  r.sync(0, "MPI_Win_lock_all", 1).sync(1, "MPI_Win_lock_all", 1);
  r.accumulate(0, "MPI_INT", "01000000", 10).accumulate(1, "MPI_UNSIGNED", "02000000", 11);
  r.sync(0, "MPI_Win_unlock_all", 20).sync(1, "MPI_Win_unlock_all", 21);
  EXPECT_TRUE(checks(rma_findings(r.lines(), {})).contains("mismatched_accumulates"));
}

// Rank 0's accumulate was complete at the target (its flush returned) before rank 1 made its
// call. Whether they race is decided by the synchronisation the ranks recorded, not by the
// times: with a barrier between the flush and rank 1's call they are ordered; without one they
// may be in flight together in another run, and are paired.
TEST(RmaFindings, PassiveCallsAreOrderedBySynchronisationNotByTime) {
  for (const bool barrier : {false, true}) {
    records r;
    r.sync(0, "MPI_Win_lock_all", 1).sync(1, "MPI_Win_lock_all", 1);
    r.accumulate(0, "MPI_INT", "01000000", 10).sync(0, "MPI_Win_flush_all", 12);
    if (barrier) r.barrier_all();
    r.accumulate(1, "MPI_UNSIGNED", "02000000", 13);
    r.sync(0, "MPI_Win_unlock_all", 20).sync(1, "MPI_Win_unlock_all", 21);
    const auto out = rma_findings(r.lines(), {});
    EXPECT_EQ(checks(out).contains("mismatched_accumulates"), !barrier) << json(out).dump(1);
  }
}

// When a rank synchronised through calls the check does not model, the run's timing decides:
// calls whose lifetimes did not overlap are not paired (some synchronisation may order them).
TEST(RmaFindings, WithUnmodelledSynchronisationLifetimesDecide) {
  records r;
  r.unmodelled(1);
  r.sync(0, "MPI_Win_lock_all", 1).sync(1, "MPI_Win_lock_all", 1);
  r.accumulate(0, "MPI_INT", "01000000", 10).sync(0, "MPI_Win_flush_all", 12);
  r.accumulate(1, "MPI_UNSIGNED", "02000000", 13);
  r.sync(0, "MPI_Win_unlock_all", 20).sync(1, "MPI_Win_unlock_all", 21);
  const auto out = rma_findings(r.lines(), {});
  EXPECT_TRUE(checks(out).empty()) << json(out).dump(1);
}

// Synchronisation decides across machines as on one. Lifetimes, when they decide, are compared
// only on one machine: the same calls on two hosts are then not paired.
TEST(RmaFindings, PassiveCallsOfRanksOnDifferentMachinesArePairedBySynchronisation) {
  records r;
  r.sync(0, "MPI_Win_lock_all", 1).sync(1, "MPI_Win_lock_all", 1);
  r.accumulate(0, "MPI_INT", "01000000", 10).accumulate(1, "MPI_UNSIGNED", "02000000", 11);
  auto lines = r.sync(0, "MPI_Win_unlock_all", 20).sync(1, "MPI_Win_unlock_all", 21).lines();
  lines[0][0]["host"] = "node1";
  lines[1][0]["host"] = "node2";
  const auto out = rma_findings(lines, {});
  EXPECT_TRUE(checks(out).contains("mismatched_accumulates"));
  EXPECT_EQ(not_analysed(out), 0u);
}

TEST(RmaFindings, WithUnmodelledSynchronisationRanksOnDifferentMachinesAreNotPaired) {
  for (const bool two_hosts : {false, true}) {
    records r;
    r.unmodelled(0);
    r.sync(0, "MPI_Win_lock_all", 1).sync(1, "MPI_Win_lock_all", 1);
    r.accumulate(0, "MPI_INT", "01000000", 10).accumulate(1, "MPI_UNSIGNED", "02000000", 11);
    auto lines = r.sync(0, "MPI_Win_unlock_all", 20).sync(1, "MPI_Win_unlock_all", 21).lines();
    lines[0][0]["host"] = "node1";
    lines[1][0]["host"] = two_hosts ? "node2" : "node1";
    const auto out = rma_findings(lines, {});
    EXPECT_EQ(checks(out).contains("mismatched_accumulates"), !two_hosts);
    EXPECT_EQ(not_analysed(out), two_hosts ? 1u : 0u);
  }
}

// Two exclusive epochs on one target whose calls overlap in time (a library may take the lock
// lazily, at the unlock): the lock keeps them apart (MPI-4.1 §13.5.3), so they are not paired.
TEST(RmaFindings, ExclusiveEpochsOfTwoRanksAreNotPaired) {
  records r;
  r.sync(0, "MPI_Win_lock", 1, {{"target", 0}, {"lock", "exclusive"}}).put(0, 10);
  r.sync(1, "MPI_Win_lock", 1, {{"target", 0}, {"lock", "exclusive"}}).put(1, 11);
  r.sync(0, "MPI_Win_unlock", 20, {{"target", 0}}).sync(1, "MPI_Win_unlock", 21, {{"target", 0}});
  const auto out = rma_findings(r.lines(), {});
  EXPECT_TRUE(out.empty()) << json(out).dump(1);
}

TEST(RmaFindings, SharedLockPutsOfTwoRanksRace) {
  records r;
  r.sync(0, "MPI_Win_lock", 1, {{"target", 0}, {"lock", "shared"}}).put(0, 10);
  r.sync(1, "MPI_Win_lock", 1, {{"target", 0}, {"lock", "shared"}}).put(1, 11);
  r.sync(0, "MPI_Win_unlock", 20, {{"target", 0}}).sync(1, "MPI_Win_unlock", 21, {{"target", 0}});
  EXPECT_TRUE(checks(rma_findings(r.lines(), {})).contains("racing_access"));
}

// What an exclusive lock does not prevent: one origin's own two puts to the same bytes, neither
// completed before the other (MPI-4.1 §13.7).
TEST(RmaFindings, TwoPutsInOneExclusiveEpochRace) {
  records r;
  r.sync(0, "MPI_Win_lock", 1, {{"target", 0}, {"lock", "exclusive"}}).put(0, 10).put(0, 11);
  r.sync(0, "MPI_Win_unlock", 20, {{"target", 0}});
  const auto out = said(rma_findings(r.lines(), {}));
  ASSERT_TRUE(checks(out).contains("racing_access")) << json(out).dump(1);
  EXPECT_EQ(not_analysed(out), 0u);
  for (const auto& f : out)
    EXPECT_NE(f["evidence"]["scenario"].get<std::string>().find("rank 0: lock 0 exclusive"), std::string::npos);
}

// MPI_Rget's completion means its data was read (MPI-4.1 §13.3.5): a put after its MPI_Wait no
// longer conflicts with it; before, the two race.
TEST(RmaFindings, AnRgetRacesAPutUntilItsRequestCompletes) {
  for (const bool waited : {false, true}) {
    records r;
    r.sync(0, "MPI_Win_lock", 1, {{"target", 0}, {"lock", "shared"}}).rget(0, 10, 0);
    if (waited) r.request_done(0, 11, 0);
    r.put(0, 12).sync(0, "MPI_Win_unlock", 20, {{"target", 0}});
    const auto out = said(rma_findings(r.lines(), {}));
    EXPECT_EQ(checks(out).contains("racing_access"), !waited) << json(out).dump(1);
    EXPECT_EQ(not_analysed(out), 0u) << json(out).dump(1);
  }
}

// MPI_Rput's completion is local only (MPI-4.1 §13.3.5): after its MPI_Wait it is still in
// flight at the target until a flush or unlock, so a second put to its bytes races it.
TEST(RmaFindings, AnRputStillRacesAfterItsRequestCompletes) {
  records r;
  r.sync(0, "MPI_Win_lock", 1, {{"target", 0}, {"lock", "shared"}}).rput(0, 10, 0).request_done(0, 11, 0);
  r.put(0, 12).sync(0, "MPI_Win_unlock", 20, {{"target", 0}});
  const auto out = said(rma_findings(r.lines(), {}));
  EXPECT_TRUE(checks(out).contains("racing_access")) << json(out).dump(1);
  EXPECT_EQ(not_analysed(out), 0u) << json(out).dump(1);
}

// One origin's MPI_REPLACE on MPI_BYTE (ARMCI-MPI's put) then MPI_SUM on MPI_INT over the same
// bytes in one passive epoch: mismatched under the default policy (ordering_types=same, §13.7.2's
// "per-datatype granularity"), ordered by accumulate_ordering under the policy given to the
// analysis (ordering_types=any), and a finding's scenario carries a policy other than the default
// on its `policy` line, so that it replays as explored.
TEST(RmaFindings, OneOriginsAccumulatesOfDifferentTypesFollowTheGivenPolicy) {
  records r;
  r.sync(1, "MPI_Win_lock_all", 1).accumulate(1, "MPI_BYTE", "07", 10, "MPI_REPLACE");
  r.accumulate(1, "MPI_INT", "01000000", 11).sync(1, "MPI_Win_unlock_all", 20);
  const auto by_default = said(rma_findings(r.lines(), {}));
  ASSERT_TRUE(checks(by_default).contains("mismatched_accumulates")) << json(by_default).dump(1);
  for (const auto& f : by_default)
    EXPECT_EQ(f["evidence"]["scenario"].get<std::string>().find("\npolicy "), std::string::npos) << f.dump(1);
  policy any;
  any.ordering_types = ordering_types_rule::any;
  const auto ordered = rma_findings(r.lines(), any);
  EXPECT_TRUE(checks(ordered).empty()) << json(ordered).dump(1);
  EXPECT_EQ(analysed(ordered), 1u) << json(ordered).dump(1);
  // A finding under a policy other than the default names it on its scenario's `policy` line:
  // one origin's replace then sum of one type are mixed_ops under ordered_accumulates=concurrent.
  records mixed;
  mixed.sync(1, "MPI_Win_lock_all", 1).accumulate(1, "MPI_INT", "07000000", 10, "MPI_REPLACE");
  mixed.accumulate(1, "MPI_INT", "01000000", 11).sync(1, "MPI_Win_unlock_all", 20);
  policy concurrent;
  concurrent.ordered_accumulates = ordered_accumulates_rule::concurrent;
  const auto out = said(rma_findings(mixed.lines(), concurrent));
  ASSERT_TRUE(checks(out).contains("mixed_ops")) << json(out).dump(1);
  for (const auto& f : out)
    EXPECT_NE(f["evidence"]["scenario"].get<std::string>().find("\npolicy " + to_string(concurrent) + "\n"),
              std::string::npos)
        << f.dump(1);
}

}  // namespace
}  // namespace redsem::check::test
