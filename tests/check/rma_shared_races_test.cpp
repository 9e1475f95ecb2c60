// SPDX-License-Identifier: BSD-3-Clause
// shared_memory_race (rma_shared_races.h), as window_access_races adds it, on records written by
// hand: two ranks' direct loads and stores of one segment of a shared-memory window, and what
// orders them.
#include <gtest/gtest.h>

#include <ctime>
#include <string>

#include "check/analysis/rma_local_races.h"
#include "tests/check/local_access_records.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;
using records = test::local_access_records;
using test::count;

TEST(SharedMemoryRaces, TwoRanksStoringOneElementInOneFenceEpochRace) {
  records r(3);
  r.fence_all(1).direct(1, 0, "fence", 1, 4, "store", 2).direct(2, 0, "fence", 1, 4, "store", 3).fence_all(4);
  const auto out = window_access_races(r.lines());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["check"], "shared_memory_race");
  EXPECT_EQ(out[0]["rule"], "MPI-4.1 §13.7");
  EXPECT_EQ(out[0]["rank"], 1);
  EXPECT_EQ(out[0]["evidence"]["segment_rank"], 0);
  EXPECT_EQ(out[0]["evidence"]["other"]["rank"], 2);
}

TEST(SharedMemoryRaces, OtherBytesAnotherEpochAnotherSegmentOrTwoLoadsAreNoRace) {
  records bytes(3), epoch(3), segment(3), loads(3);
  bytes.fence_all(1).direct(1, 0, "fence", 1, 4, "store", 2).direct(2, 0, "fence", 1, 8, "store", 3);
  epoch.fence_all(1).direct(1, 0, "fence", 1, 4, "store", 2).fence_all(3).direct(2, 0, "fence", 2, 4, "load", 4);
  segment.fence_all(1).direct(1, 0, "fence", 1, 4, "store", 2).direct(2, 1, "fence", 1, 4, "store", 3);
  loads.fence_all(1).direct(1, 0, "fence", 1, 4, "load", 2).access("fence", 1, 4, "load", 3);
  for (records* r : {&bytes, &epoch, &segment, &loads}) EXPECT_TRUE(window_access_races(r->lines()).empty());
}

TEST(SharedMemoryRaces, AnOwnerStoreRacesWithAnotherRanksDirectLoad) {
  records r(2);
  r.fence_all(1).access("fence", 1, 4, "store", 2).direct(1, 0, "fence", 1, 4, "load", 3);
  EXPECT_EQ(count(window_access_races(r.lines()), "shared_memory_race"), 1u);
}

// Passive target: a store, then MPI_Win_sync, a barrier, MPI_Win_sync, then the load (MPI-4.1
// §13.7): ordered. Lock_all and unlock_all around both accesses order nothing; nor a pair of
// MPI_Win_sync calls without a barrier between them. A barrier without them orders the two only
// as far as the architecture does (§13.2.3): the warning of the policy win_sync, not a race.
TEST(SharedMemoryRaces, PassiveTargetAccessesAreOrderedOnlyByASynchronisationOnBothSides) {
  for (const bool win_syncs : {false, true})
    for (const bool barrier : {false, true}) {
      records r(3);
      r.sync(1, "MPI_Win_lock_all", 1).sync(2, "MPI_Win_lock_all", 1);
      r.direct(1, 0, "passive", -1, 0, "store", 5);
      if (win_syncs) r.sync(1, "MPI_Win_sync", 6);
      if (barrier) r.barrier_all();
      if (win_syncs) r.sync(2, "MPI_Win_sync", 8);
      r.direct(2, 0, "passive", -1, 0, "load", 9);
      r.sync(1, "MPI_Win_unlock_all", 10).sync(2, "MPI_Win_unlock_all", 10);
      const auto out = window_access_races(r.lines());
      EXPECT_EQ(count(out, "shared_memory_race"), barrier ? 0u : 1u) << win_syncs << barrier;
      EXPECT_EQ(count(out, "shared_memory_no_win_sync"), barrier && !win_syncs ? 1u : 0u) << win_syncs << barrier;
    }
}

// The policy win_sync names itself: the barrier-only pair's finding says the rule (§13.2.3), the
// policy, and which two accesses; MPI_Win_sync on one side only is not enough either.
TEST(SharedMemoryRaces, ABarrierWithMpiWinSyncOnOneSideOnlyIsThePolicysWarning) {
  for (const int synced : {1, 2}) {
    records r(3);
    r.sync(1, "MPI_Win_lock_all", 1).sync(2, "MPI_Win_lock_all", 1);
    r.direct(1, 0, "passive", -1, 0, "store", 5);
    if (synced == 1) r.sync(1, "MPI_Win_sync", 6);
    r.barrier_all();
    if (synced == 2) r.sync(2, "MPI_Win_sync", 8);
    r.direct(2, 0, "passive", -1, 0, "load", 9);
    const auto out = window_access_races(r.lines());
    ASSERT_EQ(out.size(), 1u) << synced;
    EXPECT_EQ(out[0]["check"], "shared_memory_no_win_sync");
    EXPECT_EQ(out[0]["rule"], "MPI-4.1 §13.2.3");
    EXPECT_EQ(out[0]["rank"], 1);
    EXPECT_EQ(out[0]["evidence"]["policy"], "win_sync");
    EXPECT_EQ(out[0]["evidence"]["other"]["rank"], 2);
    EXPECT_NE(out[0]["message"].get<std::string>().find("policy win_sync"), std::string::npos);
  }
}

// When the run synchronised in ways not modelled, a pair of MPI_Win_sync calls whose times are in
// order is taken to be ordered by a barrier not seen; in the wrong order, none can order them.
TEST(SharedMemoryRaces, WithUnmodelledSynchronisationWinSyncTimesDecide) {
  for (const long long second_sync : {8LL, 4LL}) {
    records r(3);
    r.unmodelled(1);
    r.sync(1, "MPI_Win_lock_all", 1).sync(2, "MPI_Win_lock_all", 1);
    r.direct(1, 0, "passive", -1, 0, "store", 5);
    r.sync(1, "MPI_Win_sync", 6).sync(2, "MPI_Win_sync", second_sync);
    r.direct(2, 0, "passive", -1, 0, "load", 9);
    r.sync(1, "MPI_Win_unlock_all", 10).sync(2, "MPI_Win_unlock_all", 10);
    EXPECT_EQ(count(window_access_races(r.lines()), "shared_memory_race"), second_sync == 8 ? 0u : 1u) << second_sync;
  }
}

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// MPICH's win_shared_put_flush_load in passive target: each round the owner stores between two
// MPI_Win_sync, a barrier, the other rank loads between two, a barrier. Every store and load are a
// pair to decide (all ordered), so the pairs must cost about their number, not their number times
// the records' length: the bound is on the process's CPU time, far above what that costs, so
// machine load cannot decide it. Its twin drops one round's first barrier: that round's store
// and load race, and that pair is still found among the others.
TEST(SharedMemoryRaces, ThousandsOfOrderedPairsAreDecidedWithoutRereadingTheRecords) {
  constexpr int rounds = 400;
  for (const int racy_round : {-1, rounds / 2}) {
    records r(2);
    r.sync(0, "MPI_Win_lock_all", 1).sync(1, "MPI_Win_lock_all", 1);
    for (int i = 0; i < rounds; ++i) {
      const long long t = 10 * (i + 1);
      r.sync(0, "MPI_Win_sync", t).access("passive", -1, 0, "store", t + 1).sync(0, "MPI_Win_sync", t + 2);
      if (i != racy_round) r.barrier_all();
      r.sync(1, "MPI_Win_sync", t + 3).direct(1, 0, "passive", -1, 0, "load", t + 4).sync(1, "MPI_Win_sync", t + 5);
      r.barrier_all();
    }
    r.sync(0, "MPI_Win_unlock_all", 10 * (rounds + 1)).sync(1, "MPI_Win_unlock_all", 10 * (rounds + 1));
    const double start = cpu_seconds();
    const auto out = window_access_races(r.lines());
    const double spent = cpu_seconds() - start;
    EXPECT_EQ(out.size(), racy_round < 0 ? 0u : 1u) << json(out).dump(1).substr(0, 2000);
    EXPECT_EQ(count(out, "shared_memory_race"), racy_round < 0 ? 0u : 1u);
    if (racy_round >= 0 && !out.empty()) {
      EXPECT_EQ(out[0]["evidence"]["pairs"], 1);
    }
    EXPECT_LT(spent, 10.0) << "CPU seconds to decide " << rounds * rounds << " pairs";
    RecordProperty(racy_round < 0 ? "cpu_seconds" : "cpu_seconds_racy", std::to_string(spent));
  }
}

// A rank whose synchronisation calls on the window were not all recorded: the pair is not decided,
// and said (an rma_not_analysed line), never a silent clean.
TEST(SharedMemoryRaces, AnIncompleteRecordIsNotDecidedAndSaid) {
  records limited(3);
  limited.sync(1, "MPI_Win_lock_all", 1).sync(2, "MPI_Win_lock_all", 1);
  limited.add(1, {{"ev", "rma_limit"}, {"what", "sync_events"}, {"win", 0}, {"limit", 512}});
  limited.direct(1, 0, "passive", -1, 0, "store", 5).direct(2, 0, "passive", -1, 0, "load", 9);
  const auto out = window_access_races(limited.lines());
  EXPECT_EQ(count(out, "shared_memory_race"), 0u);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["ev"], "rma_not_analysed");
}

// A store in a fence epoch and a load in passive target: ordered by a fence that ends the epoch
// between them (MPI-4.1 §13.5.1), not without one.
TEST(SharedMemoryRaces, AcrossModesAFenceThatEndsAnEpochOrders) {
  for (const bool fence_between : {false, true}) {
    records r(3);
    r.fence_all(1).direct(1, 0, "fence", 1, 0, "store", 5);
    if (fence_between) r.fence_all(6);
    r.direct(2, 0, "passive", -1, 0, "load", 9);
    EXPECT_EQ(count(window_access_races(r.lines()), "shared_memory_race"), fence_between ? 0u : 1u) << fence_between;
  }
}

// A fence that ends no epoch (MPI_MODE_NOPRECEDE, or the first after MPI_MODE_NOSUCCEED) need not
// be a barrier: accesses on either side of it are not ordered by it.
TEST(SharedMemoryRaces, AFenceThatEndsNoEpochOrdersNothing) {
  for (const char* flag : {"noprecede", "after_nosucceed"}) {
    records r(3);
    json first{{"ev", "rma_sync"}, {"win", 0}, {"call", "MPI_Win_fence"}, {"time", 1}};
    if (std::string(flag) == "after_nosucceed") first["nosucceed"] = true;
    json second{{"ev", "rma_sync"}, {"win", 0}, {"call", "MPI_Win_fence"}, {"time", 6}};
    if (std::string(flag) == "noprecede") second["noprecede"] = true;
    for (int rank = 0; rank < 3; ++rank) r.add(rank, first);
    r.direct(1, 0, "passive", -1, 0, "store", 5);
    for (int rank = 0; rank < 3; ++rank) r.add(rank, second);
    r.direct(2, 0, "fence", 2, 0, "load", 9);
    EXPECT_EQ(count(window_access_races(r.lines()), "shared_memory_race"), 1u) << flag;
  }
}

// PSCW: a complete orders what its rank did before it before what the target does after the
// matching wait (MPI-4.1 §13.5.2), not before the wait; an epoch with a third rank may order the
// pair through process synchronisation, which is not modelled: said, never a finding.
TEST(SharedMemoryRaces, ACompleteOrdersAccessesBeforeItBeforeTheMatchingWait) {
  for (const char* where : {"after_wait", "before_wait", "third_rank"}) {
    const std::string w = where;
    records r(3);
    const int target = w == "third_rank" ? 2 : 0;
    r.add(1, {{"ev", "rma_sync"}, {"win", 0}, {"call", "MPI_Win_start"}, {"group", {target}}, {"time", 1}});
    r.direct(1, 0, "passive", -1, 0, "store", 5).sync(1, "MPI_Win_complete", 6);
    r.add(target, {{"ev", "rma_sync"}, {"win", 0}, {"call", "MPI_Win_post"}, {"group", {1}}, {"time", 1}});
    if (w == "before_wait") r.direct(0, 0, "pscw", -1, 0, "load", 4);
    r.sync(target, "MPI_Win_wait", 7);
    if (w != "before_wait") r.direct(0, 0, "passive", -1, 0, "load", 9);
    const auto out = window_access_races(r.lines());
    EXPECT_EQ(count(out, "shared_memory_race"), w == "before_wait" ? 1u : 0u) << w;
    EXPECT_EQ(out.size(), w == "after_wait" ? 0u : 1u) << w;  // the third rank's: an rma_not_analysed line
  }
}

}  // namespace
}  // namespace redsem::check
