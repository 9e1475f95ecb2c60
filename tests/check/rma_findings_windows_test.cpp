// SPDX-License-Identifier: BSD-3-Clause
// rma_findings on each kind of window: shared memory, dynamic windows' attached regions, and
// windows of disjoint groups told apart.
#include <gtest/gtest.h>

#include <limits>
#include <set>
#include <string>

#include "check/analysis/rma_findings.h"
#include "tests/check/rma_record_lines.h"

namespace redsem::check::test {
namespace {

TEST(RmaFindings, RmaCallsOnASharedMemoryWindowAreAnalysed) {
  records r;
  r.shared_memory().fence_all(1).put(0, 2).put(1, 2).fence_all(3);
  const auto out = said(rma_findings(r.lines(), {}));
  EXPECT_TRUE(checks(out).contains("racing_access")) << json(out).dump(1);
  EXPECT_EQ(not_analysed(out), 0u) << json(out).dump(1);
}

// Rank 0 attaches 16 bytes at address 4096 (and 8 at 8192 when `two`) to a dynamic window; ranks
// 0 and 1 put one int each, at these addresses, in one fence epoch.
records dynamic_puts(long long at0, long long at1, bool two = false) {
  records r;
  r.dynamic().attach(0, 4096, 16);
  if (two) r.attach(0, 8192, 8);
  return r.fence_all(1).put(0, 2, static_cast<int>(at0)).put(1, 2, static_cast<int>(at1)).fence_all(3);
}

TEST(RmaFindings, PutsToOneAttachedAddressRace) {
  const auto out = said(rma_findings(dynamic_puts(4100, 4100).lines(), {}));
  ASSERT_TRUE(checks(out).contains("racing_access")) << json(out).dump(1);
  EXPECT_EQ(not_analysed(out), 0u) << json(out).dump(1);
  const std::string scenario = out.front()["evidence"]["scenario"];
  EXPECT_NE(scenario.find("window 16 disp_unit=1"), std::string::npos) << scenario;
  EXPECT_NE(scenario.find("disp=4"), std::string::npos) << scenario;
}

TEST(RmaFindings, PutsToDisjointAttachedAddressesAreClean) {
  const auto out = said(rma_findings(dynamic_puts(4100, 4104).lines(), {}));
  EXPECT_TRUE(out.empty()) << json(out).dump(1);
}

// The regions are laid end to end: 8192 is byte 16 of the scenario's window of 24.
TEST(RmaFindings, AttachedRegionsAreLaidEndToEnd) {
  const auto out = said(rma_findings(dynamic_puts(8192, 8192, true).lines(), {}));
  ASSERT_TRUE(checks(out).contains("racing_access")) << json(out).dump(1);
  const std::string scenario = out.front()["evidence"]["scenario"];
  EXPECT_NE(scenario.find("window 24 disp_unit=1"), std::string::npos) << scenario;
  EXPECT_NE(scenario.find("disp=16"), std::string::npos) << scenario;
}

TEST(RmaFindings, AnAccessOutsideTheAttachedMemoryIsErroneous) {
  // 4110: the int's last two bytes are past the region's end.
  for (const long long at : {8192LL, 4110LL}) {
    const auto out = said(rma_findings(dynamic_puts(4100, at).lines(), {}));
    EXPECT_EQ(checks(out), std::multiset<std::string>{"access_outside_attached_memory"}) << json(out).dump(1);
    EXPECT_EQ(not_analysed(out), 0u) << json(out).dump(1);
  }
}

// Ranks 0 and 1 share one window, ranks 2 and 3 another: both are window 0 in their records,
// and each pair accumulates into its own window rank 0, one pair as MPI_UNSIGNED. The windows
// are told apart by their groups: calls of different windows are never paired.
TEST(RmaFindings, WindowsOfDisjointGroupsAreNotConfused) {
  records r(4);
  r.fence_all(1).accumulate(0, "MPI_INT", "01000000", 2).accumulate(1, "MPI_INT", "01000000", 2);
  r.accumulate(2, "MPI_UNSIGNED", "01000000", 2).accumulate(3, "MPI_UNSIGNED", "01000000", 2).fence_all(3);
  auto lines = r.lines();
  for (std::size_t rank = 0; rank < 4; ++rank) {
    json& win = lines[rank][0];
    win["win_rank"] = rank % 2;
    win["win_size"] = 2;
    win["group"] = rank < 2 ? json{0, 1} : json{2, 3};
  }
  const auto out = rma_findings(lines, {});
  EXPECT_TRUE(said(out).empty()) << json(out).dump(1);
  for (auto& l : lines) l[0]["group"] = json{0, 1, 2, 3};  // one window: the bug this guards against
  for (auto& l : lines) l[0]["win_size"] = 4;
  for (std::size_t rank = 0; rank < 4; ++rank) lines[rank][0]["win_rank"] = rank;
  EXPECT_TRUE(checks(rma_findings(lines, {})).contains("mismatched_accumulates"));
}

// A finding says the calls' numbers as recorded: a dynamic window's displacement is an address,
// and a seq may be any integer (once read as int, cut to 32 bits).
TEST(RmaFindings, AFindingReportsTheRecordedNumbersWhole) {
  const long long base = 1LL << 40, seq = (1LL << 40) + 7;
  records r;
  r.dynamic().attach(0, base, 16).fence_all(1).put(0, 2).field(0, "disp", base + 4);
  r.put(1, 2).field(1, "disp", base + 4).field(1, "seq", seq).fence_all(3);
  const auto out = said(rma_findings(r.lines(), {}));
  ASSERT_EQ(checks(out), std::multiset<std::string>{"racing_access"}) << json(out).dump(1);
  for (const auto& call : out.front()["evidence"]["calls"]) {
    EXPECT_EQ(call["disp"], base + 4) << call.dump();
    if (call["rank"] == 1) {
      EXPECT_EQ(call["seq"], seq) << call.dump();
    }
  }
}

// A region may be recorded reaching past the largest address: its calls are still inside it
// (once base + size, a signed overflow under UBSan and an access "outside" it without).
TEST(RmaFindings, ARegionReachingPastTheLargestAddressHoldsItsCalls) {
  const long long base = std::numeric_limits<long long>::max() - 8;
  records r;
  r.dynamic().attach(0, base, 16).fence_all(1).put(0, 2).field(0, "disp", base);
  r.put(1, 2).field(1, "disp", base).fence_all(3);
  const auto out = said(rma_findings(r.lines(), {}));
  EXPECT_EQ(checks(out), std::multiset<std::string>{"racing_access"}) << json(out).dump(1);
  EXPECT_EQ(not_analysed(out), 0u) << json(out).dump(1);
}

// Regions whose sizes sum past 64 bits leave no window to lay them in: set aside, with the reason
// (once a signed overflow under UBSan, and a negative window size without).
TEST(RmaFindings, AttachedRegionsTotallingBeyond64BitsAreSetAside) {
  records r;
  r.dynamic().attach(0, 16, std::numeric_limits<long long>::max() - 16).attach(0, 32, 32);
  r.fence_all(1).put(0, 2, 20).put(1, 2, 20).fence_all(3);
  const auto out = said(rma_findings(r.lines(), {}));
  EXPECT_TRUE(checks(out).empty()) << json(out).dump(1);
  ASSERT_EQ(not_analysed(out), 1u) << json(out).dump(1);
  EXPECT_NE(out.front()["reason"].get<std::string>().find("total beyond 64-bit byte offsets"), std::string::npos)
      << json(out).dump(1);
}

}  // namespace
}  // namespace redsem::check::test
