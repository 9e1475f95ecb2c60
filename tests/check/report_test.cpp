// SPDX-License-Identifier: BSD-3-Clause
// What a checked run's report comes to (issue 30, items 6 and 7): each finding's severity, the
// suppressions a user accepts, what the check covered, and the verdict they make.
#include <gtest/gtest.h>

#include <algorithm>

#include "check/analysis/coverage.h"
#include "check/analysis/run_report.h"
#include "check/analysis/suppressions.h"

namespace redsem::check {

// How gtest prints a note in a failure message (found by argument-dependent lookup).
void PrintTo(const coverage_note& n, std::ostream* os) { *os << note_line(n); }

namespace {

const std::string fixtures = REDSEM_CHECK_FIXTURES;

const std::string start =
    R"({"ev":"start","rank":0,"seq":0,"size":1,"built_for":"openmpi","library":"Open MPI","sample":8})";
const std::string finalize = R"({"ev":"finalize","rank":0,"seq":9,"calls":{"MPI_Win_create":1}})";

run_records one_rank(const std::string& lines) {
  run_records run;
  run.ranks.push_back(parse_rank_records(0, start + "\n" + lines + finalize + "\n"));
  return run;
}

finding located(const std::string& check, const std::string& call, const std::string& location) {
  finding f;
  f.check = check;
  f.call = call;
  f.location = location;
  f.message = "m";
  return f;
}

TEST(check_report, severity_comes_from_the_check_not_the_runtime) {
  EXPECT_EQ(severity_of("buffers_overlap"), severity::error);
  EXPECT_EQ(severity_of("racing_access"), severity::error);
  EXPECT_EQ(severity_of("user_op_not_commutative"), severity::error);  // a commute flag that lies
  EXPECT_EQ(severity_of("order_dependent_result"), severity::warning);
  EXPECT_EQ(severity_of("user_op_not_associative"), severity::warning);
  EXPECT_EQ(severity_of("shared_memory_race"), severity::error);
  EXPECT_EQ(severity_of("shared_memory_no_win_sync"), severity::warning);  // left to the architecture
  EXPECT_EQ(severity_of("a_check_of_a_newer_runtime"), severity::error);
  EXPECT_EQ(finding_from_record({{"check", "order_dependent_result"}, {"severity", "error"}}, 0).level,
            severity::warning);
}

TEST(check_report, warnings_alone_make_a_warnings_verdict_and_errors_win) {
  run_report report;
  report.findings.push_back(located("order_dependent_result", "MPI_Allreduce", "a.c:3 (main)"));
  report.findings.back().level = severity::warning;
  EXPECT_EQ(verdict_of(report, 0), verdict::warnings);
  EXPECT_EQ(verdict_of(report, 3), verdict::program_failed);
  report.findings.push_back(located("buffers_overlap", "MPI_Allreduce", "a.c:4 (main)"));
  EXPECT_EQ(verdict_of(report, 3), verdict::errors);
  EXPECT_EQ(to_string(verdict::clean_partial), "clean (partial)");
}

TEST(check_report, a_suppression_matches_check_call_and_caller_function_or_place) {
  std::string why;
  const auto list = parse_suppressions(
      "# accepted\n"
      "check=buffers_overlap call=MPI_Allreduce caller=main   # by function\n"
      "\n"
      "check=in_place_mixed caller=b.c:7\n",
      &why);
  ASSERT_TRUE(list) << why;
  ASSERT_EQ(list->size(), 2u);
  EXPECT_EQ((*list)[1].line, 4);
  EXPECT_TRUE(suppresses((*list)[0], located("buffers_overlap", "MPI_Allreduce", "a.c:4 (main)")));
  EXPECT_TRUE(suppresses((*list)[0], located("buffers_overlap", "MPI_Allreduce", "main in /app")));
  EXPECT_FALSE(suppresses((*list)[0], located("buffers_overlap", "MPI_Reduce", "a.c:4 (main)")));
  EXPECT_FALSE(suppresses((*list)[0], located("buffers_overlap", "MPI_Allreduce", "a.c:4 (solve)")));
  EXPECT_TRUE(suppresses((*list)[1], located("in_place_mixed", "MPI_Allreduce", "b.c:7 (solve)")));
  EXPECT_FALSE(suppresses((*list)[1], located("in_place_mixed", "MPI_Allreduce", "b.c:8 (solve)")));
}

TEST(check_report, a_mistake_in_the_suppressions_names_its_line) {
  std::string why;
  EXPECT_FALSE(parse_suppressions("check=x\ncall=MPI_Reduce\n", &why));
  EXPECT_EQ(why, "line 2: no check= (every suppression names its check)");
  EXPECT_FALSE(parse_suppressions("check=x colour=red\n", &why));
  EXPECT_EQ(why, "line 1: unknown key 'colour' (expected check, call or caller)");
  EXPECT_FALSE(parse_suppressions("\n\ncheck=x check=y\n", &why));
  EXPECT_EQ(why, "line 3: 'check' given twice");
  EXPECT_FALSE(parse_suppressions("check\n", &why));
  EXPECT_EQ(why, "line 1: 'check' is not key=value");
}

TEST(check_report, generated_suppressions_read_back_suppress_every_finding) {
  run_report report;
  report.findings = {located("buffers_overlap", "MPI_Allreduce", "a.c:4 (main)"),
                     located("user_op_not_associative", "MPI_Reduce", "hand_sum in /app"),
                     located("racing_access", "MPI_Put", "unknown caller"),
                     located("in_place_mixed", "MPI_Allreduce", "solve(int, double) in /app")};
  std::string why;
  const auto list = parse_suppressions(suppressions_for(report.findings), &why);
  ASSERT_TRUE(list) << why << "\n" << suppressions_for(report.findings);
  apply_suppressions(report, *list);
  EXPECT_TRUE(report.findings.empty());
  EXPECT_EQ(report.suppressed.size(), 4u);
}

TEST(check_report, rma_epochs_without_watched_memory_make_a_clean_run_partial) {
  const run_records run = one_rank(
      R"({"ev":"rma_win","rank":0,"seq":1,"win":0,"call":"MPI_Win_create","win_rank":0,"win_size":1,"size":64,"disp_unit":8})"
      "\n");
  const run_report report = analyse_run(run, {});
  EXPECT_TRUE(report.findings.empty());
  EXPECT_EQ(verdict_of(report, 0), verdict::clean_partial);
  const auto& gaps = report.coverage.not_observed;
  EXPECT_TRUE(std::any_of(gaps.begin(), gaps.end(), [](const auto& g) {
    return g.text.find("loads and stores") != std::string::npos;
  })) << testing::PrintToString(gaps);
}

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

// The `watch` line as check/runtime/watch_rma.c writes it: believed, not a damaged record (the
// schema once wanted a `ranges` array the runtime never wrote, and a legal program's report
// listed each of its watch lines as damaged).
TEST(check_report, watched_windows_are_covered_and_unavailable_watching_says_why) {
  const std::string win =
      R"({"ev":"rma_win","rank":0,"seq":1,"win":0,"call":"MPI_Win_allocate","win_rank":0,"win_size":1,"size":64,"disp_unit":8})"
      "\n";
  const auto watched = record_coverage(
      one_rank(
          win +
          R"({"ev":"watch","rank":0,"seq":2,"win":0,"buffer":"window","mode":"fence","epoch":1,"bytes":64,"watches":"loads and stores"})"
          "\n"
          R"({"ev":"watch","rank":0,"seq":3,"win":0,"buffer":"window","mode":"fence","epoch":2,"bytes":64,"watches":"loads and stores"})"
          "\n"),
      1);
  EXPECT_TRUE(watched.not_observed.empty()) << testing::PrintToString(watched.not_observed);
  ASSERT_EQ(watched.watched.size(), 1u);
  EXPECT_EQ(watched.watched[0], "window (loads and stores): 2 range(s) armed, 128 byte(s) in all");
  const auto unavailable = record_coverage(
      one_rank(
          win +
          R"({"ev":"watch_unavailable","rank":0,"seq":2,"win":0,"buffer":"result","call":"MPI_Get","epoch":1,"reason":"on the call stack"})"
          "\n"),
      1);
  ASSERT_EQ(unavailable.not_observed.size(), 1u);
  EXPECT_NE(unavailable.not_observed[0].text.find("result memory not watched on 1 rank(s): on the call stack"),
            std::string::npos)
      << unavailable.not_observed[0].text;
  // A watch line without its fields is a damaged record, not coverage.
  const auto damaged = record_coverage(one_rank(win + R"({"ev":"watch","rank":0,"seq":2,"win":0})"
                                                      "\n"),
                                       1);
  EXPECT_TRUE(damaged.watched.empty());
  EXPECT_FALSE(damaged.not_observed.empty());
}

// The settings the check's policy made for the run (check/runtime/watch_policy.h) are named in
// the coverage, once for all ranks.
TEST(check_report, the_settings_the_check_made_for_the_run_are_named) {
  run_records run;
  for (int rank = 0; rank < 2; ++rank)
    run.ranks.push_back(parse_rank_records(
        rank, R"({"ev":"start","rank":)" + std::to_string(rank) +
                  R"(,"seq":0,"size":2,"built_for":"openmpi","library":"Open MPI","sample":8,)"
                  R"("watch_settings":{"OMPI_MCA_btl_vader_single_copy_mechanism":"none","OMPI_MCA_osc":"^ucx"}})"
                  "\n" +
                  finalize + "\n"));
  const auto c = record_coverage(run, 2);
  ASSERT_EQ(c.watched.size(), 1u) << testing::PrintToString(c.watched);
  EXPECT_NE(c.watched[0].find("by the check"), std::string::npos) << c.watched[0];
  EXPECT_NE(c.watched[0].find("OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_osc=^ucx"), std::string::npos)
      << c.watched[0];
  EXPECT_TRUE(record_coverage(one_rank(""), 1).watched.empty());
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
          20, R"(,"delay":{"ms":20,"completion":3,"exposure":1,"access":5,"access_again":4,"skipped":7,"budget_cut":2,)"
              R"("budget_ms":2000,"held_ms":260})"),
      1);
  ASSERT_FALSE(held.watched.empty());
  const std::string& said = held.watched.back();
  EXPECT_NE(said.find("delay injection on 1 rank(s)"), std::string::npos) << said;
  EXPECT_NE(said.find("--delay 20 ms): 3 hold(s) at calls completing a watched pending buffer, 1 at calls about to "
                      "disarm watched window memory, 5 at the program's accesses to watched window memory (4 more "
                      "while no pending buffer had come there), 260 ms held"),
            std::string::npos)
      << said;
  EXPECT_NE(said.find("7 not held by the schedule"), std::string::npos) << said;
  EXPECT_NE(said.find("2 cut by the budget of 2000 ms per rank"), std::string::npos) << said;
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

// `watch_sampled` (check/runtime/watch_sampling.c, watch_ranges.c): what the watcher arms on sampled
// calls only is said beside what it watched, and, like the reductions' sampling, is no gap.
TEST(check_report, watching_on_sampled_calls_is_said_and_keeps_the_run_clean) {
  const run_records run = one_rank(
      R"({"ev":"watch","rank":0,"seq":2,"win":0,"buffer":"window","mode":"passive","epoch":1,"bytes":64,"watches":"loads and stores"})"
      "\n"
      R"({"ev":"watch_sampled","rank":0,"seq":3,"win":0,"buffer":"buffers","call":"MPI_Accumulate"})"
      "\n"
      R"({"ev":"watch_sampled","rank":0,"seq":4,"buffer":"window"})"
      "\n");
  const run_report report = analyse_run(run, {});
  EXPECT_EQ(verdict_of(report, 0), verdict::clean) << testing::PrintToString(report.coverage.not_observed);
  const auto& watched = report.coverage.watched;
  ASSERT_EQ(watched.size(), 3u) << testing::PrintToString(watched);
  EXPECT_NE(watched[1].find("window pages shared with bytes no range watches"), std::string::npos) << watched[1];
  EXPECT_NE(watched[2].find("pending buffers of MPI_Accumulate: armed on sampled calls only"), std::string::npos)
      << watched[2];
  // ... saying exactly what was left unseen: the schedule per call site, and which accesses.
  EXPECT_NE(watched[2].find("of each call site (window and caller), then those at power-of-two indexes"),
            std::string::npos)
      << watched[2];
  EXPECT_NE(watched[2].find("loads and stores of the result buffers are not seen"), std::string::npos) << watched[2];
  EXPECT_NE(watched[2].find("origin and compare bytes outside window memory are compared"), std::string::npos)
      << watched[2];
  // Without its `buffer` it is a damaged record.
  const auto damaged = record_coverage(one_rank(R"({"ev":"watch_sampled","rank":0,"seq":1})"
                                                "\n"),
                                       1);
  EXPECT_FALSE(damaged.not_observed.empty());
}

// An origin (or compare) buffer in the rank's own window memory on a call not sampled is neither
// watched nor compared (check/runtime/watch_sampling.c): said with its call, never implied checked.
TEST(check_report, an_unsampled_origin_in_window_memory_is_said_not_checked) {
  const run_records run =
      one_rank(R"({"ev":"watch_sampled","rank":0,"seq":3,"win":0,"buffer":"buffers","call":"MPI_Put"})"
               "\n"
               R"({"ev":"watch_sampled","rank":0,"seq":4,"win":0,"buffer":"origin_in_window","call":"MPI_Put"})"
               "\n");
  const run_report report = analyse_run(run, {});
  EXPECT_EQ(verdict_of(report, 0), verdict::clean) << testing::PrintToString(report.coverage.not_observed);
  const auto& watched = report.coverage.watched;
  ASSERT_EQ(watched.size(), 2u) << testing::PrintToString(watched);
  EXPECT_NE(watched[0].find("pending buffers of MPI_Put: armed on sampled calls only"), std::string::npos)
      << watched[0];
  EXPECT_NE(watched[1].find("origin and compare buffers of MPI_Put in the rank's own window memory: on the calls "
                            "not sampled (--sample), neither watched nor compared at completion"),
            std::string::npos)
      << watched[1];
}

// Under --sample 0 no call is armed (rc_sampled): the coverage says so, not "the first 0 calls".
TEST(check_report, sample_zero_is_said_to_arm_no_call) {
  run_records run;
  std::string zero = start;
  zero.replace(zero.find("\"sample\":8"), 10, "\"sample\":0");
  run.ranks.push_back(
      parse_rank_records(0, zero + "\n" +
                                R"({"ev":"watch_sampled","rank":0,"seq":3,"win":0,"buffer":"buffers","call":"MPI_Get"})"
                                "\n" +
                                finalize + "\n"));
  const auto& watched = analyse_run(run, {}).coverage.watched;
  ASSERT_EQ(watched.size(), 1u) << testing::PrintToString(watched);
  EXPECT_NE(watched[0].find("pending buffers of MPI_Get: armed on no call (--sample)"), std::string::npos)
      << watched[0];
  EXPECT_EQ(watched[0].find("the first 0"), std::string::npos) << watched[0];
}

TEST(check_report, a_note_makes_a_clean_run_partial_and_is_said_once_per_kind) {
  const run_records run = one_rank(
      R"({"ev":"note","rank":0,"seq":1,"what":"user_op_not_evaluated","call":"MPI_Allreduce","message":"the user op could not be evaluated outside the program: it called exit"})"
      "\n"
      R"({"ev":"note","rank":0,"seq":2,"what":"user_op_not_evaluated","call":"MPI_Allreduce","message":"the user op could not be evaluated outside the program: it called exit"})"
      "\n");
  const run_report report = analyse_run(run, {});
  EXPECT_TRUE(report.findings.empty());
  EXPECT_EQ(verdict_of(report, 0), verdict::clean_partial);
  ASSERT_EQ(report.coverage.not_observed.size(), 1u) << testing::PrintToString(report.coverage.not_observed);
  const coverage_note& note = report.coverage.not_observed[0];
  EXPECT_EQ(note.count, 2u);
  EXPECT_EQ(note_line(note),
            "user_op_not_evaluated on MPI_Allreduce (2 call(s): the user op could not be evaluated outside the "
            "program: it called exit)");
}

TEST(check_report, calls_forwarded_unchecked_are_said) {
  const auto c = record_coverage(
      one_rank(R"({"ev":"not_checked","rank":0,"seq":1,"call":"MPI_Allreduce","reason":"an intercommunicator"})"
               "\n"),
      1);
  ASSERT_EQ(c.not_observed.size(), 1u);
  EXPECT_EQ(c.not_observed[0].text, "MPI_Allreduce: an intercommunicator (on 1 rank(s)): forwarded unchecked");
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

TEST(check_report, a_pure_reduction_run_observed_whole_is_plain_clean) {
  const run_report report = analyse_run(read_run_records(fixtures + "/exact"), {});
  EXPECT_TRUE(report.coverage.not_observed.empty());
  EXPECT_EQ(verdict_of(report, 0), verdict::clean);
}

// Each rank's host comes from its start line (absent in records of older runs).
TEST(check_report, each_rank_says_the_host_its_start_line_names) {
  run_records run;
  for (const auto& [rank, host] : {std::pair{0, "nodeA"}, std::pair{1, "nodeB"}})
    run.ranks.push_back(parse_rank_records(
        rank, R"({"ev":"start","rank":)" + std::to_string(rank) +
                  R"(,"seq":0,"size":2,"built_for":"mpich","library":"MPICH","host":")" + host + "\"}\n"));
  run.ranks.push_back(parse_rank_records(2, start + "\n"));
  const run_report report = analyse_run(run, {});
  ASSERT_EQ(report.ranks.size(), 3u);
  EXPECT_EQ(report.ranks[0].host, "nodeA");
  EXPECT_EQ(report.ranks[1].host, "nodeB");
  EXPECT_EQ(report.ranks[2].host, "");
}

// A rank whose records never reached the launcher (it fell back to its own node's file) is said,
// with where to look.
TEST(check_report, a_rank_without_records_here_is_said_with_where_they_may_be) {
  run_records run;
  run.ranks.push_back(parse_rank_records(
      0, R"({"ev":"start","rank":0,"seq":0,"size":2,"built_for":"mpich","library":"MPICH","sample":8})"
         "\n"));
  const auto c = record_coverage(run, 2);
  ASSERT_EQ(std::count_if(c.not_observed.begin(), c.not_observed.end(),
                          [](const coverage_note& n) {
                            return n.text.find("rank 1 left no record here") == 0 &&
                                   n.text.find("wrote its file on its own node") != std::string::npos;
                          }),
            1);
}

}  // namespace
}  // namespace redsem::check
