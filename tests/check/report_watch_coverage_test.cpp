// SPDX-License-Identifier: BSD-3-Clause
// What a checked run's report says the local-access watcher covered (issue 30, items 1 and 6):
// the memory watched, the settings made for it, sampling, and what could not be watched and why.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/check/report_records.h"

namespace redsem::check {
namespace {

using test::finalize;
using test::one_rank;
using test::start;

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

}  // namespace
}  // namespace redsem::check
