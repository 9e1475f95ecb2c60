// SPDX-License-Identifier: BSD-3-Clause
// What else a checked run's report says it covered (issue 30, item 6): notes, calls forwarded
// unchecked, each rank's host and records; a run observed whole is plain clean.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>

#include "tests/check/report_records.h"

namespace redsem::check {
namespace {

using test::one_rank;
using test::start;

const std::string fixtures = REDSEM_CHECK_FIXTURES;

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
