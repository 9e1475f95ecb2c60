// SPDX-License-Identifier: BSD-3-Clause
// rma_findings on records written by hand in the runtime's format (docs/check_records.md, "RMA"):
// which epochs become scenarios, which calls are paired, and what is set aside.
#include "check/analysis/rma_findings.h"

#include <gtest/gtest.h>

#include <limits>
#include <set>
#include <string>

#include "tests/check/sync_lines.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;

// The ranks' records (two by default) of one window of 16 bytes, disp_unit 4, built line by line.
class records {
 public:
  explicit records(int ranks = 2) : by_rank_(static_cast<std::size_t>(ranks)) {
    json group = json::array();
    for (int r = 0; r < ranks; ++r) group.push_back(r);
    for (int r = 0; r < ranks; ++r)
      add(r, {{"ev", "rma_win"},
              {"win", 0},
              {"call", "MPI_Win_create"},
              {"win_rank", r},
              {"win_size", ranks},
              {"group", group},
              {"size", 16},
              {"disp_unit", 4}});
  }
  records& sync(int rank, const std::string& call, long long time, json extra = json::object()) {
    json l{{"ev", "rma_sync"}, {"win", 0}, {"call", call}, {"time", time}};
    l.update(extra);
    return add(rank, l);
  }
  records& fence_all(long long time) {
    for (std::size_t r = 0; r < by_rank_.size(); ++r) sync(static_cast<int>(r), "MPI_Win_fence", time);
    return *this;
  }
  // MPI_Accumulate of one element with value bytes `origin` to rank 0, displacement 0.
  records& accumulate(int rank, const std::string& type, const std::string& origin, long long time,
                      const std::string& op = "MPI_SUM") {
    return add(rank, {{"ev", "rma_call"},
                      {"win", 0},
                      {"call", "MPI_Accumulate"},
                      {"target", 0},
                      {"disp", 0},
                      {"count", 1},
                      {"type", type},
                      {"origin_count", 1},
                      {"origin_type", type},
                      {"op", op},
                      {"origin", origin},
                      {"time", time}});
  }
  records& put(int rank, long long time, int disp = 1) {
    return add(rank, {{"ev", "rma_call"},
                      {"win", 0},
                      {"call", "MPI_Put"},
                      {"target", 0},
                      {"disp", disp},
                      {"count", 1},
                      {"type", "MPI_INT"},
                      {"origin_count", 1},
                      {"origin_type", "MPI_INT"},
                      {"origin", "07000000"},
                      {"time", time}});
  }
  // MPI_Rget of one MPI_INT from rank 0, displacement 1, returning request `request`.
  records& rget(int rank, long long time, int request) {
    return add(rank, {{"ev", "rma_call"},
                      {"win", 0},
                      {"call", "MPI_Rget"},
                      {"target", 0},
                      {"disp", 1},
                      {"count", 1},
                      {"type", "MPI_INT"},
                      {"origin_count", 1},
                      {"origin_type", "MPI_INT"},
                      {"request", request},
                      {"time", time}});
  }
  // Makes the window a dynamic one (MPI_Win_create_dynamic: size 0, disp_unit 1).
  records& dynamic() {
    for (auto& lines : by_rank_)
      lines.front().update({{"call", "MPI_Win_create_dynamic"}, {"size", 0}, {"disp_unit", 1}});
    return *this;
  }
  records& attach(int rank, long long base, long long size) {
    return add(rank, {{"ev", "rma_attach"}, {"win", 0}, {"call", "MPI_Win_attach"}, {"base", base}, {"size", size}});
  }
  // MPI_Rput of one MPI_INT to rank 0, displacement 1, returning request `request`.
  records& rput(int rank, long long time, int request) {
    put(rank, time);
    by_rank_[static_cast<std::size_t>(rank)].back().update({{"call", "MPI_Rput"}, {"request", request}});
    return *this;
  }
  // Makes the window one of MPI_Win_allocate_shared.
  records& shared_memory() {
    for (auto& lines : by_rank_) lines.front()["call"] = "MPI_Win_allocate_shared";
    return *this;
  }
  records& request_done(int rank, long long time, int request) {
    return add(rank, {{"ev", "rma_request_done"}, {"win", 0}, {"request", request}, {"time", time}});
  }
  // Sets a field of the rank's last line, as a record read back by `redsem check --records` may
  // hold any integer.
  records& field(int rank, const std::string& key, json value) {
    by_rank_[static_cast<std::size_t>(rank)].back()[key] = std::move(value);
    return *this;
  }
  const std::vector<std::vector<json>>& lines() const { return by_rank_; }

  // MPI_Barrier on MPI_COMM_WORLD by every rank (process_sync lines, happens_before.h).
  records& barrier_all() {
    const auto lines = test::barrier_lines(by_rank_.size(), barriers_++);
    for (std::size_t r = 0; r < lines.size(); ++r)
      for (const auto& l : lines[r]) add(static_cast<int>(r), l);
    return *this;
  }
  // A rank that synchronised through a call the check does not model: the timing decides.
  records& unmodelled(int rank) { return add(rank, test::unmodelled_line()); }

 private:
  records& add(int rank, json l) {
    auto& lines = by_rank_[static_cast<std::size_t>(rank)];
    l["rank"] = rank;
    l["seq"] = lines.size();
    lines.push_back(std::move(l));
    return *this;
  }
  std::vector<std::vector<json>> by_rank_;
  long long barriers_ = 0;
};

std::multiset<std::string> checks(const std::vector<json>& out) {
  std::multiset<std::string> names;
  for (const auto& j : out)
    if (j["ev"] == "finding") names.insert(j["check"].get<std::string>());
  return names;
}

// The findings and rma_not_analysed objects: what the analysis has to say beyond rma_analysed.
std::vector<json> said(const std::vector<json>& out) {
  std::vector<json> kept;
  for (const auto& j : out)
    if (j["ev"] != "rma_analysed") kept.push_back(j);
  return kept;
}

std::size_t analysed(const std::vector<json>& out) {
  std::size_t n = 0;
  for (const auto& j : out) n += j["ev"] == "rma_analysed";
  return n;
}

std::size_t not_analysed(const std::vector<json>& out) {
  std::size_t n = 0;
  for (const auto& j : out) n += j["ev"] == "rma_not_analysed";
  return n;
}

TEST(RmaFindings, AccumulatesOfTwoTypesInOneFenceEpochAreMismatched) {
  records r;
  r.fence_all(1).accumulate(0, "MPI_INT", "01000000", 2).accumulate(1, "MPI_UNSIGNED", "02000000", 2).fence_all(3);
  const auto out = rma_findings(r.lines());
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
  const auto out = rma_findings(r.lines());
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
  EXPECT_TRUE(checks(rma_findings(r.lines())).empty());
}

TEST(RmaFindings, PutsOnOneLocationInAFenceEpochRace) {
  records r;
  r.fence_all(1).put(0, 2).put(1, 2).fence_all(3);
  EXPECT_TRUE(checks(rma_findings(r.lines())).contains("racing_access"));
}

// A call whose bytes lie beyond 64-bit offsets is set aside with the reason, not wrapped around
// (once a signed overflow, UBSan).
TEST(RmaFindings, ACallBeyond64BitOffsetsIsSetAside) {
  for (const long long disp : {std::numeric_limits<long long>::max() / 2, std::numeric_limits<long long>::min() / 2}) {
    records r;
    r.fence_all(1).put(0, 2).put(1, 2).field(1, "disp", disp).fence_all(3);
    const auto out = rma_findings(r.lines());
    EXPECT_TRUE(checks(out).empty()) << json(out).dump(1);
    ASSERT_EQ(not_analysed(out), 1u) << json(out).dump(1);
    for (const auto& j : out) {
      if (j["ev"] != "rma_not_analysed") continue;
      EXPECT_NE(j["reason"].get<std::string>().find("beyond 64-bit byte offsets"), std::string::npos) << j.dump();
    }
  }
}

TEST(RmaFindings, PassiveCallsInFlightTogetherArePaired) {
  records r;
  r.sync(0, "MPI_Win_lock_all", 1).sync(1, "MPI_Win_lock_all", 1);
  r.accumulate(0, "MPI_INT", "01000000", 10).accumulate(1, "MPI_UNSIGNED", "02000000", 11);
  r.sync(0, "MPI_Win_unlock_all", 20).sync(1, "MPI_Win_unlock_all", 21);
  EXPECT_TRUE(checks(rma_findings(r.lines())).contains("mismatched_accumulates"));
}

// Rank 0's accumulate was complete at the target (its flush returned) before rank 1 made its
// call. Whether they race is decided by the synchronisation the ranks recorded, not by the
// times: with a barrier between the flush and rank 1's call they are ordered; without one they
// may be in flight together in another run, and are paired.
TEST(RmaFindings, PassiveCallsAreOrderedBySynchronisationNotByTime) {
  for (const bool barrier : {false, true}) {
    records r;
    r.sync(0, "MPI_Win_lock_all", 1).sync(1, "MPI_Win_lock_all", 1);
    r.accumulate(0, "MPI_INT", "01000000", 10).sync(0, "MPI_Win_flush_all", 12);
    if (barrier) r.barrier_all();
    r.accumulate(1, "MPI_UNSIGNED", "02000000", 13);
    r.sync(0, "MPI_Win_unlock_all", 20).sync(1, "MPI_Win_unlock_all", 21);
    const auto out = rma_findings(r.lines());
    EXPECT_EQ(checks(out).contains("mismatched_accumulates"), !barrier) << json(out).dump(1);
  }
}

// When a rank synchronised through calls the check does not model, the run's timing decides:
// calls whose lifetimes did not overlap are not paired (some synchronisation may order them).
TEST(RmaFindings, WithUnmodelledSynchronisationLifetimesDecide) {
  records r;
  r.unmodelled(1);
  r.sync(0, "MPI_Win_lock_all", 1).sync(1, "MPI_Win_lock_all", 1);
  r.accumulate(0, "MPI_INT", "01000000", 10).sync(0, "MPI_Win_flush_all", 12);
  r.accumulate(1, "MPI_UNSIGNED", "02000000", 13);
  r.sync(0, "MPI_Win_unlock_all", 20).sync(1, "MPI_Win_unlock_all", 21);
  const auto out = rma_findings(r.lines());
  EXPECT_TRUE(checks(out).empty()) << json(out).dump(1);
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
    EXPECT_EQ(checks(rma_findings(lines)).contains("unordered_same_origin"), ordering_none);
  }
}

TEST(RmaFindings, CallsToMpiProcNullAreNotAnalysed) {
  records r;
  r.fence_all(1).put(0, 2).put(1, 2).fence_all(3);
  auto lines = r.lines();
  lines[0][2]["target"] = -2;  // Open MPI's MPI_PROC_NULL
  lines[1][2]["target"] = -2;
  const auto out = rma_findings(lines);
  EXPECT_TRUE(out.empty()) << json(out).dump(1);
}

// Synchronisation decides across machines as on one. Lifetimes, when they decide, are compared
// only on one machine: the same calls on two hosts are then not paired.
TEST(RmaFindings, PassiveCallsOfRanksOnDifferentMachinesArePairedBySynchronisation) {
  records r;
  r.sync(0, "MPI_Win_lock_all", 1).sync(1, "MPI_Win_lock_all", 1);
  r.accumulate(0, "MPI_INT", "01000000", 10).accumulate(1, "MPI_UNSIGNED", "02000000", 11);
  auto lines = r.sync(0, "MPI_Win_unlock_all", 20).sync(1, "MPI_Win_unlock_all", 21).lines();
  lines[0][0]["host"] = "node1";
  lines[1][0]["host"] = "node2";
  const auto out = rma_findings(lines);
  EXPECT_TRUE(checks(out).contains("mismatched_accumulates"));
  EXPECT_EQ(not_analysed(out), 0u);
}

TEST(RmaFindings, WithUnmodelledSynchronisationRanksOnDifferentMachinesAreNotPaired) {
  for (const bool two_hosts : {false, true}) {
    records r;
    r.unmodelled(0);
    r.sync(0, "MPI_Win_lock_all", 1).sync(1, "MPI_Win_lock_all", 1);
    r.accumulate(0, "MPI_INT", "01000000", 10).accumulate(1, "MPI_UNSIGNED", "02000000", 11);
    auto lines = r.sync(0, "MPI_Win_unlock_all", 20).sync(1, "MPI_Win_unlock_all", 21).lines();
    lines[0][0]["host"] = "node1";
    lines[1][0]["host"] = two_hosts ? "node2" : "node1";
    const auto out = rma_findings(lines);
    EXPECT_EQ(checks(out).contains("mismatched_accumulates"), !two_hosts);
    EXPECT_EQ(not_analysed(out), two_hosts ? 1u : 0u);
  }
}

// Two exclusive epochs on one target whose calls overlap in time (a library may take the lock
// lazily, at the unlock): the lock keeps them apart (MPI-4.1 §13.5.3), so they are not paired.
TEST(RmaFindings, ExclusiveEpochsOfTwoRanksAreNotPaired) {
  records r;
  r.sync(0, "MPI_Win_lock", 1, {{"target", 0}, {"lock", "exclusive"}}).put(0, 10);
  r.sync(1, "MPI_Win_lock", 1, {{"target", 0}, {"lock", "exclusive"}}).put(1, 11);
  r.sync(0, "MPI_Win_unlock", 20, {{"target", 0}}).sync(1, "MPI_Win_unlock", 21, {{"target", 0}});
  const auto out = rma_findings(r.lines());
  EXPECT_TRUE(out.empty()) << json(out).dump(1);
}

TEST(RmaFindings, SharedLockPutsOfTwoRanksRace) {
  records r;
  r.sync(0, "MPI_Win_lock", 1, {{"target", 0}, {"lock", "shared"}}).put(0, 10);
  r.sync(1, "MPI_Win_lock", 1, {{"target", 0}, {"lock", "shared"}}).put(1, 11);
  r.sync(0, "MPI_Win_unlock", 20, {{"target", 0}}).sync(1, "MPI_Win_unlock", 21, {{"target", 0}});
  EXPECT_TRUE(checks(rma_findings(r.lines())).contains("racing_access"));
}

// What an exclusive lock does not prevent: one origin's own two puts to the same bytes, neither
// completed before the other (MPI-4.1 §13.7).
TEST(RmaFindings, TwoPutsInOneExclusiveEpochRace) {
  records r;
  r.sync(0, "MPI_Win_lock", 1, {{"target", 0}, {"lock", "exclusive"}}).put(0, 10).put(0, 11);
  r.sync(0, "MPI_Win_unlock", 20, {{"target", 0}});
  const auto out = said(rma_findings(r.lines()));
  ASSERT_TRUE(checks(out).contains("racing_access")) << json(out).dump(1);
  EXPECT_EQ(not_analysed(out), 0u);
  for (const auto& f : out)
    EXPECT_NE(f["evidence"]["scenario"].get<std::string>().find("rank 0: lock 0 exclusive"), std::string::npos);
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
  const auto out = said(rma_findings(pscw(true, 1).lines()));
  ASSERT_TRUE(checks(out).contains("racing_access")) << json(out).dump(1);
  EXPECT_EQ(not_analysed(out), 0u);
  for (const auto& f : out) {
    EXPECT_EQ(f["evidence"]["epoch"], "PSCW exposure epoch 1");
    EXPECT_NE(f["evidence"]["scenario"].get<std::string>().find("local: post 1,2"), std::string::npos);
  }
}

TEST(RmaFindings, PscwPutsToDisjointBytesAreClean) {
  const auto out = said(rma_findings(pscw(true, 2).lines()));
  EXPECT_TRUE(out.empty()) << json(out).dump(1);
}

TEST(RmaFindings, PscwAccessEpochsOfDifferentExposureEpochsAreNotPaired) {
  const auto out = said(rma_findings(pscw(false, 1).lines()));
  EXPECT_TRUE(out.empty()) << json(out).dump(1);
}

// MPI_Rget's completion means its data was read (MPI-4.1 §13.3.5): a put after its MPI_Wait no
// longer conflicts with it; before, the two race.
TEST(RmaFindings, AnRgetRacesAPutUntilItsRequestCompletes) {
  for (const bool waited : {false, true}) {
    records r;
    r.sync(0, "MPI_Win_lock", 1, {{"target", 0}, {"lock", "shared"}}).rget(0, 10, 0);
    if (waited) r.request_done(0, 11, 0);
    r.put(0, 12).sync(0, "MPI_Win_unlock", 20, {{"target", 0}});
    const auto out = said(rma_findings(r.lines()));
    EXPECT_EQ(checks(out).contains("racing_access"), !waited) << json(out).dump(1);
    EXPECT_EQ(not_analysed(out), 0u) << json(out).dump(1);
  }
}

// MPI_Rput's completion is local only (MPI-4.1 §13.3.5): after its MPI_Wait it is still in
// flight at the target until a flush or unlock, so a second put to its bytes races it.
TEST(RmaFindings, AnRputStillRacesAfterItsRequestCompletes) {
  records r;
  r.sync(0, "MPI_Win_lock", 1, {{"target", 0}, {"lock", "shared"}}).rput(0, 10, 0).request_done(0, 11, 0);
  r.put(0, 12).sync(0, "MPI_Win_unlock", 20, {{"target", 0}});
  const auto out = said(rma_findings(r.lines()));
  EXPECT_TRUE(checks(out).contains("racing_access")) << json(out).dump(1);
  EXPECT_EQ(not_analysed(out), 0u) << json(out).dump(1);
}

TEST(RmaFindings, RmaCallsOnASharedMemoryWindowAreAnalysed) {
  records r;
  r.shared_memory().fence_all(1).put(0, 2).put(1, 2).fence_all(3);
  const auto out = said(rma_findings(r.lines()));
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
  const auto out = said(rma_findings(dynamic_puts(4100, 4100).lines()));
  ASSERT_TRUE(checks(out).contains("racing_access")) << json(out).dump(1);
  EXPECT_EQ(not_analysed(out), 0u) << json(out).dump(1);
  const std::string scenario = out.front()["evidence"]["scenario"];
  EXPECT_NE(scenario.find("window 16 disp_unit=1"), std::string::npos) << scenario;
  EXPECT_NE(scenario.find("disp=4"), std::string::npos) << scenario;
}

TEST(RmaFindings, PutsToDisjointAttachedAddressesAreClean) {
  const auto out = said(rma_findings(dynamic_puts(4100, 4104).lines()));
  EXPECT_TRUE(out.empty()) << json(out).dump(1);
}

// The regions are laid end to end: 8192 is byte 16 of the scenario's window of 24.
TEST(RmaFindings, AttachedRegionsAreLaidEndToEnd) {
  const auto out = said(rma_findings(dynamic_puts(8192, 8192, true).lines()));
  ASSERT_TRUE(checks(out).contains("racing_access")) << json(out).dump(1);
  const std::string scenario = out.front()["evidence"]["scenario"];
  EXPECT_NE(scenario.find("window 24 disp_unit=1"), std::string::npos) << scenario;
  EXPECT_NE(scenario.find("disp=16"), std::string::npos) << scenario;
}

TEST(RmaFindings, AnAccessOutsideTheAttachedMemoryIsErroneous) {
  // 4110: the int's last two bytes are past the region's end.
  for (const long long at : {8192LL, 4110LL}) {
    const auto out = said(rma_findings(dynamic_puts(4100, at).lines()));
    EXPECT_EQ(checks(out), std::multiset<std::string>{"access_outside_attached_memory"}) << json(out).dump(1);
    EXPECT_EQ(not_analysed(out), 0u) << json(out).dump(1);
  }
}

// A finding says the calls' numbers as recorded: a dynamic window's displacement is an address,
// and a seq may be any integer (once read as int, cut to 32 bits).
TEST(RmaFindings, AFindingReportsTheRecordedNumbersWhole) {
  const long long base = 1LL << 40, seq = (1LL << 40) + 7;
  records r;
  r.dynamic().attach(0, base, 16).fence_all(1).put(0, 2).field(0, "disp", base + 4);
  r.put(1, 2).field(1, "disp", base + 4).field(1, "seq", seq).fence_all(3);
  const auto out = said(rma_findings(r.lines()));
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
  const auto out = said(rma_findings(r.lines()));
  EXPECT_EQ(checks(out), std::multiset<std::string>{"racing_access"}) << json(out).dump(1);
  EXPECT_EQ(not_analysed(out), 0u) << json(out).dump(1);
}

// Regions whose sizes sum past 64 bits leave no window to lay them in: set aside, with the reason
// (once a signed overflow under UBSan, and a negative window size without).
TEST(RmaFindings, AttachedRegionsTotallingBeyond64BitsAreSetAside) {
  records r;
  r.dynamic().attach(0, 16, std::numeric_limits<long long>::max() - 16).attach(0, 32, 32);
  r.fence_all(1).put(0, 2, 20).put(1, 2, 20).fence_all(3);
  const auto out = said(rma_findings(r.lines()));
  EXPECT_TRUE(checks(out).empty()) << json(out).dump(1);
  ASSERT_EQ(not_analysed(out), 1u) << json(out).dump(1);
  EXPECT_NE(out.front()["reason"].get<std::string>().find("total beyond 64-bit byte offsets"), std::string::npos)
      << json(out).dump(1);
}

TEST(RmaFindings, BoundedOriginValuesAreSetAside) {
  records r;
  r.fence_all(1).accumulate(0, "MPI_INT", "01000000", 2).accumulate(1, "MPI_UNSIGNED", "02000000", 2).fence_all(3);
  auto lines = r.lines();
  lines[1][2]["values_bounded"] = true;  // rank 1's accumulate
  const auto out = rma_findings(lines);
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
  const auto out = rma_findings(lines);
  EXPECT_TRUE(checks(out).contains("mismatched_accumulates"));
  EXPECT_EQ(not_analysed(out), 1u);
}

// Once the record of a window stops (bound on synchronisation calls), a passive call whose
// completion it does not show has no known lifetime: not paired with anything.
TEST(RmaFindings, APassiveCallWithoutRecordedCompletionIsSetAside) {
  records r;
  r.sync(0, "MPI_Win_lock_all", 1).sync(1, "MPI_Win_lock_all", 1);
  r.accumulate(0, "MPI_INT", "01000000", 10).accumulate(1, "MPI_UNSIGNED", "02000000", 11);
  auto lines = r.sync(0, "MPI_Win_unlock_all", 20).lines();
  lines[1].push_back({{"ev", "rma_limit"}, {"win", 0}, {"what", "sync_events"}, {"limit", 512}});
  const auto out = rma_findings(lines);
  EXPECT_TRUE(checks(out).empty()) << json(out).dump(1);
  EXPECT_EQ(not_analysed(out), 2u) << json(out).dump(1);  // the record stops; rank 1's call
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
  const auto out = rma_findings(lines);
  EXPECT_TRUE(said(out).empty()) << json(out).dump(1);
  for (auto& l : lines) l[0]["group"] = json{0, 1, 2, 3};  // one window: the bug this guards against
  for (auto& l : lines) l[0]["win_size"] = 4;
  for (std::size_t rank = 0; rank < 4; ++rank) lines[rank][0]["win_rank"] = rank;
  EXPECT_TRUE(checks(rma_findings(lines)).contains("mismatched_accumulates"));
}

TEST(RmaFindings, AWindowSomeRankDidNotRecordIsSetAside) {
  records r;
  r.fence_all(1).put(0, 2).put(1, 2).fence_all(3);
  auto lines = r.lines();
  lines[1].erase(lines[1].begin());  // rank 1's rma_win line
  const auto out = rma_findings(lines);
  EXPECT_TRUE(checks(out).empty());
  EXPECT_EQ(not_analysed(out), 1u);
}

}  // namespace
}  // namespace redsem::check
