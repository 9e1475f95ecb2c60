// SPDX-License-Identifier: BSD-3-Clause
// happens_before on records written by hand in the runtime's format (docs/check_records.md,
// "Process synchronisation"): how point-to-point messages (blocking, requests, synchronous sends,
// probes) order one rank's lines before another's.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "check/analysis/happens_before.h"
#include "tests/check/sync_records.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;
using records = test::sync_records;

TEST(HappensBefore, AMessageOrdersItsSendBeforeItsReceiveAndTransitively) {
  records r(3);
  const auto first = r.mark(0);
  r.send(0, 1, 0);
  const auto early1 = r.mark(1);
  r.recv(1, 0, 0);
  r.send(1, 2, 0);
  r.recv(2, 1, 0);
  const auto last = r.mark(2);
  const auto after_send = r.mark(0);
  const happens_before order(r.lines());
  ASSERT_TRUE(order.usable()) << order.why();
  EXPECT_EQ(order.ordered(0, first, 2, last), true);
  EXPECT_EQ(order.ordered(1, early1, 2, last), true);
  EXPECT_EQ(order.ordered(1, early1, 0, after_send), false);  // a send does not wait for its receive
  EXPECT_EQ(order.ordered(0, after_send, 2, last), false);
}

// Messages match by their index per (sender, receiver, tag): the second receive is after the
// second send, not the first.
TEST(HappensBefore, MessagesMatchInOrder) {
  records r(2);
  r.send(0, 1, 0);
  const auto between = r.mark(0);
  r.send(0, 1, 1);
  r.recv(1, 0, 0);
  const auto after_first = r.mark(1);
  r.recv(1, 0, 1);
  const auto after_second = r.mark(1);
  const happens_before order(r.lines());
  ASSERT_TRUE(order.usable()) << order.why();
  EXPECT_EQ(order.ordered(0, between, 1, after_first), false);
  EXPECT_EQ(order.ordered(0, between, 1, after_second), true);
}

TEST(HappensBefore, AnSsendReturnsAfterItsReceiveStarted) {
  for (const bool synchronous : {true, false}) {
    records r(2);
    r.send(0, 1, 0, synchronous);
    const auto after_send = r.mark(0);
    const auto before_recv = r.mark(1);
    r.recv(1, 0, 0);
    const happens_before order(r.lines());
    ASSERT_TRUE(order.usable()) << order.why();
    EXPECT_EQ(order.ordered(1, before_recv, 0, after_send), synchronous) << synchronous;
  }
}

// A receive request's completion orders what its sender did before the send after it, as a
// blocking receive does; an MPI_Ssend received so is not decided (where its receive started, the
// sender's return is ordered after, is not in the record).
TEST(HappensBefore, AReceiveRequestOrdersItsSendBeforeItsCompletion) {
  for (const bool synchronous : {false, true}) {
    records r(2);
    const auto before_send = r.mark(0);
    r.send(0, 1, 0, synchronous);
    const auto before_wait = r.mark(1);
    r.recv(1, 0, 0, true);
    const auto after_wait = r.mark(1);
    const happens_before order(r.lines());
    if (synchronous) {
      EXPECT_FALSE(order.usable());
      EXPECT_NE(order.why().find("MPI_Ssend was received by a receive request"), std::string::npos) << order.why();
      continue;
    }
    ASSERT_TRUE(order.usable()) << order.why();
    EXPECT_EQ(order.ordered(0, before_send, 1, after_wait), true);
    EXPECT_EQ(order.ordered(0, before_send, 1, before_wait), false);
  }
}

// A synchronous send (MPI_Ssend, or MPI_Issend's completion) returns once its receive started:
// when the receive is a request, what the receiver did before the request's start (`started`: its
// next line's `seq` then) precedes the send's return, and what it did after does not.
TEST(HappensBefore, ASynchronousSendFollowsTheStartOfItsReceiveRequest) {
  for (const bool request_send : {false, true}) {
    records r(3);
    r.add(1, {{"ev", "local_access"}, {"seq", 1}});
    const auto before_start = r.add(1, {{"ev", "local_access"}, {"seq", 2}});
    r.add(1, {{"ev", "process_sync"},
              {"call", "MPI_Send"},
              {"comm", 0},
              {"seq", 3},
              {"send", {{"to", 2}, {"tag", 7}, {"n", 0}}}});
    const auto between = r.add(1, {{"ev", "local_access"}, {"seq", 5}});  // the request started at 4
    r.add(1, {{"ev", "process_sync"},
              {"call", "MPI_Wait"},
              {"comm", 0},
              {"seq", 6},
              {"recv", {{"from", 0}, {"tag", 7}, {"n", 0}, {"nonblocking", true}, {"started", 4}}}});
    r.recv(2, 1, 0);
    if (request_send) {
      r.send(0, 1, 0);
      r.add(0, {{"ev", "process_sync"},
                {"call", "MPI_Wait"},
                {"comm", 0},
                {"ssend_done", {{"to", 1}, {"tag", 7}, {"n", 0}}}});
    } else {
      r.send(0, 1, 0, true);
    }
    const auto after = r.mark(0);
    const happens_before order(r.lines());
    ASSERT_TRUE(order.usable()) << order.why();
    EXPECT_EQ(order.ordered(1, before_start, 0, after), true) << request_send;
    EXPECT_EQ(order.ordered(1, between, 0, after), false) << request_send;
  }
}

// A probe (MPI_Probe, MPI_Iprobe) orders its message's send before its return and takes nothing:
// the receive that follows takes the same message, and a synchronous send returns only after that
// receive, not after the probe.
TEST(HappensBefore, AProbeFollowsTheSendOfTheMessageItFound) {
  for (const bool synchronous : {false, true}) {
    records r(2);
    const auto before_send = r.mark(0);
    r.send(0, 1, 0, synchronous);
    const auto after_send = r.mark(0);
    const auto before_probe = r.mark(1);
    r.add(1,
          {{"ev", "process_sync"}, {"call", "MPI_Probe"}, {"comm", 0}, {"probe", {{"from", 0}, {"tag", 7}, {"n", 0}}}});
    const auto between = r.mark(1);
    r.recv(1, 0, 0);
    const happens_before order(r.lines());
    ASSERT_TRUE(order.usable()) << order.why();
    EXPECT_EQ(order.ordered(0, before_send, 1, before_probe), false) << synchronous;
    EXPECT_EQ(order.ordered(0, before_send, 1, between), true) << synchronous;
    EXPECT_EQ(order.ordered(1, before_probe, 0, after_send), synchronous) << synchronous;  // through the receive
    EXPECT_EQ(order.ordered(1, between, 0, after_send), synchronous) << synchronous;
  }
}

TEST(HappensBefore, ASendrecvLineIsItsSendThenItsReceive) {
  records r(2);
  const auto before0 = r.mark(0);
  const auto before1 = r.mark(1);
  for (int me : {0, 1}) {
    const int other = 1 - me;
    r.add(me, {{"ev", "process_sync"},
               {"call", "MPI_Sendrecv"},
               {"comm", 0},
               {"send", {{"to", other}, {"tag", 7}, {"n", 0}}},
               {"recv", {{"from", other}, {"tag", 7}, {"n", 0}}}});
  }
  const auto after0 = r.mark(0);
  const auto after1 = r.mark(1);
  const happens_before order(r.lines());
  ASSERT_TRUE(order.usable()) << order.why();
  EXPECT_EQ(order.ordered(0, before0, 1, after1), true);
  EXPECT_EQ(order.ordered(1, before1, 0, after0), true);
}

}  // namespace
}  // namespace redsem::check
