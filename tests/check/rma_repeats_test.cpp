// SPDX-License-Identifier: BSD-3-Clause
// Repeated poll iterations (rma_repeats.h) on records written by hand in the runtime's format: a
// period that reads as repeats has its lines' times widened to the last repeat's, so that a race
// with a later iteration is still found; any other `rma_repeat` line is not believed and ends
// what is read of its window.
#include "check/analysis/rma_repeats.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "check/analysis/rma_local_races.h"
#include "tests/check/sync_lines.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;

struct rank_lines {
  std::vector<json> lines;
  rank_lines& add(json l) {
    l["rank"] = 0;
    l["seq"] = lines.size();
    lines.push_back(std::move(l));
    return *this;
  }
  long long next() const { return static_cast<long long>(lines.size()); }
};

json window(const std::string& call) {
  return {{"ev", "rma_win"}, {"win", 0},   {"call", call},   {"win_rank", 0},  {"win_size", 2},
          {"group", {0, 1}}, {"size", 16}, {"disp_unit", 4}, {"host", "node0"}};
}
json sync(const std::string& call, long long time, int target = -1) {
  json l{{"ev", "rma_sync"}, {"win", 0}, {"call", call}, {"epoch", 0}, {"time", time}};
  if (target >= 0) l["target"] = target;
  return l;
}
json store(long long time) {
  return {{"ev", "local_access"}, {"win", 0},     {"buffer", "window"}, {"mode", "passive"},
          {"epoch", 0},           {"offset", 4},  {"bytes", 4},         {"access", "store"},
          {"value", "ffffffff"},  {"time", time}, {"time_last", time}};
}
json call(const std::string& name, const std::string& op, long long time, int target = 0) {
  json l{{"ev", "rma_call"}, {"win", 0},   {"call", name},      {"epoch", 0},  {"target", target},
         {"disp", 1},        {"count", 1}, {"type", "MPI_INT"}, {"time", time}};
  if (!op.empty()) l["op"] = op;
  return l;
}
json result(long long of, const std::string& value) {
  return {{"ev", "rma_result"}, {"win", 0}, {"of", of}, {"result", value}};
}
json repeat(int lines, long long times, long long until) {
  return {{"ev", "rma_repeat"}, {"win", 0}, {"lines", lines}, {"times", times}, {"time_last", until}};
}

// Rank 0 owns a window of MPI_Win_allocate and spins: it stores into its element, MPI_Win_sync,
// polls the element with MPI_Fetch_and_op MPI_NO_OP and flushes, the last iteration ending at 1000.
rank_lines spinner(const std::string& made_by = "MPI_Win_allocate") {
  rank_lines r;
  r.add(window(made_by)).add(sync("MPI_Win_lock_all", 0)).add(store(1)).add(sync("MPI_Win_sync", 2));
  const long long poll = r.next();
  r.add(call("MPI_Fetch_and_op", "MPI_NO_OP", 3)).add(result(poll, "ffffffff")).add(sync("MPI_Win_flush", 4, 0));
  return r;
}

TEST(RmaRepeats, APeriodOfPollsIsWidenedToItsLastRepeat) {
  rank_lines r = spinner();
  r.add(repeat(5, 1000, 1000));
  read_repeats(r.lines);
  EXPECT_EQ(r.lines[2]["time"], 1);  // the first iteration's store
  EXPECT_EQ(r.lines[2]["time_last"], 1000);
  EXPECT_EQ(r.lines[3]["time"], 1000);
  EXPECT_EQ(r.lines[4]["time"], 3);  // the poll is made no earlier than the first one
  EXPECT_EQ(r.lines[6]["time"], 1000);
  EXPECT_EQ(r.lines[7]["ev"], "rma_repeat");
}

// Each way a repeat may not stand for iterations the analyses can read as one: not believed, it
// ends what is read of the window (an rma_limit line saying why).
TEST(RmaRepeats, ARepeatThatDoesNotFollowAPollLoopIsNotRead) {
  const auto not_read = [](rank_lines r, json rep) {
    r.add(std::move(rep));
    read_repeats(r.lines);
    return r.lines.back()["ev"] == "rma_limit" && r.lines.back()["what"] == "repeat_not_read";
  };
  EXPECT_FALSE(not_read(spinner(), repeat(5, 3, 9)));
  EXPECT_TRUE(not_read(spinner(), repeat(9, 3, 9)));  // longer than any period
  EXPECT_TRUE(not_read(spinner(), repeat(5, 0, 9)));  // no repeat
  EXPECT_TRUE(not_read(spinner(), repeat(7, 1, 9)));  // reaches the lock_all and rma_win
  EXPECT_TRUE(not_read(spinner(), repeat(2, 1, 9)));  // its result's call not in it
  EXPECT_TRUE(not_read(spinner("MPI_Win_allocate_shared"), repeat(5, 1, 9)));
  rank_lines writes = spinner();
  writes.add(call("MPI_Accumulate", "MPI_REPLACE", 5)).add(sync("MPI_Win_flush", 6, 0));
  EXPECT_TRUE(not_read(writes, repeat(2, 1, 9)));  // a write at the target
  rank_lines ends = spinner();
  ends.add(store(5));
  EXPECT_TRUE(not_read(ends, repeat(1, 1, 9)));           // no synchronisation call ends it
  for (const char* fetched : {"ffffffff", "00000000"}) {  // a compare-and-swap that wrote, or not
    rank_lines cas = spinner();
    const long long at = cas.next();
    json c = call("MPI_Compare_and_swap", "", 5);
    c["origin"] = "00000000";
    c["compare"] = "ffffffff";
    cas.add(c).add(result(at, fetched)).add(sync("MPI_Win_flush", 6, 0));
    EXPECT_EQ(not_read(cas, repeat(3, 1, 9)), std::string(fetched) == "ffffffff") << fetched;
  }
}

// Rank 1's accumulate on rank 0's element is in flight from 500 to 600, while rank 0 spins until
// 1000 storing into that element at every iteration; nothing the check models orders the two, so
// the run's timing decides: the store of a later iteration races, though the one written does not.
TEST(RmaRepeats, AStoreOfALaterIterationRacesWithACallInFlightThen) {
  std::vector<std::vector<json>> records(2);
  records[0] = spinner().lines;
  records[0].push_back(repeat(5, 300, 1000));
  records[0].back()["rank"] = 0;
  records[0].back()["seq"] = records[0].size() - 1;
  rank_lines origin;
  origin.add(window("MPI_Win_allocate")).add(sync("MPI_Win_lock_all", 0));
  origin.add(call("MPI_Accumulate", "MPI_SUM", 500)).add(sync("MPI_Win_flush", 600, 0));
  for (auto& l : origin.lines) l["rank"] = 1;
  origin.lines[0]["win_rank"] = 1;
  records[1] = origin.lines;
  for (auto& lines : records) {
    lines.push_back(test::unmodelled_line());
    lines.back()["rank"] = lines.front()["rank"];
    lines.back()["seq"] = lines.size() - 1;
  }
  EXPECT_TRUE(window_access_races(records).empty());  // read as one iteration, it would pass
  for (auto& lines : records) read_repeats(lines);
  const auto out = window_access_races(records);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["evidence"]["remote"]["rank"], 1);
}

}  // namespace
}  // namespace redsem::check
