// SPDX-License-Identifier: BSD-3-Clause
// rma_findings' rma_not_analysed: the calls and epochs it sets aside, and why, rather than
// judge them on what it cannot know.
#include <gtest/gtest.h>

#include <limits>
#include <set>
#include <string>

#include "check/analysis/rma_findings.h"
#include "tests/check/rma_record_lines.h"

namespace redsem::check::test {
namespace {

// A call whose bytes lie beyond 64-bit offsets is set aside with the reason, not wrapped around
// (once a signed overflow, UBSan).
TEST(RmaFindings, ACallBeyond64BitOffsetsIsSetAside) {
  for (const long long disp : {std::numeric_limits<long long>::max() / 2, std::numeric_limits<long long>::min() / 2}) {
    records r;
    r.fence_all(1).put(0, 2).put(1, 2).field(1, "disp", disp).fence_all(3);
    const auto out = rma_findings(r.lines(), {});
    EXPECT_TRUE(checks(out).empty()) << json(out).dump(1);
    ASSERT_EQ(not_analysed(out), 1u) << json(out).dump(1);
    for (const auto& j : out) {
      if (j["ev"] != "rma_not_analysed") continue;
      EXPECT_NE(j["reason"].get<std::string>().find("beyond 64-bit byte offsets"), std::string::npos) << j.dump();
    }
  }
}

// Sets beyond the bytes a scenario holds are set aside for one reason, worded alike whatever
// their reach, so that the report merges them into one line (GA's read_only gave 24 lines that
// differed only in the byte reached); the reach of each is its instance.
TEST(RmaFindings, SetsBeyondAScenariosBytesShareOneReason) {
  records r;
  for (auto& lines : r.lines()) lines.front()["size"] = 1 << 20;  // 1 MiB a rank, disp_unit 4
  r.fence_all(1).put(0, 2, 20000).put(1, 2, 20000).fence_all(3);
  r.put(0, 4, 30000).put(1, 4, 30000).fence_all(5);
  const auto out = said(rma_findings(r.lines(), {}));
  EXPECT_TRUE(checks(out).empty()) << json(out).dump(1);
  ASSERT_EQ(not_analysed(out), 2u) << json(out).dump(1);
  EXPECT_EQ(out[0]["reason"], out[1]["reason"]) << json(out).dump(1);
  EXPECT_EQ(out[0]["reason"], "calls reach past the 65536 bytes a scenario holds, in a 1048576-byte window");
  const std::set<std::string> instances{out[0].value("instance", ""), out[1].value("instance", "")};
  EXPECT_EQ(instances, (std::set<std::string>{"up to byte 80004", "up to byte 120004"})) << json(out).dump(1);
}

TEST(RmaFindings, CallsToMpiProcNullAreNotAnalysed) {
  records r;
  r.fence_all(1).put(0, 2).put(1, 2).fence_all(3);
  auto lines = r.lines();
  lines[0][2]["target"] = -2;  // Open MPI's MPI_PROC_NULL
  lines[1][2]["target"] = -2;
  const auto out = rma_findings(lines, {});
  EXPECT_TRUE(out.empty()) << json(out).dump(1);
}

TEST(RmaFindings, BoundedOriginValuesAreSetAside) {
  records r;
  r.fence_all(1).accumulate(0, "MPI_INT", "01000000", 2).accumulate(1, "MPI_UNSIGNED", "02000000", 2).fence_all(3);
  auto lines = r.lines();
  lines[1][2]["values_bounded"] = true;  // rank 1's accumulate
  const auto out = rma_findings(lines, {});
  EXPECT_TRUE(checks(out).empty());
  EXPECT_EQ(not_analysed(out), 1u);
}

// A bound that cut an epoch's calls leaves the recorded ones judged (a missing call can add a
// finding, never remove one) and says that the rest was not analysed.
TEST(RmaFindings, AnEpochCutByTheCallBoundIsJudgedOnWhatWasRecorded) {
  records r;
  r.fence_all(1).accumulate(0, "MPI_INT", "01000000", 2).accumulate(1, "MPI_UNSIGNED", "02000000", 2);
  auto lines = r.fence_all(3).lines();
  lines[1].insert(lines[1].begin() + 3, json{{"ev", "rma_limit"},
                                             {"win", 0},
                                             {"epoch", 1},
                                             {"call", "MPI_Accumulate"},
                                             {"what", "calls_in_epoch"},
                                             {"limit", 64}});
  const auto out = rma_findings(lines, {});
  EXPECT_TRUE(checks(out).contains("mismatched_accumulates"));
  ASSERT_EQ(not_analysed(out), 1u);
  // The note says what was not analysed, the calls past the bound, not the epoch.
  for (const auto& j : out) {
    if (j["ev"] != "rma_not_analysed") continue;
    EXPECT_EQ(j["epoch"], "calls past an epoch's first 64") << j.dump();
    EXPECT_EQ(j["reason"],
              "the record holds only the first 64 calls of an epoch (the recorded ones are analysed without them)")
        << j.dump();
  }
}

// Once the record of a window stops (bound on synchronisation calls, or the reader's memory bound
// cutting the rank's record: rma_limit records_cut, put in by rma_analysis.cpp), a passive call
// whose completion it does not show has no known lifetime: not paired with anything.
TEST(RmaFindings, APassiveCallWithoutRecordedCompletionIsSetAside) {
  for (const std::string what : {"sync_events", "records_cut"}) {
    records r;
    r.sync(0, "MPI_Win_lock_all", 1).sync(1, "MPI_Win_lock_all", 1);
    r.accumulate(0, "MPI_INT", "01000000", 10).accumulate(1, "MPI_UNSIGNED", "02000000", 11);
    auto lines = r.sync(0, "MPI_Win_unlock_all", 20).lines();
    lines[1].push_back({{"ev", "rma_limit"}, {"win", 0}, {"what", what}, {"limit", 512}, {"line", 5}});
    const auto out = rma_findings(lines, {});
    EXPECT_TRUE(checks(out).empty()) << what << json(out).dump(1);
    EXPECT_EQ(not_analysed(out), 2u) << what << json(out).dump(1);  // the record stops; rank 1's call
  }
}

TEST(RmaFindings, AWindowSomeRankDidNotRecordIsSetAside) {
  records r;
  r.fence_all(1).put(0, 2).put(1, 2).fence_all(3);
  auto lines = r.lines();
  lines[1].erase(lines[1].begin());  // rank 1's rma_win line
  const auto out = rma_findings(lines, {});
  EXPECT_TRUE(checks(out).empty());
  EXPECT_EQ(not_analysed(out), 1u);
}

}  // namespace
}  // namespace redsem::check::test
