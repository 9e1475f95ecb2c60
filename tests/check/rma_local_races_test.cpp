// SPDX-License-Identifier: BSD-3-Clause
// window_access_races on records written by hand in the runtime's format (docs/check_records.md,
// "The local-access watcher"): which local accesses are paired with which remote calls.
#include "check/analysis/rma_local_races.h"

#include <gtest/gtest.h>

#include <string>

namespace redsem::check {
namespace {

using json = nlohmann::json;

// Two ranks' records of one window of 16 bytes, disp_unit 4, on one host.
class records {
 public:
  records() : by_rank_(2) {
    for (int r = 0; r < 2; ++r)
      add(r, {{"ev", "rma_win"},
              {"win", 0},
              {"call", "MPI_Win_allocate"},
              {"win_rank", r},
              {"win_size", 2},
              {"group", {0, 1}},
              {"host", "node0"},
              {"size", 16},
              {"disp_unit", 4}});
  }
  records& sync(int rank, const std::string& call, long long time, int target = -1) {
    json l{{"ev", "rma_sync"}, {"win", 0}, {"call", call}, {"time", time}};
    if (target >= 0) l["target"] = target;
    return add(rank, l);
  }
  records& fence_all(long long time) { return sync(0, "MPI_Win_fence", time).sync(1, "MPI_Win_fence", time); }
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
    json l{{"ev", "local_access"}, {"win", 0},       {"buffer", "window"}, {"mode", mode},     {"offset", offset},
           {"bytes", 1},           {"access", kind}, {"time", time},       {"time_last", time}};
    if (mode == "fence") l["fence"] = fence;
    return add(0, l);
  }
  std::vector<std::vector<json>>& lines() { return by_rank_; }

 private:
  records& add(int rank, json l) {
    auto& lines = by_rank_[static_cast<std::size_t>(rank)];
    l["rank"] = rank;
    l["seq"] = lines.size();
    lines.push_back(std::move(l));
    return *this;
  }
  std::vector<std::vector<json>> by_rank_;
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

TEST(WindowAccessRaces, OtherBytesOrAnotherFenceEpochAreNoRace) {
  records other_bytes, next_epoch;
  other_bytes.fence_all(1).call("MPI_Put", 2).access("fence", 1, 8, "store", 3).fence_all(4);
  next_epoch.fence_all(1).call("MPI_Put", 2).fence_all(3).access("fence", 2, 4, "store", 4).fence_all(5);
  EXPECT_TRUE(window_access_races(other_bytes.lines()).empty());
  EXPECT_TRUE(window_access_races(next_epoch.lines()).empty());
}

TEST(WindowAccessRaces, AGetRacesWithAStoreOnly) {
  records load, store;
  load.fence_all(1).call("MPI_Get", 2).access("fence", 1, 4, "load", 3).fence_all(4);
  store.fence_all(1).call("MPI_Get", 2).access("fence", 1, 4, "store", 3).fence_all(4);
  EXPECT_TRUE(window_access_races(load.lines()).empty());
  EXPECT_EQ(window_access_races(store.lines()).size(), 1u);
}

// Passive target: the access must fall between the call and the unlock that completed it.
TEST(WindowAccessRaces, PassiveTargetPairsOnlyWhileTheCallIsInFlight) {
  for (const long long when : {15LL, 25LL}) {
    records r;
    r.sync(1, "MPI_Win_lock", 10, 0).call("MPI_Accumulate", 11).sync(1, "MPI_Win_unlock", 20, 0);
    r.access("passive", -1, 4, "store", when);
    EXPECT_EQ(window_access_races(r.lines()).size(), when < 20 ? 1u : 0u) << when;
  }
}

TEST(WindowAccessRaces, PassiveTargetTimesOfTwoHostsAreNotCompared) {
  records r;
  r.sync(1, "MPI_Win_lock", 10, 0).call("MPI_Accumulate", 11).sync(1, "MPI_Win_unlock", 20, 0);
  r.access("passive", -1, 4, "store", 15);
  r.lines()[1][0]["host"] = "node1";
  EXPECT_TRUE(window_access_races(r.lines()).empty());
}

}  // namespace
}  // namespace redsem::check
