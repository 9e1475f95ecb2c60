// SPDX-License-Identifier: BSD-3-Clause
// The test driver of the RMA test programs (tests/check/programs/rma_*.c): after a program ran
// under mpirun with the check library preloaded, it reads the records from the directory,
// runs the post-run analysis (rma_findings) on them, and asserts which checks the run and the
// analysis found together.
//
//   check_rma_records DIR CHECK...   (CHECK: a finding's `check`; "none": no finding at all;
//                                      "all_analysed": the analysis set nothing aside;
//                                      "sync_modelled": the ranks' order is known from their
//                                      synchronisation, never from the run's timing;
//                                      "no_sync_steps": the watcher stepped none of the
//                                      library's faults inside a synchronisation call;
//                                      "few_steps": the watcher stepped at most kFewSteps
//                                      faults per rank, the program's beside watched bytes
//                                      and the library's together;
//                                      "sampled": at most kSampledArms pending buffers
//                                      armed per rank; "few_library_faults": at most
//                                      kFewLibraryFaults of the library's faults per rank;
//                                      "one_each": each check found in one finding, however
//                                      many accesses alike the program made;
//                                      "unwatched_said_once": a pending buffer not watched is
//                                      said, once per window, kind, call, reason and epoch;
//                                      "few_window_protects": a rank's window memory protected
//                                      or given back whole at most kFewWindowProtects times, and
//                                      its `watch` lines bounded with its `rma_sync` lines)
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include "check/analysis/happens_before.h"
#include "check/analysis/record_files.h"
#include "check/analysis/rma_findings.h"
#include "check/analysis/rma_repeats.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;

std::string records_dir;
std::set<std::string> expected;

// rank-<R>.jsonl of every rank, indexed by R.
std::vector<std::vector<json>> read_records() {
  std::vector<std::vector<json>> by_rank;
  for (const auto& entry : std::filesystem::directory_iterator(records_dir)) {
    const auto number = numbered_record_file(entry.path().filename().string(), "rank-");
    if (!number) continue;
    const auto rank = static_cast<std::size_t>(*number);
    if (by_rank.size() <= rank) by_rank.resize(rank + 1);
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) by_rank[rank].push_back(json::parse(line));
  }
  for (auto& lines : by_rank) read_repeats(lines);  // as rma_analysis.cpp reads them
  return by_rank;
}

// The runtime's findings and the analysis's, together. What the analysis set aside is printed,
// so a test log shows it.
std::vector<json> all_findings(const std::vector<std::vector<json>>& records) {
  std::vector<json> findings;
  for (const auto& lines : records)
    for (const auto& l : lines)
      if (l["ev"] == "finding") findings.push_back(l);
  for (const auto& j : rma_findings(records, {})) {
    if (j["ev"] == "finding")
      findings.push_back(j);
    else
      std::printf("%s\n", j.dump().c_str());
  }
  return findings;
}

TEST(CheckedRun, EveryRankRecordedUntilFinalize) {
  const auto records = read_records();
  ASSERT_GE(records.size(), 2u) << "no records in " << records_dir;
  for (std::size_t r = 0; r < records.size(); ++r) {
    ASSERT_FALSE(records[r].empty()) << "rank " << r;
    EXPECT_EQ(records[r].front()["ev"], "start") << "rank " << r;
    EXPECT_EQ(records[r].back()["ev"], "finalize") << "rank " << r;
  }
}

TEST(CheckedRun, FindsExactlyTheExpectedChecks) {
  const auto findings = all_findings(read_records());
  std::set<std::string> found;
  for (const auto& f : findings) found.insert(f["check"].get<std::string>());
  std::set<std::string> want = expected;
  want.erase("none");
  want.erase("all_analysed");
  want.erase("sync_modelled");
  want.erase("no_sync_steps");
  want.erase("few_steps");
  want.erase("coalesced");
  want.erase("unobserved");
  want.erase("sampled");
  want.erase("few_library_faults");
  want.erase("one_each");
  want.erase("unwatched_said_once");
  want.erase("few_window_protects");
  EXPECT_EQ(found, want) << json(findings).dump(1);
}

// "one_each": a loop's accesses alike (tests/check/programs/rma_shm_policy.c, case 80: 256 stores and
// loads by four instructions each) are one finding for the pair of ranks, with their count.
TEST(CheckedRun, AccessesAlikeAreOneFinding) {
  if (!expected.contains("one_each")) GTEST_SKIP();
  std::map<std::string, int> found;
  for (const auto& f : all_findings(read_records())) {
    ++found[f["check"].get<std::string>()];
    EXPECT_GT(f["evidence"].value("pairs", 0), 1) << f.dump();
  }
  for (const auto& [check, n] : found) EXPECT_EQ(n, 1) << check;
}

TEST(CheckedRun, NothingSetAsideWhenAllMustBeAnalysed) {
  if (!expected.contains("all_analysed")) GTEST_SKIP();
  for (const auto& j : rma_findings(read_records(), {})) EXPECT_NE(j["ev"], "rma_not_analysed") << j.dump();
}

TEST(CheckedRun, OrderedBySynchronisationWhenItMustBeModelled) {
  if (!expected.contains("sync_modelled")) GTEST_SKIP();
  const auto records = read_records();
  for (const auto& lines : records)
    for (const auto& l : lines) EXPECT_NE(l["ev"], "sync_unmodelled") << l.dump();
  const happens_before order(records);
  EXPECT_TRUE(order.usable()) << order.why();
}

// "no_sync_steps": the watcher stepped none of the library's faults inside a synchronisation call.
TEST(CheckedRun, NoLibraryStepsInSynchronisation) {
  if (!expected.contains("no_sync_steps")) GTEST_SKIP();
  for (const auto& lines : read_records())
    for (const auto& l : lines) {
      if (l["ev"] != "finalize") continue;
      EXPECT_FALSE(l.contains("watch_sync_steps")) << l.dump();
    }
}

// "few_steps": a loop over the program's data beside a watched window, memset and memcpy there,
// and the library's copies inside its calls are not stepped one element at a time (the
// `finalize` line's `watch_faults`, docs/check_records.md); the bound is far below one step per
// element of the test program (tests/check/programs/rma_gacc_rounds.c) and far above what is
// left.
constexpr long kFewSteps = 512;

TEST(CheckedRun, FewFaultsStepped) {
  if (!expected.contains("few_steps")) GTEST_SKIP();
  for (const auto& lines : read_records())
    for (const auto& l : lines) {
      if (l["ev"] != "finalize") continue;
      const json faults = l.value("watch_faults", json::object());
      EXPECT_LE(faults.value("program_beside", 0L) + faults.value("library_stepped", 0L), kFewSteps) << l.dump();
    }
}

// "coalesced": a rank's loops over its own watched window bytes, and over its data beside them, are
// recorded without a step per element once the first accesses of an epoch were (the pages are left
// open to the program and said in `watch_open` lines), a memset over them is recorded whole, and the
// window stays watched throughout (no `watch_unavailable` line). The bound is far below one step
// per element of the test program (tests/check/programs/rma_window_sweep.c: 41 000 per sweep) and
// far above what is left.
constexpr long kCoalescedSteps = 2048;

TEST(CheckedRun, OwnWindowSweepsCoalesced) {
  if (!expected.contains("coalesced")) GTEST_SKIP();
  for (const auto& lines : read_records()) {
    bool open_said = false;
    for (const auto& l : lines) {
      EXPECT_NE(l["ev"], "watch_unavailable") << l.dump();
      open_said = open_said || l["ev"] == "watch_open";
      if (l["ev"] != "finalize") continue;
      const json faults = l.value("watch_faults", json::object());
      EXPECT_LE(faults.value("program", 0L) + faults.value("program_beside", 0L), kCoalescedSteps) << l.dump();
      EXPECT_GE(faults.value("string_ops_recorded", 0L), 8) << l.dump();  // the memset of each round
    }
    EXPECT_TRUE(open_said);
  }
}

// "sampled": the watcher arms the pending buffers of a busy call site on its sampled calls only
// (the first 8, then the powers of two: check/runtime/watch_sampling.c), two mprotect calls each,
// and every call site's first calls: counted from the `watch` lines of buffers (each one range
// armed), which do not depend on load. The test programs make 40 calls at their busy site (11
// sampled) and one at a rare one (tests/check/programs/rma_get_sites.c, rma_put_loop.c): every call
// armed would be 40 or 41.
constexpr long kSampledArms = 16;

TEST(CheckedRun, BuffersArmedOnSampledCallsOnly) {
  if (!expected.contains("sampled")) GTEST_SKIP();
  for (const auto& lines : read_records()) {
    long armed = 0;
    for (const auto& l : lines) armed += l["ev"] == "watch" && l.value("buffer", "") != "window";
    EXPECT_GE(armed, 1);
    EXPECT_LE(armed, kSampledArms);
  }
}

// "few_library_faults": the MPI library's faults on watched pages (the `finalize` line's
// `watch_faults`, stepped or leaving their page open), counts that do not depend on load. In
// tests/check/programs/rma_accumulate_loop.c (3000 accumulates a rank) Open MPI's faults on the window
// page shared with the next rank's segment go to the sampled hooks after the first 1024
// (check/runtime/watch_signals.c): with every hook protecting it again, one a call. In
// tests/check/programs/rma_library_copies.c (32 gets of a 1 MiB window a rank) the library's copy in
// each call opens a span that doubles at each fault (check/runtime/watch_library_span.c): with a
// fault a page, 8192.
constexpr long kFewLibraryFaults = 1536;

TEST(CheckedRun, FewLibraryFaults) {
  if (!expected.contains("few_library_faults")) GTEST_SKIP();
  for (const auto& lines : read_records())
    for (const auto& l : lines) {
      if (l["ev"] != "finalize") continue;
      const json faults = l.value("watch_faults", json::object());
      EXPECT_LE(faults.value("library_opened", 0L) + faults.value("library_stepped", 0L), kFewLibraryFaults)
          << l.dump();
    }
}

// "few_window_protects": a lock or unlock leaves the rank's windows armed, and an exclusive lock of
// its own rank leaves their pages protected (the `finalize` line's `watch_window_protects`, counts
// that do not depend on load), and the program's stores into them are still recorded.
// tests/check/programs/rma_lock_others.c makes 800 lock epochs on other ranks a rank, one store after
// each: a window disarmed and armed again around every lock and unlock would be protected or given
// back 3200 times; tests/check/programs/rma_lock_self.c 200 exclusive and 200 shared epochs on the
// rank itself: released at each exclusive lock, disarmed at each unlock, 800 times.
constexpr long kFewWindowProtects = 32;
constexpr long kStoresSeen = 100;

TEST(CheckedRun, WindowArmedThroughLocksOfOthers) {
  if (!expected.contains("few_window_protects")) GTEST_SKIP();
  for (const auto& lines : read_records()) {
    long seen = 0;
    for (const auto& l : lines) {
      seen += l["ev"] == "local_access";
      if (l["ev"] != "finalize") continue;
      EXPECT_LE(l.value("watch_window_protects", 0L), kFewWindowProtects) << l.dump();
    }
    EXPECT_GE(seen, kStoresSeen);
  }
}

// ... and each lock and unlock moves the windows to a new epoch, each with its `watch` line, until
// the window's record reaches its bound of `rma_sync` lines (the `rma_limit` line `sync_events`),
// where the window's `watch` lines stop too: at most one more than its `rma_sync` lines (the one of
// its creation), not one a lock and unlock for as long as the program runs.
TEST(CheckedRun, WindowWatchLinesStopAtTheRecordBound) {
  if (!expected.contains("few_window_protects")) GTEST_SKIP();
  for (const auto& lines : read_records()) {
    std::map<int, long> watch_lines, sync_lines;
    std::set<int> bounded;
    for (const auto& l : lines) {
      const int win = l.value("win", -1);
      if (l["ev"] == "watch" && l.value("buffer", "") == "window") ++watch_lines[win];
      if (l["ev"] == "rma_sync") ++sync_lines[win];
      if (l["ev"] == "rma_limit" && l.value("what", "") == "sync_events") bounded.insert(win);
    }
    EXPECT_EQ(bounded.size(), 2u) << "the program's two windows did not reach the record's bound";
    for (const auto& [win, n] : watch_lines) EXPECT_LE(n, sync_lines[win] + 1) << "window " << win;
  }
}

// "unwatched_said_once": the pending buffers the watcher could not watch (more than its table holds,
// tests/check/programs/rma_many_pending.c) are said, each window, kind of buffer, call, reason and
// epoch in one `watch_unavailable` line: a line a call would outgrow the post-run reader's bound on
// a real program's records, whose lines past it go unanalysed.
TEST(CheckedRun, UnwatchedBuffersSaidOncePerEpoch) {
  if (!expected.contains("unwatched_said_once")) GTEST_SKIP();
  for (const auto& lines : read_records()) {
    std::set<std::string> said;
    for (const auto& l : lines) {
      if (l["ev"] != "watch_unavailable" || l.value("buffer", "") == "window" || l.value("buffer", "") == "segment")
        continue;
      const json key{l["win"], l["buffer"], l.value("call", ""), l["reason"], l["epoch"]};
      EXPECT_TRUE(said.insert(key.dump()).second) << "said again: " << l.dump();
    }
    EXPECT_FALSE(said.empty()) << "no pending buffer said unwatched";
  }
}

// "unobserved": a remote call in flight on window bytes whose owner's accesses were not seen one by
// one (a `watch_open` line) is said not analysed, never taken for a race or for no race.
TEST(CheckedRun, UnobservedAccessesSaidNotAnalysed) {
  if (!expected.contains("unobserved")) GTEST_SKIP();
  bool said = false;
  for (const auto& j : rma_findings(read_records(), {}))
    said = said ||
           (j["ev"] == "rma_not_analysed" && j.value("reason", "").find("not seen one by one") != std::string::npos);
  EXPECT_TRUE(said);
}

TEST(CheckedRun, FindingsHaveTheRecordShape) {
  for (const auto& f : all_findings(read_records())) {
    for (const char* key : {"check", "rank", "call", "rule", "message", "caller", "evidence"})
      EXPECT_TRUE(f.contains(key)) << key << " missing in " << f.dump();
    EXPECT_EQ(f.value("rule", "").rfind("MPI-4.1 §", 0), 0u) << f.dump();
  }
}

}  // namespace
}  // namespace redsem::check

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  if (argc < 3) {
    std::fprintf(stderr, "usage: check_rma_records DIR CHECK... (\"none\" for no finding)\n");
    return 2;
  }
  redsem::check::records_dir = argv[1];
  for (int i = 2; i < argc; ++i) redsem::check::expected.insert(argv[i]);
  return RUN_ALL_TESTS();
}
