// SPDX-License-Identifier: BSD-3-Clause
// Where a checked run's order between ranks or threads is left to the run's timing, the report's
// coverage says so and why, and a run without findings is clean (partial) (issue 30, item 6).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/check/report_records.h"

namespace redsem::check {
namespace {

using test::finalize;
using test::one_rank;

// A record that stops at a synchronisation no other rank matches leaves the ranks' order to the
// run's timing: said in the coverage, with the reason, as a synchronisation not modelled is.
TEST(check_report, an_order_the_records_cannot_give_is_said) {
  const run_records run = one_rank(
      R"({"ev":"rma_win","rank":0,"seq":1,"win":0,"call":"MPI_Win_allocate","win_rank":0,"win_size":1,"size":64,"disp_unit":8})"
      "\n"
      R"({"ev":"sync_comm","rank":0,"seq":2,"comm":0,"members":[0]})"
      "\n"
      R"({"ev":"process_sync","rank":0,"seq":3,"call":"MPI_Wait","comm":0,"collective_done":4})"
      "\n");
  const run_report report = analyse_run(run, {});
  const auto& gaps = report.coverage.not_observed;
  EXPECT_TRUE(std::any_of(gaps.begin(), gaps.end(), [](const auto& g) {
    return g.text.find("ordered by the run's timing, on one host only: rank 0's record stops at a synchronisation") !=
           std::string::npos;
  })) << testing::PrintToString(gaps);
}

// A rank whose thread level is above single and that made a window: every thread's access is
// watched, but the order between threads is not modelled (docs/design.md, "Threads"), so a run
// without findings is clean (partial), said once per level; single, or no window, says nothing.
TEST(check_report, threads_beside_rma_make_a_clean_run_partial) {
  const auto run_with = [](const std::string& level, bool window, const std::string& policy = "") {
    run_records run;
    for (int rank = 0; rank < 2; ++rank)
      run.ranks.push_back(parse_rank_records(
          rank,
          R"({"ev":"start","rank":)" + std::to_string(rank) +
              R"(,"seq":0,"size":2,"built_for":"openmpi","library":"Open MPI","sample":8,"thread_level":")" + level +
              "\"" + policy + "}\n" +
              (window
                   ? R"({"ev":"rma_win","rank":)" + std::to_string(rank) +
                         R"(,"seq":1,"win":0,"call":"MPI_Win_allocate","win_rank":0,"win_size":2,"size":64,"disp_unit":8})"
                         "\n" +
                         R"({"ev":"watch","rank":)" + std::to_string(rank) +
                         R"(,"seq":2,"win":0,"buffer":"window","mode":"passive","epoch":0,"bytes":64,"watches":"loads and stores"})"
                         "\n"
                   : std::string()) +
              finalize + "\n"));
    return run;
  };
  const auto threads = record_coverage(run_with("multiple", true), 2);
  ASSERT_EQ(threads.not_observed.size(), 1u) << testing::PrintToString(threads.not_observed);
  EXPECT_NE(threads.not_observed[0].text.find("MPI_THREAD_MULTIPLE on 2 rank(s)"), std::string::npos)
      << threads.not_observed[0].text;
  EXPECT_EQ(verdict_of(analyse_run(run_with("multiple", true), {}), 0), verdict::clean_partial);
  // The window is disarmed through a threaded rank's epoch calls: another thread's access then is unseen.
  EXPECT_NE(threads.not_observed[0].text.find("inside a call that may open or close an epoch"), std::string::npos)
      << threads.not_observed[0].text;
  EXPECT_NE(threads.not_observed[0].text.find("--thread-sync calls"), std::string::npos)
      << threads.not_observed[0].text;
  EXPECT_TRUE(record_coverage(run_with("single", true), 2).not_observed.empty());
  EXPECT_TRUE(record_coverage(run_with("multiple", false), 2).not_observed.empty());
  // Under --thread-sync calls the threads' order is modelled: said beside what was watched, no gap.
  const std::string calls = R"(,"thread_sync":"calls")";
  const auto ordered = record_coverage(run_with("multiple", true, calls), 2);
  EXPECT_TRUE(ordered.not_observed.empty()) << testing::PrintToString(ordered.not_observed);
  ASSERT_FALSE(ordered.watched.empty());
  EXPECT_NE(ordered.watched.back().find("--thread-sync calls"), std::string::npos) << ordered.watched.back();
  // ... unless the policy was given up (a bound, a call not modelled): the default's gap, and why.
  run_records off = run_with("multiple", true, calls);
  off.ranks[1] = parse_rank_records(
      1,
      R"({"ev":"start","rank":1,"seq":0,"size":2,"built_for":"openmpi","library":"Open MPI","sample":8,)"
      R"("thread_level":"multiple","thread_sync":"calls"})"
      "\n"
      R"({"ev":"rma_win","rank":1,"seq":1,"win":0,"call":"MPI_Win_allocate","win_rank":1,"win_size":2,"size":64,"disp_unit":8})"
      "\n"
      R"({"ev":"thread_sync_off","rank":1,"seq":2,"reason":"GOMP_taskloop (an OpenMP taskloop) is not modelled"})"
      "\n" +
          finalize + "\n");
  const auto partly = record_coverage(off, 2);
  ASSERT_EQ(partly.not_observed.size(), 2u) << testing::PrintToString(partly.not_observed);
  EXPECT_NE(partly.not_observed[0].text.find("GOMP_taskloop"), std::string::npos) << partly.not_observed[0].text;
}

// The default policy's gap on a threaded rank names the exact rerun that looks for races between
// threads whatever the timing (the checked command, when known), and says which rank's window
// memory more than one thread touched in this run.
TEST(check_report, threads_gap_names_the_rerun_and_the_threads_sharing_window_memory) {
  const std::string start =
      R"({"ev":"start","rank":0,"seq":0,"size":1,"built_for":"mpich","library":"MPICH","sample":8,"thread_level":"multiple"})"
      "\n"
      R"({"ev":"rma_win","rank":0,"seq":1,"win":0,"call":"MPI_Win_allocate","win_rank":0,"win_size":1,"size":64,"disp_unit":8})"
      "\n"
      R"({"ev":"watch","rank":0,"seq":2,"win":0,"buffer":"window","mode":"passive","epoch":0,"bytes":64,"watches":"loads and stores"})"
      "\n";
  const auto access = [](int seq, int thread) {
    return R"({"ev":"local_access","rank":0,"seq":)" + std::to_string(seq) +
           R"(,"win":0,"buffer":"window","mode":"passive","epoch":0,"offset":0,"bytes":4,"access":"load","time":1,)"
           R"("time_last":1,"thread":)" +
           std::to_string(thread) + "}\n";
  };
  const std::string finalize = R"({"ev":"finalize","rank":0,"seq":9,"calls":{"MPI_Win_allocate":1}})";
  run_records run;
  run.ranks.push_back(parse_rank_records(0, start + access(3, 101) + access(4, 102) + finalize + "\n"));
  const auto named = record_coverage(run, 1, "mpiexec.mpich -n 1 ./app");
  ASSERT_EQ(named.not_observed.size(), 1u) << testing::PrintToString(named.not_observed);
  const std::string& line = named.not_observed[0].text;
  EXPECT_NE(line.find("rerun as `redsem check --thread-sync calls -- mpiexec.mpich -n 1 ./app`"), std::string::npos)
      << line;
  EXPECT_NE(line.find("rank 0: 2 threads"), std::string::npos) << line;
  EXPECT_NE(line.find("assumption"), std::string::npos) << line;
  // Kept records re-read: the command is not known, the option is named; one thread shares nothing.
  run.ranks[0] = parse_rank_records(0, start + access(3, 101) + access(4, 101) + finalize + "\n");
  const auto unnamed = record_coverage(run, 1);
  ASSERT_EQ(unnamed.not_observed.size(), 1u) << testing::PrintToString(unnamed.not_observed);
  EXPECT_NE(unnamed.not_observed[0].text.find("rerun with --thread-sync calls"), std::string::npos)
      << unnamed.not_observed[0].text;
  EXPECT_EQ(unnamed.not_observed[0].text.find("more than one thread"), std::string::npos)
      << unnamed.not_observed[0].text;
}

// Delay injection (check/runtime/watch_delay.h): the holds a threaded rank made, skipped and had cut by
// the budget are said beside what was watched, and the threaded run's gap, which stays, mentions them;
// with --delay 0 the gap says the holds were off.
TEST(check_report, delay_holds_are_said_and_the_threads_gap_stays) {
  const auto run_with = [](int ms, const std::string& delay) {
    run_records run;
    run.ranks.push_back(parse_rank_records(
        0,
        R"({"ev":"start","rank":0,"seq":0,"size":1,"built_for":"mpich","library":"MPICH","sample":8,)"
        R"("thread_level":"multiple","delay_ms":)" +
            std::to_string(ms) + "}\n" +
            R"({"ev":"rma_win","rank":0,"seq":1,"win":0,"call":"MPI_Win_allocate","win_rank":0,"win_size":1,"size":64,"disp_unit":8})"
            "\n"
            R"({"ev":"watch","rank":0,"seq":2,"win":0,"buffer":"window","mode":"passive","epoch":0,"bytes":64,"watches":"loads and stores"})"
            "\n"
            R"({"ev":"finalize","rank":0,"seq":3,"calls":{"MPI_Win_allocate":1})" +
            delay + "}\n"));
    return run;
  };
  const auto held = record_coverage(
      run_with(
          20,
          R"(,"delay":{"ms":20,"completion":3,"exposure":1,"sync_return":6,"access":5,"access_again":4,"skipped":7,"budget_cut":2,)"
          R"("budget_ms":2000,"held_ms":260,"extended":3,"capped":1,"woken":2})"),
      1);
  ASSERT_FALSE(held.watched.empty());
  const std::string& said = held.watched.back();
  EXPECT_NE(said.find("delay injection on 1 rank(s)"), std::string::npos) << said;
  EXPECT_NE(said.find("--delay 20 ms): 3 hold(s) at calls completing a watched pending buffer, 1 at calls about to "
                      "disarm watched window memory, 6 at returns from process synchronisations while window memory "
                      "was watched, 5 at the program's accesses to watched window memory (4 more while no pending "
                      "buffer had come there; 2 ended early as another thread's RMA call kept pending buffers), 260 "
                      "ms held"),
            std::string::npos)
      << said;
  EXPECT_NE(said.find("260 ms held in all; 3 made longer than the delay because another thread was runnable with "
                      "less CPU time than the delay since the hold began (1 of them ended at 10 times the delay with "
                      "one still short)"),
            std::string::npos)
      << said;
  EXPECT_NE(said.find("7 not held by the schedule"), std::string::npos) << said;
  EXPECT_NE(said.find("2 cut by the budget of 2000 ms per rank, at the delay a hold"), std::string::npos) << said;
  ASSERT_EQ(held.not_observed.size(), 1u) << testing::PrintToString(held.not_observed);
  EXPECT_NE(held.not_observed[0].text.find("delay injection (--delay) held threads"), std::string::npos)
      << held.not_observed[0].text;
  EXPECT_EQ(verdict_of(analyse_run(run_with(20, ""), {}), 0), verdict::clean_partial);
  const auto off = record_coverage(run_with(0, ""), 1);
  ASSERT_EQ(off.not_observed.size(), 1u) << testing::PrintToString(off.not_observed);
  EXPECT_NE(off.not_observed[0].text.find("delay injection was off (--delay 0)"), std::string::npos)
      << off.not_observed[0].text;
  for (const auto& w : off.watched) EXPECT_EQ(w.find("delay injection"), std::string::npos) << w;
}

// A synchronisation the analysis does not model leaves the ranks' order to the run's timing: the
// coverage names each such call, once, and the verdict is partial.
TEST(check_report, synchronisation_not_modelled_is_said_per_call) {
  const auto c = record_coverage(
      one_rank(R"({"ev":"sync_unmodelled","rank":0,"seq":1,"call":"MPI_Issend"})"
               "\n"
               R"({"ev":"sync_unmodelled","rank":0,"seq":2,"call":"MPI_Allreduce_init"})"
               "\n"
               R"({"ev":"sync_unmodelled","rank":0,"seq":3,"call":"MPI_Request_free of an active receive"})"
               "\n"),
      1);
  ASSERT_EQ(c.not_observed.size(), 3u) << testing::PrintToString(c.not_observed);
  EXPECT_EQ(
      c.not_observed[0].text.rfind("synchronisation through MPI_Allreduce_init (on 1 rank(s)) is not modelled: RMA "
                                   "accesses of different ranks are ordered by the run's timing",
                                   0),
      0u)
      << c.not_observed[0].text;
  EXPECT_NE(c.not_observed[1].text.find("through MPI_Issend"), std::string::npos) << c.not_observed[1].text;
  EXPECT_EQ(c.not_observed[2].text.rfind("synchronisation not modelled (on 1 rank(s)): MPI_Request_free of an active "
                                         "receive; RMA accesses",
                                         0),
            0u)
      << c.not_observed[2].text;
}

}  // namespace
}  // namespace redsem::check
