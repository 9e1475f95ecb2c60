// SPDX-License-Identifier: BSD-3-Clause
// window_access_races on records written by hand in the runtime's format (docs/check_records.md,
// "The local-access watcher"): which local accesses are paired with which remote calls.
#include "check/analysis/rma_local_races.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <tuple>

#include "tests/check/local_access_records.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;

using records = test::local_access_records;

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

// An access made while another thread of its rank was inside the fence opening the put's epoch
// (`in_fence`, written under --thread-sync calls): it came before that fence returned to the
// program, so it races with the calls of the epoch the fence opens as well as with those of the
// one it closes, unless the ranks' other synchronisation orders it before the call (a barrier
// after it that the origin passes before its put). Without `in_fence` the fence epochs decide.
TEST(WindowAccessRaces, AnAccessDuringTheOpeningFenceRacesWithThatEpochsCalls) {
  const auto races = [](bool in_fence, bool barrier_between) {
    records r;
    r.fence_all(1).fence_all(4).access("fence", 1, 5, "load", 5);
    if (in_fence) r.lines()[0].back()["in_fence"] = 2;
    if (barrier_between) r.barrier_all();
    return window_access_races(r.call("MPI_Put", 6).fence_all(8).lines()).size();
  };
  EXPECT_EQ(races(true, false), 1u);
  EXPECT_EQ(races(false, false), 0u);
  EXPECT_EQ(races(true, true), 0u);
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

// A held access (delay injection, `held_from`): its line is written after its retry (`time`), but
// its thread did nothing between its fault and the retry, so a barrier of its rank that returned in
// between (another thread's) does not order it after the put the barrier follows at the origin;
// without `held_from`, or with the barrier returned before the fault, it does.
TEST(WindowAccessRaces, AHeldAccessIsOrderedAfterWhatReturnedBeforeItsFault) {
  const auto held = [](long long barrier_returned, bool with_held_from) {
    records r;
    r.sync(1, "MPI_Win_lock", 10, 0).call("MPI_Put", 11).sync(1, "MPI_Win_unlock", 15, 0).barrier_all();
    r.lines()[0].back()["time"] = barrier_returned;  // rank 0's barrier, made by another of its threads
    r.access("passive", -1, 4, "load", 50);
    if (with_held_from) r.lines()[0].back()["held_from"] = 25;
    return window_access_races(r.lines());
  };
  const auto spanned = held(30, true);
  ASSERT_EQ(spanned.size(), 1u);
  EXPECT_EQ(spanned[0]["check"], "window_access_race");
  EXPECT_TRUE(held(30, false).empty());
  EXPECT_TRUE(held(20, true).empty());
}

// A held access's place for what orders it after goes back over the lines stamped after its fault,
// and no further than a line without a time, which may stand for a synchronisation of any time.
TEST(WindowAccessRaces, AHeldAccessGoesBackNoFurtherThanALineWithoutATime) {
  records r;
  r.sync(1, "MPI_Win_lock", 10, 0).call("MPI_Put", 11).sync(1, "MPI_Win_unlock", 15, 0).barrier_all();
  r.lines()[0].back()["time"] = 30;
  r.add(0, {{"ev", "rma_sync"}, {"win", 0}, {"call", "MPI_Win_sync"}});  // no time
  r.access("passive", -1, 4, "load", 50);
  r.lines()[0].back()["held_from"] = 25;
  EXPECT_TRUE(window_access_races(r.lines()).empty());
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

// An access made while another thread of its rank was inside MPI_Win_post (`in_post`, written under
// --thread-sync calls) is written in the epoch before, but came before the post returned: it
// races with a put of an access epoch the post matches, as an access of the exposure epoch does.
TEST(WindowAccessRaces, AnAccessDuringThePostRacesWithTheAccessEpochsCalls) {
  for (const bool in_post : {true, false}) {
    records r;
    r.sync(0, "MPI_Win_post", 8).access("passive", -1, 4, "load", 9);
    if (in_post) r.lines()[0].back()["in_post"] = 1;
    r.sync(1, "MPI_Win_start", 10).call("MPI_Put", 11).sync(1, "MPI_Win_complete", 20).sync(0, "MPI_Win_wait", 21);
    EXPECT_EQ(window_access_races(r.lines()).size(), in_post ? 1u : 0u) << in_post;
  }
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

// Where a rank's record of the window stops (the runtime's bound on synchronisation calls, or the
// reader's memory bound cutting the rank's record: rma_limit records_cut, rma_analysis.cpp), a call
// whose completion came after it was completed unseen: not taken for in flight to the end and paired
// with the target's later store. With nothing said, the record goes on and the call is in flight.
TEST(WindowAccessRaces, ACallWhoseCompletionTheRecordDoesNotReachIsNotPaired) {
  for (const std::string what : {"", "sync_events", "records_cut"}) {
    records r;
    r.unmodelled(0);
    r.sync(1, "MPI_Win_lock", 10, 0).call("MPI_Accumulate", 11);
    if (!what.empty()) r.add(1, {{"ev", "rma_limit"}, {"win", 0}, {"what", what}, {"limit", 512}, {"line", 4}});
    r.access("passive", -1, 4, "store", 25);
    EXPECT_EQ(window_access_races(r.lines()).size(), what.empty() ? 1u : 0u) << what;
  }
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

}  // namespace
}  // namespace redsem::check
