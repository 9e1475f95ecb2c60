// SPDX-License-Identifier: BSD-3-Clause
// The reads-from order (rma_reads_from.h) as window_access_races uses it, on records written by
// hand in the runtime's format: a value observed at an element orders the one call that can have
// written it there before the observer's completion, and nothing when the source is not unique.
#include "check/analysis/rma_reads_from.h"

#include <gtest/gtest.h>

#include <string>

#include "check/analysis/rma_local_races.h"
#include "tests/check/window_records.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;

// n ranks' records of one window of 16 bytes per rank (disp_unit 4), in passive target, every
// rank's window memory watched; rank 0 owns the element the tests hand over (bytes 4 to 8).
class records : public test::window_records<records> {
 public:
  // `call` MPI_Win_allocate_shared: every rank watches every segment (a `watch` line each).
  explicit records(int n = 2, const std::string& call = "MPI_Win_allocate")
      : window_records(n, call, {{"host", "node0"}}) {
    for (int r = 0; r < n; ++r) {
      for (int segment = 0; segment < n; ++segment) {
        if (segment != r && call != "MPI_Win_allocate_shared") continue;
        json l{{"ev", "watch"}, {"win", 0}, {"buffer", "window"}, {"mode", "passive"}, {"epoch", 0}, {"bytes", 16}};
        if (segment != r) l["segment_rank"] = segment;
        add(r, l);
      }
      sync(r, "MPI_Win_lock_all");
    }
  }
  records& sync(int rank, const std::string& call, int target = -1) {
    json l{{"ev", "rma_sync"}, {"win", 0}, {"call", call}, {"epoch", 0}, {"time", 0}};
    if (target >= 0) l["target"] = target;
    return add(rank, l);
  }
  // Rank `rank`'s call on rank 0's element `disp`, completed by a flush; `fetched` is what its
  // result buffer received (none when empty).
  records& call(int rank, const std::string& name, const std::string& op, long long disp, const std::string& origin,
                const std::string& fetched = "") {
    json l{{"ev", "rma_call"}, {"win", 0},   {"call", name},      {"epoch", 0}, {"target", 0},
           {"disp", disp},     {"count", 1}, {"type", "MPI_INT"}, {"time", 0}};
    if (!op.empty()) l["op"] = op;
    if (!origin.empty()) l["origin"] = origin;
    const auto seq = static_cast<long long>(lines()[static_cast<std::size_t>(rank)].size());
    add(rank, l);
    if (!fetched.empty()) add(rank, {{"ev", "rma_result"}, {"win", 0}, {"of", seq}, {"result", fetched}});
    return sync(rank, "MPI_Win_flush", 0);
  }
  records& replace(int rank, long long disp, const std::string& value, const std::string& fetched = "") {
    return call(rank, "MPI_Accumulate", "MPI_REPLACE", disp, value, fetched);
  }
  records& poll(long long disp, const std::string& fetched) {
    return call(0, "MPI_Fetch_and_op", "MPI_NO_OP", disp, "", fetched);
  }
  // Rank `rank`'s store into rank 0's memory at `offset` (directly, through a shared-memory
  // window, when `rank` is not 0), the element's bytes after it being `value`, published by
  // MPI_Win_sync.
  records& store(long long offset, const std::string& value, int rank = 0) {
    json l{{"ev", "local_access"}, {"win", 0},         {"buffer", "window"}, {"mode", "passive"},
           {"epoch", 0},           {"offset", offset}, {"bytes", 1},         {"access", "store"},
           {"value", value},       {"time", 0},        {"time_last", 0}};
    if (rank != 0) l["segment_rank"] = 0;
    add(rank, l);
    return sync(rank, "MPI_Win_sync");
  }
  records& finish() {
    for (std::size_t r = 0; r < lines().size(); ++r)
      add(static_cast<int>(r), {{"ev", "finalize"}, {"calls", json::object()}});
    return *this;
  }
};

constexpr const char* nil = "ffffffff";
constexpr const char* one = "01000000";

// Rank 0 initialises its element, rank 1 replaces it by 1 after a barrier; rank 0 polls it.
records handoff(int ranks = 2, const std::string& call = "MPI_Win_allocate") {
  records r(ranks, call);
  r.store(4, nil).barrier_all().replace(1, 1, one).poll(1, nil);
  return r;
}

TEST(ReadsFrom, TheOwnerStoringAfterObservingTheOnlyPossibleWriterIsNoRace) {
  records r = handoff();
  r.poll(1, one).store(4, nil).finish();
  EXPECT_TRUE(window_access_races(r.lines()).empty());
}

TEST(ReadsFrom, TheOwnerStoringWithoutObservingTheValueIsARace) {
  records r = handoff();
  r.store(4, nil).finish();
  const auto out = window_access_races(r.lines());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["evidence"]["remote"]["rank"], 1);
}

// A second rank replaces the element by the same value: the poll may have seen either, and the
// other may still be in flight.
TEST(ReadsFrom, AValueTwoCallsMayHaveWrittenOrdersNothing) {
  records r = handoff(3);
  r.replace(2, 1, one).poll(1, one).store(4, nil).finish();
  EXPECT_EQ(window_access_races(r.lines()).size(), 1u);
  const rma_epochs epochs = rma_epochs_of(r.lines());
  const happens_before order(r.lines());
  const reads_from observed(r.lines(), epochs, window_names_of(epochs), order);
  const std::size_t store = r.lines()[0].size() - 3;  // before its MPI_Win_sync and finalize
  for (int writer : {1, 2}) {
    const auto& lines = r.lines()[static_cast<std::size_t>(writer)];
    for (std::size_t i = 0; i < lines.size(); ++i)
      if (lines[i]["ev"] == "rma_call") {
        EXPECT_FALSE(observed.orders_before(writer, i, 4, 5, 0, store)) << writer;
      }
  }
}

// The owner itself stored that value earlier, and nothing shows it was overwritten before the poll.
TEST(ReadsFrom, AValueTheOwnerMayHaveStoredOrdersNothing) {
  records r(2);
  r.store(4, one).barrier_all().replace(1, 1, one).poll(1, one).store(4, nil).finish();
  EXPECT_EQ(window_access_races(r.lines()).size(), 1u);
}

// Stores the watcher may have missed, or calls the records may miss, could be the source: a window
// page left open, a rank whose record of calls stops at a bound or lost lines, a run of several
// threads, a segment other ranks may store into directly, a rank that did not finish. The value
// may still order the pair: not decided (rma_reads_from_gaps.cpp), an rma_not_analysed note.
TEST(ReadsFrom, NothingIsOrderedWhereTheRecordsCannotRuleOutEverySource) {
  const auto racy = [](records r, bool finished = true) {
    r.poll(1, one).store(4, nil);
    if (finished) r.finish();
    const auto out = window_access_races(r.lines());
    // What the records cannot follow leaves the pair undecided, never a race claimed.
    for (const auto& o : out) EXPECT_EQ(o.value("ev", ""), "rma_not_analysed") << o.dump();
    return out.size();
  };
  records sampled = handoff();
  sampled.add(0, {{"ev", "watch_sampled"}, {"buffer", "window"}});
  EXPECT_EQ(racy(sampled), 1u);
  records bounded = handoff();
  bounded.add(1, {{"ev", "rma_limit"}, {"win", 0}, {"what", "sync_events"}, {"limit", 512}});
  EXPECT_EQ(racy(bounded), 1u);
  records threads = handoff();
  threads.add(0, {{"ev", "start"}, {"thread_level", "multiple"}});
  EXPECT_EQ(racy(threads), 1u);
  EXPECT_EQ(racy(handoff(), false), 1u);
  records copying = handoff();
  copying.add(0, {{"ev", "finalize"}, {"calls", json::object()}, {"watch_faults", {{"library_copy_opened", 3}}}});
  EXPECT_EQ(racy(copying), 1u);
  records queried = handoff();  // another rank may store into rank 0's memory directly
  queried.add(1, {{"ev", "rma_shared_query"}, {"win", 0}, {"segment_rank", 0}});
  EXPECT_EQ(racy(queried), 1u);
  records opened = handoff();  // a page left open to the owner's loads and stores (watch_open.c)
  opened.add(0, {{"ev", "watch_open"}, {"win", 0}, {"buffer", "window"}, {"access", "load or store"}});
  EXPECT_EQ(racy(opened), 1u);
  records read_only = handoff();  // opened for reading only: its stores still fault and are seen
  read_only.add(0, {{"ev", "watch_open"}, {"win", 0}, {"buffer", "window"}, {"access", "load"}});
  EXPECT_EQ(racy(read_only), 0u);
  records damaged = handoff();  // rma_analysis.cpp: lines of rank 1 were lost
  damaged.add(1, {{"ev", "records_incomplete"}});
  EXPECT_EQ(racy(damaged), 1u);
  records writer_unfinished = handoff();  // rank 1's calls after its record ends are not known
  writer_unfinished.poll(1, one).store(4, nil).add(0, {{"ev", "finalize"}, {"calls", json::object()}});
  const auto unfinished = window_access_races(writer_unfinished.lines());
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0]["ev"], "rma_not_analysed");
  EXPECT_EQ(racy(handoff()), 0u);
}

// The reader observed another value after the first writer's value was overwritten: that writer is
// ruled out, and the second handoff orders its own writer.
TEST(ReadsFrom, AWriterOverwrittenBeforeTheReaderIsRuledOut) {
  records r = handoff();
  r.poll(1, one).store(4, nil).barrier_all().replace(1, 1, one).poll(1, one).store(4, nil).finish();
  EXPECT_TRUE(window_access_races(r.lines()).empty());
}

// An MCS lock's enqueue: rank 0 stores into its element, then swaps its rank into the tail (element
// 0); rank 1's swap fetches that value, then writes rank 0's element. The store precedes the write.
TEST(ReadsFrom, AStoreBeforeAWriteAnotherRankObservedPrecedesWhatThatRankDoesAfter) {
  records r(2);
  r.store(0, nil).barrier_all().store(4, nil);
  r.call(0, "MPI_Fetch_and_op", "MPI_REPLACE", 0, "00000000", nil);
  r.call(1, "MPI_Fetch_and_op", "MPI_REPLACE", 0, one, "00000000").replace(1, 1, one);
  EXPECT_TRUE(window_access_races(r.finish().lines()).empty());
  records unobserved(2);
  unobserved.store(0, nil).barrier_all().store(4, nil);
  unobserved.call(0, "MPI_Fetch_and_op", "MPI_REPLACE", 0, "00000000", nil);
  unobserved.call(1, "MPI_Fetch_and_op", "MPI_REPLACE", 0, one, nil).replace(1, 1, one);
  EXPECT_EQ(window_access_races(unobserved.finish().lines()).size(), 1u);
}

// The owner's memory stops being watched only after the observer completed (a window page left
// open later): a store missed from then on comes after the observation, which still orders.
TEST(ReadsFrom, AGapInTheOwnersWatchAfterTheObserverCompletedRulesNothingIn) {
  const auto enqueue = [](bool gap_after) {
    records r(2);
    r.store(0, nil).barrier_all().store(4, nil);
    r.call(0, "MPI_Fetch_and_op", "MPI_REPLACE", 0, "00000000", nil);
    if (!gap_after) r.add(0, {{"ev", "watch_sampled"}, {"buffer", "window"}});
    r.call(1, "MPI_Fetch_and_op", "MPI_REPLACE", 0, one, "00000000").replace(1, 1, one);
    r.barrier_all().sync(0, "MPI_Win_sync");
    if (gap_after) r.add(0, {{"ev", "watch_sampled"}, {"buffer", "window"}});
    return window_access_races(r.finish().lines()).size();
  };
  EXPECT_EQ(enqueue(true), 0u);
  EXPECT_EQ(enqueue(false), 1u);
}

// A shared-memory window (MPI_Win_allocate_shared): the handoff is ordered as in any window when
// every member's direct stores into the segment were watched and none can be the source.
TEST(ReadsFrom, AHandoffInASharedMemoryWindowIsOrderedByTheObservedValue) {
  records r = handoff(3, "MPI_Win_allocate_shared");
  r.poll(1, one).store(4, nil).finish();
  EXPECT_TRUE(window_access_races(r.lines()).empty());
}

// Another member's direct store of the same value into the segment may be the poll's source, and a
// member whose accesses to the segment were not watched may have made one: the owner's store keeps
// its window_access_race.
TEST(ReadsFrom, InASharedMemoryWindowAnotherMembersStoreOrAGapInItsWatchOrdersNothing) {
  const auto owners_races = [](const records& r) {
    std::size_t n = 0;
    for (const json& f : window_access_races(r.lines())) n += f["check"] == "window_access_race" && f["rank"] == 0;
    return n;
  };
  records stored = handoff(3, "MPI_Win_allocate_shared");
  stored.store(4, one, 2).poll(1, one).store(4, nil).finish();
  EXPECT_EQ(owners_races(stored), 1u);
  records unwatched = handoff(3, "MPI_Win_allocate_shared");
  unwatched.add(2, {{"ev", "watch_unavailable"}, {"win", 0}, {"buffer", "segment"}, {"reason", "beyond 16"}});
  unwatched.poll(1, one).store(4, nil).finish();
  // The gap leaves the order out, and the fetch it could not follow leaves the pair undecided.
  EXPECT_EQ(owners_races(unwatched), 0u);
  std::size_t undecided = 0;
  for (const json& f : window_access_races(unwatched.lines())) undecided += f["ev"] == "rma_not_analysed";
  EXPECT_GE(undecided, 1u);
}

}  // namespace
}  // namespace redsem::check

namespace redsem::check {
namespace {

// The enqueue again, rank 0 swapping its rank into the tail twice (as at every acquisition): the
// value rank 1 fetched names rank 0, not which swap, but whichever it was, the store precedes the
// earlier one. Were a swap of another rank (2) writing that value too, nothing would say whose.
TEST(ReadsFrom, AValueOnlyOneRanksCallsMayHaveWrittenOrdersWhatPrecedesTheirEarliest) {
  const auto enqueue = [](bool other_rank) {
    records r(3);
    r.store(0, nil).barrier_all().store(4, nil);
    r.call(0, "MPI_Fetch_and_op", "MPI_REPLACE", 0, "00000000", nil);
    r.call(0, "MPI_Fetch_and_op", "MPI_REPLACE", 0, "00000000", "00000000");
    if (other_rank) r.call(2, "MPI_Fetch_and_op", "MPI_REPLACE", 0, "00000000", "00000000");
    r.call(1, "MPI_Fetch_and_op", "MPI_REPLACE", 0, one, "00000000").replace(1, 1, one);
    return window_access_races(r.finish().lines()).size();
  };
  EXPECT_EQ(enqueue(false), 0u);
  EXPECT_EQ(enqueue(true), 1u);
}

}  // namespace
}  // namespace redsem::check

namespace redsem::check {
namespace {

// What window_access_races says of rank 0's store after the handoff: "race", "undecided" or "".
std::string verdict(records& r) {
  const auto out = window_access_races(r.finish().lines());
  if (out.empty()) return "";
  EXPECT_EQ(out.size(), 1u);
  return out[0].value("check", "") == "window_access_race" ? "race"
         : out[0].value("ev", "") == "rma_not_analysed"    ? "undecided"
                                                           : out[0].dump();
}

const json bound{{"ev", "rma_limit"}, {"win", 0}, {"what", "sync_events"}, {"limit", 512}};

// The handoff without rank 0's first poll: no fetch of rank 0 until the test adds one.
records handed() {
  records r(2);
  r.store(4, nil).barrier_all().replace(1, 1, one);
  return r;
}

// The handoff of an MCS lock: rank 1 hands the element over by a replace, rank 0 spins on it by
// fetch-and-op and then stores into it. Rank 1's record hit its bound: a call it did not record may
// have written the value rank 0 fetched, so the fetch may or may not order the pair. Undecided, said
// with the bound and the fetch; no fetch between them leaves the race; a whole record orders them.
TEST(ReadsFromGaps, AFetchTheBoundedRecordCannotFollowLeavesThePairUndecided) {
  records bounded = handed();
  bounded.add(1, bound).poll(1, one).store(4, nil);
  const auto out = window_access_races(bounded.finish().lines());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["ev"], "rma_not_analysed");
  const std::string reason = out[0].value("reason", "");
  EXPECT_NE(reason.find("rank 0's MPI_Fetch_and_op (seq"), std::string::npos) << reason;
  EXPECT_NE(reason.find("rma_limit sync_events"), std::string::npos) << reason;
  records no_fetch = handed();
  no_fetch.add(1, bound).store(4, nil);
  EXPECT_EQ(verdict(no_fetch), "race");
  records whole = handoff();  // the initial poll rules out the owner's first store
  whole.poll(1, one).store(4, nil);
  EXPECT_EQ(verdict(whole), "");
}

// The fetch must have completed before the second access, and observed a value the first access's
// rank may have written from that access on: a fetch after the store, or one of a value rank 1's
// recorded calls never wrote while rank 0's watch had a gap, orders nothing.
TEST(ReadsFromGaps, OnlyAFetchThatCouldOrderThePairLeavesItUndecided) {
  records later = handed();
  later.add(1, bound).store(4, nil).poll(1, one);
  EXPECT_EQ(verdict(later), "race");
  const json sampled{{"ev", "watch_sampled"}, {"buffer", "window"}};
  records other_value = handoff();
  other_value.add(0, sampled).poll(1, "02000000").store(4, nil);
  EXPECT_EQ(verdict(other_value), "race");
  records same_value = handoff();
  same_value.add(0, sampled).poll(1, one).store(4, nil);
  EXPECT_EQ(verdict(same_value), "undecided");
}

// The other side of an MCS enqueue (as above, rank 1 then writing rank 0's element): the fetch is
// rank 1's, of the tail rank 0 swapped after its store, and rank 1's own record is bounded before
// it. Undecided when rank 0's swap may have written what rank 1 fetched; a race when it cannot have.
TEST(ReadsFromGaps, AFetchBeforeTheRemoteCallCanOrderTheOwnersAccessBeforeIt) {
  const auto enqueue = [](const char* fetched) {
    records r(2);
    r.store(0, nil).barrier_all().store(4, nil);
    r.call(0, "MPI_Fetch_and_op", "MPI_REPLACE", 0, "00000000", nil);
    r.add(1, bound).call(1, "MPI_Fetch_and_op", "MPI_REPLACE", 0, one, fetched).replace(1, 1, one);
    return verdict(r);
  };
  EXPECT_EQ(enqueue("00000000"), "undecided");
  EXPECT_EQ(enqueue(nil), "race");
}

}  // namespace
}  // namespace redsem::check
