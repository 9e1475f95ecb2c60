// SPDX-License-Identifier: BSD-3-Clause
// window_access_races on records written by hand in the runtime's format (docs/check_records.md,
// "The local-access watcher"): which local accesses are paired with which remote calls.
#include "check/analysis/rma_local_races.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <tuple>

#include "tests/check/window_records.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;

// n ranks' records of one window of 16 bytes per rank, disp_unit 4, on one host.
class records : public test::window_records<records> {
 public:
  explicit records(int n = 2) : window_records(n, "MPI_Win_allocate", {{"host", "node0"}}) {}
  records& sync(int rank, const std::string& call, long long time, int target = -1) {
    json l{{"ev", "rma_sync"}, {"win", 0}, {"call", call}, {"time", time}};
    if (target >= 0) l["target"] = target;
    return add(rank, l);
  }
  // Rank 1's call on rank 0's element 1 (bytes 4 to 8).
  records& call(const std::string& name, long long time) {
    return add(1, {{"ev", "rma_call"},
                   {"win", 0},
                   {"call", name},
                   {"target", 0},
                   {"disp", 1},
                   {"count", 1},
                   {"type", "MPI_INT"},
                   {"time", time}});
  }
  // Rank 0's own access to its window.
  records& access(const std::string& mode, long long fence, long long offset, const std::string& kind, long long time) {
    return direct(0, 0, mode, fence, offset, kind, time);
  }
  // Rank `rank`'s direct access to rank `owner`'s segment (its own when they are equal).
  records& direct(int rank, int owner, const std::string& mode, long long fence, long long offset,
                  const std::string& kind, long long time) {
    json l{{"ev", "local_access"}, {"win", 0},       {"buffer", "window"}, {"mode", mode},     {"offset", offset},
           {"bytes", 1},           {"access", kind}, {"time", time},       {"time_last", time}};
    if (mode == "fence") l["fence"] = fence;
    if (owner != rank) l["segment_rank"] = owner;
    return add(rank, l);
  }
};

TEST(WindowAccessRaces, ALoadInTheFenceEpochOfARemotePutOnItsBytesIsARace) {
  records r;
  r.fence_all(1).call("MPI_Put", 2).access("fence", 1, 5, "load", 3).fence_all(4);
  const auto out = window_access_races(r.lines());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["check"], "window_access_race");
  EXPECT_EQ(out[0]["rank"], 0);
  EXPECT_EQ(out[0]["rule"], "MPI-4.1 §13.7");
  EXPECT_EQ(out[0]["evidence"]["remote"]["rank"], 1);
  EXPECT_EQ(out[0]["evidence"]["remote"]["target_bytes"], json({4, 8}));
}

// A record read back by `redsem check --records` may hold any integer: a call or an access whose
// bytes do not fit in 64 bits is left out (once a signed overflow, UBSan).
TEST(WindowAccessRaces, BytesBeyond64BitOffsetsAreLeftOut) {
  constexpr long long huge = std::numeric_limits<long long>::max() / 2;
  for (const auto& [rank, key, value] : {std::tuple{1, "count", huge}, std::tuple{1, "disp", huge},
                                         std::tuple{0, "offset", std::numeric_limits<long long>::max()}}) {
    records r;
    r.fence_all(1).call("MPI_Put", 2).access("fence", 1, 5, "load", 3).fence_all(4);
    auto& lines = r.lines()[static_cast<std::size_t>(rank)];
    lines[lines.size() - 2][key] = value;  // the call's or the access's line, before the last fence
    EXPECT_TRUE(window_access_races(r.lines()).empty()) << key;
  }
}

// A strided local_access line (docs/check_records.md): `count` accesses of `bytes`, each `stride`
// on; only the one on the call's bytes races, and the finding names that byte.
TEST(WindowAccessRaces, AStridedLineRacesThroughTheAccessOnTheCallsBytes) {
  records r;
  r.fence_all(1).call("MPI_Put", 2).access("fence", 1, 0, "store", 3).fence_all(4);
  auto& access = r.lines()[0][r.lines()[0].size() - 2];
  access["stride"] = 3;
  access["count"] = 2;  // bytes 0 and 3: neither is in the put's 4 to 8
  EXPECT_TRUE(window_access_races(r.lines()).empty());
  access["count"] = 3;  // byte 6 too
  const auto out = window_access_races(r.lines());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["check"], "window_access_race");
  EXPECT_EQ(out[0]["evidence"]["offset"], 6);
}

// Window bytes left open to their owner's accesses (a `watch_open` line): a remote call in flight on
// them that conflicts with the kind not seen is said not analysed, never taken for a race; one that
// does not conflict (a get, against loads only) or on other bytes is nothing.
TEST(WindowAccessRaces, BytesLeftOpenAreSaidNotAnalysedWhereACallConflicts) {
  const auto with_open = [](const std::string& call, const std::string& kind, long long offset) {
    records r;
    r.fence_all(1).call(call, 2).add(0, {{"ev", "watch_open"},
                                         {"win", 0},
                                         {"buffer", "window"},
                                         {"mode", "fence"},
                                         {"fence", 1},
                                         {"offset", offset},
                                         {"bytes", 4},
                                         {"access", kind},
                                         {"time", 3},
                                         {"time_last", 3}});
    return window_access_races(r.fence_all(4).lines());
  };
  for (const auto& [call, kind] : {std::pair{"MPI_Put", "load"}, std::pair{"MPI_Get", "load or store"}}) {
    const auto out = with_open(call, kind, 2);
    ASSERT_EQ(out.size(), 1u) << call << " " << kind;
    EXPECT_EQ(out[0]["ev"], "rma_not_analysed");
    EXPECT_NE(out[0].value("reason", "").find("not seen one by one"), std::string::npos) << out[0].dump();
  }
  EXPECT_TRUE(with_open("MPI_Get", "load", 2).empty());
  EXPECT_TRUE(with_open("MPI_Put", "load or store", 8).empty());
}

TEST(WindowAccessRaces, OtherBytesOrAnotherFenceEpochAreNoRace) {
  records other_bytes, next_epoch;
  other_bytes.fence_all(1).call("MPI_Put", 2).access("fence", 1, 8, "store", 3).fence_all(4);
  next_epoch.fence_all(1).call("MPI_Put", 2).fence_all(3).access("fence", 2, 4, "store", 4).fence_all(5);
  EXPECT_TRUE(window_access_races(other_bytes.lines()).empty());
  EXPECT_TRUE(window_access_races(next_epoch.lines()).empty());
}

// Its large-count form (MPI_Get_c, MPI_Rget_c) reads the target just the same.
TEST(WindowAccessRaces, AGetRacesWithAStoreOnly) {
  for (const char* get : {"MPI_Get", "MPI_Get_c", "MPI_Rget_c"}) {
    records load, store;
    load.fence_all(1).call(get, 2).access("fence", 1, 4, "load", 3).fence_all(4);
    store.fence_all(1).call(get, 2).access("fence", 1, 4, "store", 3).fence_all(4);
    EXPECT_TRUE(window_access_races(load.lines()).empty()) << get;
    EXPECT_EQ(window_access_races(store.lines()).size(), 1u) << get;
  }
}

// Passive target: an access and a call race unless a process synchronisation orders them, the
// call's completion before the access or the access before the call. The times are not looked
// at: an access after the unlock in time races all the same when nothing orders it.
TEST(WindowAccessRaces, PassiveTargetIsDecidedBySynchronisationNotByTime) {
  for (const long long when : {15LL, 25LL}) {
    records unordered, after_barrier, before_barrier;
    unordered.sync(1, "MPI_Win_lock", 10, 0).call("MPI_Accumulate", 11).sync(1, "MPI_Win_unlock", 20, 0);
    unordered.access("passive", -1, 4, "store", when);
    EXPECT_EQ(window_access_races(unordered.lines()).size(), 1u) << when;
    after_barrier.sync(1, "MPI_Win_lock", 10, 0).call("MPI_Accumulate", 11).sync(1, "MPI_Win_unlock", 20, 0);
    after_barrier.barrier_all().access("passive", -1, 4, "store", when);
    EXPECT_TRUE(window_access_races(after_barrier.lines()).empty()) << when;
    before_barrier.access("passive", -1, 4, "store", when).barrier_all();
    before_barrier.sync(1, "MPI_Win_lock", 10, 0).call("MPI_Accumulate", 11).sync(1, "MPI_Win_unlock", 20, 0);
    EXPECT_TRUE(window_access_races(before_barrier.lines()).empty()) << when;
  }
}

// PSCW: an access in the target's exposure epoch races with a call of an access epoch that no
// synchronisation orders (the call lands at the latest when MPI_Win_wait returns); when the run
// synchronised in ways not modelled, only while the call was in flight (until MPI_Win_complete).
// A call in a lock epoch is another mode.
TEST(WindowAccessRaces, PscwPairsAccessesOfTheExposureEpochWithAccessEpochCalls) {
  for (const bool unmodelled : {false, true})
    for (const long long when : {15LL, 25LL}) {
      records r;
      if (unmodelled) r.unmodelled(0);
      r.sync(0, "MPI_Win_post", 9).sync(1, "MPI_Win_start", 10).call("MPI_Put", 11).sync(1, "MPI_Win_complete", 20);
      r.access("pscw", -1, 4, "load", when);
      EXPECT_EQ(window_access_races(r.lines()).size(), !unmodelled || when < 20 ? 1u : 0u) << unmodelled << when;
    }
  records locked;
  locked.sync(1, "MPI_Win_lock", 10, 0).call("MPI_Put", 11).sync(1, "MPI_Win_unlock", 20, 0);
  locked.access("pscw", -1, 4, "load", 15);
  EXPECT_TRUE(window_access_races(locked.lines()).empty());
}

// Ranks on two hosts share no clock, and need none: the synchronisation decides.
TEST(WindowAccessRaces, PassiveTargetAcrossHostsIsDecidedBySynchronisation) {
  records r;
  r.sync(1, "MPI_Win_lock", 10, 0).call("MPI_Accumulate", 11).sync(1, "MPI_Win_unlock", 20, 0);
  r.access("passive", -1, 4, "store", 15);
  r.lines()[1][0]["host"] = "node1";
  EXPECT_EQ(window_access_races(r.lines()).size(), 1u);
}

// A run that synchronised through calls the check does not model: the run's timing decides, on
// one host (the access must fall between the call and the unlock that completed it); times of
// two hosts are not compared.
TEST(WindowAccessRaces, WithUnmodelledSynchronisationTheTimingOfOneHostDecides) {
  for (const long long when : {15LL, 25LL}) {
    records r;
    r.unmodelled(0);
    r.sync(1, "MPI_Win_lock", 10, 0).call("MPI_Accumulate", 11).sync(1, "MPI_Win_unlock", 20, 0);
    r.access("passive", -1, 4, "store", when);
    EXPECT_EQ(window_access_races(r.lines()).size(), when < 20 ? 1u : 0u) << when;
  }
  records hosts;
  hosts.unmodelled(1);
  hosts.sync(1, "MPI_Win_lock", 10, 0).call("MPI_Accumulate", 11).sync(1, "MPI_Win_unlock", 20, 0);
  hosts.access("passive", -1, 4, "store", 15);
  hosts.lines()[1][0]["host"] = "node1";
  EXPECT_TRUE(window_access_races(hosts.lines()).empty());
}

// Fences order the ranks of every host alike: the epoch decides, whatever each host's clock read.
TEST(WindowAccessRaces, FenceEpochsDecideAcrossHostsWhateverTheirClocks) {
  records r;
  r.fence_all(1).call("MPI_Put", 900).access("fence", 1, 5, "load", 3).fence_all(4);
  r.lines()[1][0]["host"] = "node1";
  EXPECT_EQ(window_access_races(r.lines()).size(), 1u);
}

// MPI-4.1 §13.5.1: a call made after its origin's fence returned accesses the target only after
// the target called its matching fence, in whatever epoch the call is (here a lock epoch after a
// fence with MPI_MODE_NOSUCCEED, as in MPICH's acc_loc test). What the target did before its
// fence precedes the call; what it did after the fence, or a call made before the origin's
// fence, is not ordered by it; nor is a call on another window, nor through a fence that asserts
// both MPI_MODE_NOPRECEDE and MPI_MODE_NOSUCCEED (no barrier, no epoch).
TEST(WindowAccessRaces, AFenceOrdersTheTargetsEarlierAccessesBeforeLaterCalls) {
  const auto fence = [](records& r, int rank, long long time, bool noprecede, const std::string& win = "0") {
    r.sync(rank, "MPI_Win_fence", time);
    json& l = r.lines()[static_cast<std::size_t>(rank)].back();
    l["win"] = std::stoi(win);
    l["nosucceed"] = true;
    if (noprecede) l["noprecede"] = true;
  };
  const auto lock_epoch = [](records& r) {
    r.sync(1, "MPI_Win_lock", 10, 0).call("MPI_Accumulate", 11).sync(1, "MPI_Win_unlock", 20, 0);
  };
  records before, after, call_first, no_barrier, other_window;
  before.access("passive", -1, 4, "load", 5);
  fence(before, 0, 6, false);
  fence(before, 1, 6, false);
  lock_epoch(before);
  EXPECT_TRUE(window_access_races(before.lines()).empty());
  fence(after, 0, 6, false);
  after.access("passive", -1, 4, "load", 7);
  fence(after, 1, 6, false);
  lock_epoch(after);
  EXPECT_EQ(window_access_races(after.lines()).size(), 1u);
  call_first.access("passive", -1, 4, "load", 5);
  fence(call_first, 0, 6, false);
  lock_epoch(call_first);
  fence(call_first, 1, 21, false);
  EXPECT_EQ(window_access_races(call_first.lines()).size(), 1u);
  no_barrier.access("passive", -1, 4, "load", 5);
  fence(no_barrier, 0, 6, true);
  fence(no_barrier, 1, 6, true);
  lock_epoch(no_barrier);
  EXPECT_EQ(window_access_races(no_barrier.lines()).size(), 1u);
  other_window.access("passive", -1, 4, "load", 5);
  fence(other_window, 0, 6, false, "1");
  fence(other_window, 1, 6, false, "1");
  lock_epoch(other_window);
  EXPECT_EQ(window_access_races(other_window.lines()).size(), 1u);
}

std::size_t count(const std::vector<json>& findings, const std::string& check) {
  std::size_t n = 0;
  for (const json& f : findings) n += f["check"] == check;
  return n;
}

// A direct access to another rank's segment (MPI_Win_shared_query) is an access to that rank's
// window memory: paired with a third rank's put to it.
TEST(WindowAccessRaces, ADirectLoadOfAnotherRanksSegmentRacesWithAPutToIt) {
  records r(3);
  r.fence_all(1).call("MPI_Put", 2).direct(2, 0, "fence", 1, 5, "load", 3).fence_all(4);
  const auto out = window_access_races(r.lines());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["check"], "window_access_race");
  EXPECT_EQ(out[0]["rank"], 2);
  EXPECT_EQ(out[0]["evidence"]["segment_rank"], 0);
  // The put's own rank storing there directly is its own business, not a race with another rank.
  records own(2);
  own.fence_all(1).call("MPI_Put", 2).direct(1, 0, "fence", 1, 5, "load", 3).fence_all(4);
  EXPECT_TRUE(window_access_races(own.lines()).empty());
}

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
// MPI_Win_sync calls without a barrier between them, nor a barrier without them.
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
      EXPECT_EQ(count(window_access_races(r.lines()), "shared_memory_race"), win_syncs && barrier ? 0u : 1u)
          << win_syncs << barrier;
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
