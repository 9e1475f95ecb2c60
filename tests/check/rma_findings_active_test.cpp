// SPDX-License-Identifier: BSD-3-Clause
// rma_findings on active-target synchronisation (fence and PSCW epochs): which calls of an
// epoch are paired, and what the scenario is told of the window.
#include <gtest/gtest.h>

#include "check/analysis/rma_findings.h"
#include "tests/check/rma_record_lines.h"

namespace redsem::check::test {
namespace {

TEST(RmaFindings, AccumulatesOfTwoTypesInOneFenceEpochAreMismatched) {
  records r;
  r.fence_all(1).accumulate(0, "MPI_INT", "01000000", 2).accumulate(1, "MPI_UNSIGNED", "02000000", 2).fence_all(3);
  const auto out = rma_findings(r.lines(), {});
  ASSERT_TRUE(checks(out).contains("mismatched_accumulates")) << json(out).dump(1);
  for (const auto& f : out) {
    if (f["ev"] != "finding") continue;
    EXPECT_EQ(f["rule"].get<std::string>().rfind("MPI-4.1 §13.", 0), 0u) << f.dump();
    EXPECT_EQ(f["evidence"]["epoch"], "fence epoch 1");
    EXPECT_TRUE(f["evidence"]["scenario"].get<std::string>().find("rank 1: accumulate op=MPI_SUM type=MPI_UNSIGNED") !=
                std::string::npos);
  }
}

TEST(RmaFindings, AccumulatesOfOneTypeAndOpAreClean) {
  records r;
  r.fence_all(1).accumulate(0, "MPI_INT", "01000000", 2).accumulate(1, "MPI_INT", "02000000", 2).fence_all(3);
  const auto out = rma_findings(r.lines(), {});
  EXPECT_TRUE(said(out).empty()) << json(out).dump(1);
  EXPECT_EQ(analysed(out), 1u);  // the epoch was explored whole (the report's coverage)
}

TEST(RmaFindings, CallsOfDifferentFenceEpochsAreNotPaired) {
  records r;
  r.fence_all(1)
      .accumulate(0, "MPI_INT", "01000000", 2)
      .fence_all(3)
      .accumulate(1, "MPI_FLOAT", "0000803f", 4)
      .fence_all(5);
  EXPECT_TRUE(checks(rma_findings(r.lines(), {})).empty());
}

// The large-count form (MPI_Put_c) is replayed as the call it is.
TEST(RmaFindings, PutsOnOneLocationInAFenceEpochRace) {
  for (const char* put : {"MPI_Put", "MPI_Put_c"}) {
    records r;
    r.fence_all(1).put(0, 2, 1, put).put(1, 2, 1, put).fence_all(3);
    EXPECT_TRUE(checks(rma_findings(r.lines(), {})).contains("racing_access")) << put;
  }
}

// The target's window info reaches the scenario: with accumulate_ordering=none one origin's two
// MPI_REPLACE accumulates to one element may take effect in either order (MPI-4.1 §13.2.1).
TEST(RmaFindings, TheTargetsWindowInfoIsTheScenarios) {
  for (const bool ordering_none : {false, true}) {
    records r;
    r.fence_all(1).accumulate(0, "MPI_INT", "01000000", 2, "MPI_REPLACE");
    r.accumulate(0, "MPI_INT", "02000000", 3, "MPI_REPLACE").fence_all(4);
    auto lines = r.lines();
    if (ordering_none) lines[0][0]["info"] = {{"accumulate_ordering", "none"}};
    EXPECT_EQ(checks(rma_findings(lines, {})).contains("unordered_same_origin"), ordering_none);
  }
}

// Rank 0 exposes its window to ranks 1 and 2 (one exposure epoch, or one each in turn); each
// puts one int at displacement 1, or at `disp2` for rank 2.
records pscw(bool one_exposure, int disp2) {
  records r(3);
  r.sync(1, "MPI_Win_start", 1, {{"group", {0}}}).put(1, 2).sync(1, "MPI_Win_complete", 3);
  r.sync(2, "MPI_Win_start", 1, {{"group", {0}}}).put(2, 2, disp2).sync(2, "MPI_Win_complete", 3);
  if (one_exposure) return r.sync(0, "MPI_Win_post", 1, {{"group", {1, 2}}}).sync(0, "MPI_Win_wait", 4);
  r.sync(0, "MPI_Win_post", 1, {{"group", {1}}}).sync(0, "MPI_Win_wait", 4);
  return r.sync(0, "MPI_Win_post", 5, {{"group", {2}}}).sync(0, "MPI_Win_wait", 6);
}

TEST(RmaFindings, PscwAccessEpochsOfOneExposureEpochRace) {
  const auto out = said(rma_findings(pscw(true, 1).lines(), {}));
  ASSERT_TRUE(checks(out).contains("racing_access")) << json(out).dump(1);
  EXPECT_EQ(not_analysed(out), 0u);
  for (const auto& f : out) {
    EXPECT_EQ(f["evidence"]["epoch"], "PSCW exposure epoch 1");
    EXPECT_NE(f["evidence"]["scenario"].get<std::string>().find("local: post 1,2"), std::string::npos);
  }
}

TEST(RmaFindings, PscwPutsToDisjointBytesAreClean) {
  const auto out = said(rma_findings(pscw(true, 2).lines(), {}));
  EXPECT_TRUE(out.empty()) << json(out).dump(1);
}

TEST(RmaFindings, PscwAccessEpochsOfDifferentExposureEpochsAreNotPaired) {
  const auto out = said(rma_findings(pscw(false, 1).lines(), {}));
  EXPECT_TRUE(out.empty()) << json(out).dump(1);
}

}  // namespace
}  // namespace redsem::check::test
