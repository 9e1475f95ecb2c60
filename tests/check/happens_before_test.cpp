// SPDX-License-Identifier: BSD-3-Clause
// happens_before on records written by hand in the runtime's format (docs/check_records.md,
// "Process synchronisation"): how collectives, windows and threads order one rank's lines before
// another's, and what the records cannot decide (messages: happens_before_messages_test.cpp).
#include "check/analysis/happens_before.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/check/sync_records.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;
using records = test::sync_records;

TEST(HappensBefore, ABarrierOrdersWhatCameBeforeItBeforeWhatComesAfterIt) {
  records r(3);
  const auto before0 = r.mark(0);
  const auto before1 = r.mark(1);
  r.barrier(0);
  const auto after2 = r.mark(2);
  const auto after0 = r.mark(0);
  const happens_before order(r.lines());
  ASSERT_TRUE(order.usable()) << order.why();
  EXPECT_EQ(order.ordered(0, before0, 2, after2), true);
  EXPECT_EQ(order.ordered(1, before1, 0, after0), true);
  EXPECT_EQ(order.ordered(2, after2, 0, before0), false);
  EXPECT_EQ(order.ordered(2, after2, 0, after0), false);  // both after it: concurrent
  EXPECT_EQ(order.ordered(0, after0, 2, after2), false);
}

// Under --thread-sync calls (thread_slot, thread_clock): a rank's barrier made by another thread
// than the one that completed an RMA call carries that completion to the other ranks only when
// the threads' clocks order the completion before the barrier (a join, a barrier of the threads).
TEST(HappensBefore, AnotherThreadsBarrierOrdersOnlyWhatItsClockSaysCameBefore) {
  const auto stamped = [](std::size_t slot, std::vector<unsigned> clock) {
    return json{{"ev", "local_access"}, {"thread_slot", slot}, {"thread_clock", clock}};
  };
  const auto barrier_by = [](std::size_t slot, std::vector<unsigned> clock, long long index) {
    return json{{"ev", "process_sync"}, {"call", "MPI_Barrier"}, {"comm", 0},
                {"collective", index},  {"thread_slot", slot},   {"thread_clock", clock}};
  };
  for (const bool joined : {false, true}) {
    records r(2);
    const auto unlock = r.add(0, stamped(1, {1, 2}));  // thread 1 completes its put
    // thread 0 enters the barrier: with the threads joined first, its clock has thread 1's entry 2
    r.add(0, barrier_by(0, {2, joined ? 2u : 1u}, 0));
    r.add(1, {{"ev", "process_sync"}, {"call", "MPI_Barrier"}, {"comm", 0}, {"collective", 0}});
    const auto read = r.mark(1);
    r.add(0, barrier_by(0, {3, 2}, 1));
    r.add(1, {{"ev", "process_sync"}, {"call", "MPI_Barrier"}, {"comm", 0}, {"collective", 1}});
    const happens_before order(r.lines());
    ASSERT_TRUE(order.usable()) << order.why();
    EXPECT_EQ(order.ordered(0, unlock, 1, read), joined) << (joined ? "joined" : "not joined");
  }
}

// A nonblocking collective: what a member did before its start precedes what every member does
// after its completion; what a member does between its start and its completion is ordered with
// nothing of the others'. It shares the communicator's collective indexes with the blocking ones.
TEST(HappensBefore, ANonblockingCollectiveOrdersStartsBeforeCompletions) {
  records r(2);
  r.barrier(0);
  const auto before_start = r.mark(1);
  for (int me : {0, 1})
    r.add(me,
          {{"ev", "process_sync"}, {"call", "MPI_Ibarrier"}, {"comm", 0}, {"collective", 1}, {"nonblocking", true}});
  const auto between = r.mark(0);
  const auto between1 = r.mark(1);
  for (int me : {1, 0}) r.add(me, {{"ev", "process_sync"}, {"call", "MPI_Wait"}, {"comm", 0}, {"collective_done", 1}});
  const auto after = r.mark(0);
  r.barrier(2);
  const happens_before order(r.lines());
  ASSERT_TRUE(order.usable()) << order.why();
  EXPECT_EQ(order.ordered(1, before_start, 0, after), true);
  EXPECT_EQ(order.ordered(1, before_start, 0, between), false);
  EXPECT_EQ(order.ordered(1, between1, 0, after), false);
}

// A collective orders only its data flow (`after`): MPI_Bcast the root's entry before every
// return, MPI_Reduce every entry before the root's return, MPI_Scan the lower ranks' entries
// before each return; a line without `after` (MPI_Barrier, MPI_Allreduce) every entry.
TEST(HappensBefore, ACollectiveOrdersOnlyItsDataFlow) {
  records r(3);
  std::vector<std::size_t> before, after;
  for (int q = 0; q < 3; ++q) before.push_back(r.mark(q));
  const std::vector<json> bcast_after{json::array(), json::array({0}), json::array({0})};  // root 0
  for (int q = 0; q < 3; ++q)
    r.add(q,
          {{"ev", "process_sync"}, {"call", "MPI_Bcast"}, {"comm", 0}, {"collective", 0}, {"after", bcast_after[q]}});
  for (int q = 0; q < 3; ++q) after.push_back(r.mark(q));
  const happens_before bcast(r.lines());
  ASSERT_TRUE(bcast.usable()) << bcast.why();
  EXPECT_EQ(bcast.ordered(0, before[0], 2, after[2]), true);
  EXPECT_EQ(bcast.ordered(1, before[1], 0, after[0]), false);
  EXPECT_EQ(bcast.ordered(1, before[1], 2, after[2]), false);

  for (int q = 0; q < 3; ++q) {  // MPI_Reduce to root 2, then MPI_Scan
    json reduce{{"ev", "process_sync"}, {"call", "MPI_Reduce"}, {"comm", 0}, {"collective", 1}};
    if (q != 2) reduce["after"] = json::array();
    r.add(q, reduce);
  }
  std::vector<std::size_t> reduced;
  for (int q = 0; q < 3; ++q) reduced.push_back(r.mark(q));
  for (int q = 0; q < 3; ++q) {
    json prefix = json::array();
    for (int p = 0; p <= q; ++p) prefix.push_back(p);
    r.add(q, {{"ev", "process_sync"}, {"call", "MPI_Scan"}, {"comm", 0}, {"collective", 2}, {"after", prefix}});
  }
  std::vector<std::size_t> scanned;
  for (int q = 0; q < 3; ++q) scanned.push_back(r.mark(q));
  const happens_before order(r.lines());
  ASSERT_TRUE(order.usable()) << order.why();
  EXPECT_EQ(order.ordered(0, after[0], 2, reduced[2]), true);
  EXPECT_EQ(order.ordered(2, after[2], 0, reduced[0]), false);
  EXPECT_EQ(order.ordered(1, after[1], 0, reduced[0]), false);
  EXPECT_EQ(order.ordered(0, reduced[0], 1, scanned[1]), true);
  EXPECT_EQ(order.ordered(1, reduced[1], 2, scanned[2]), true);
  EXPECT_EQ(order.ordered(2, reduced[2], 1, scanned[1]), false);
  EXPECT_EQ(order.ordered(1, reduced[1], 0, scanned[0]), false);
}

// Each start of a persistent collective is one collective, named by the initialisation's index
// and the start's number, whatever other collectives the ranks start between (MPI-4.1 §7.13).
TEST(HappensBefore, EachStartOfAPersistentCollectiveIsOneCollective) {
  records r(2);
  std::vector<std::size_t> first, second;
  for (long long start : {0, 1})
    for (int q = 0; q < 2; ++q) {
      (start == 0 ? first : second).push_back(r.mark(q));
      r.add(q, {{"ev", "process_sync"},
                {"call", "MPI_Start"},
                {"comm", 0},
                {"collective", 3},
                {"start", start},
                {"nonblocking", true}});
      r.add(q, {{"ev", "process_sync"}, {"call", "MPI_Wait"}, {"comm", 0}, {"collective_done", 3}, {"start", start}});
    }
  const auto end0 = r.mark(0);
  const happens_before order(r.lines());
  ASSERT_TRUE(order.usable()) << order.why();
  EXPECT_EQ(order.ordered(1, first[1], 0, second[0]), true);
  EXPECT_EQ(order.ordered(1, second[1], 0, end0), true);
  EXPECT_EQ(order.ordered(1, second[1], 0, second[0]), false);  // rank 0's second start came first in its record
}

// Communicators of the same members (MPI_COMM_WORLD and its duplicate) are told apart by their
// names; without names the records cannot tell them apart, which is said.
TEST(HappensBefore, CommunicatorsOfTheSameMembersAreToldApartByName) {
  for (const bool named : {true, false}) {
    records r(2);
    for (int q = 0; q < 2; ++q) {
      json dup{{"ev", "sync_comm"}, {"comm", 1}, {"members", {0, 1}}};
      if (named) dup["name"] = "w/1";
      r.add(q, dup);
    }
    const auto before_first = r.mark(0);
    r.add(0, {{"ev", "process_sync"}, {"call", "MPI_Send"}, {"comm", 1}, {"send", {{"to", 1}, {"tag", 7}, {"n", 0}}}});
    const auto between = r.mark(0);
    r.send(0, 1, 0);  // on comm 0
    r.add(1,
          {{"ev", "process_sync"}, {"call", "MPI_Recv"}, {"comm", 1}, {"recv", {{"from", 0}, {"tag", 7}, {"n", 0}}}});
    const auto after_first = r.mark(1);
    r.recv(1, 0, 0);
    const happens_before order(r.lines());
    EXPECT_EQ(order.usable(), named) << order.why();
    if (!named) continue;
    EXPECT_EQ(order.ordered(0, before_first, 1, after_first), true);
    EXPECT_EQ(order.ordered(0, between, 1, after_first), false);
  }
}

// What the records cannot decide is said, never guessed.
TEST(HappensBefore, UnmodelledOrUnmatchedSynchronisationIsNotDecided) {
  records unmodelled(2), unmatched(2), undescribed(2);
  unmodelled.add(1, {{"ev", "sync_unmodelled"}, {"call", "MPI_Isend"}});
  const auto a = unmodelled.mark(0);
  const auto b = unmodelled.mark(1);
  const happens_before u(unmodelled.lines());
  EXPECT_FALSE(u.usable());
  EXPECT_NE(u.why().find("MPI_Isend"), std::string::npos) << u.why();
  EXPECT_EQ(u.ordered(0, a, 1, b), std::nullopt);
  unmatched.recv(1, 0, 0);  // its send is not in rank 0's record (rank 0 died first)
  const happens_before m(unmatched.lines());
  EXPECT_FALSE(m.usable());
  EXPECT_NE(m.why().find("rank 1"), std::string::npos) << m.why();
  undescribed.add(0, {{"ev", "process_sync"}, {"call", "MPI_Barrier"}, {"comm", 5}, {"collective", 0}});
  EXPECT_FALSE(happens_before(undescribed.lines()).usable());
}

// Records are input, not truth: parts of the wrong shape or members outside the run are no
// events, and never an exception.
TEST(HappensBefore, DamagedLinesAreNoEvents) {
  records r(2);
  r.add(0, {{"ev", "process_sync"}, {"call", "MPI_Send"}, {"comm", 0}, {"send", "to rank 1"}});
  r.add(1, {{"ev", "sync_comm"}, {"comm", 1}, {"members", {0, 99}}});
  r.add(1, {{"ev", "process_sync"}, {"call", "MPI_Recv"}, {"comm", 0}, {"recv", {{"from", "zero"}}}});
  const happens_before order(r.lines());
  EXPECT_FALSE(order.usable());  // the receive matches no send
}

// MPI_Win_free returns only once every member of the window's group called it (MPI-4.1 §13.2.5),
// unless a member gave the window the `no_locks` info key: then it orders nothing. Windows are
// named across ranks by group and creation order, whatever their ids in each record (here the
// two ranks' ids differ, and an id is reused after a free).
TEST(HappensBefore, AWindowFreeOrdersLikeABarrierUnlessNoLocks) {
  for (const bool no_locks : {false, true}) {
    records r(2);
    for (int rank = 0; rank < 2; ++rank) {
      json win{{"ev", "rma_win"}, {"win", rank == 0 ? 3 : 5}, {"win_rank", rank}, {"group", {0, 1}}};
      if (no_locks && rank == 1) win["no_locks"] = true;
      r.add(rank, win);
    }
    const auto before = r.mark(0);
    r.add(0, {{"ev", "rma_win_free"}, {"win", 3}});
    r.add(1, {{"ev", "rma_win_free"}, {"win", 5}});
    const auto after = r.mark(1);
    r.add(1, {{"ev", "rma_win"}, {"win", 5}, {"win_rank", 1}, {"group", {0, 1}}});
    const happens_before order(r.lines());
    ASSERT_TRUE(order.usable()) << order.why();
    EXPECT_EQ(order.ordered(0, before, 1, after), !no_locks) << no_locks;
    EXPECT_EQ(order.ordered(1, after, 0, before), false);
  }
}

}  // namespace
}  // namespace redsem::check
