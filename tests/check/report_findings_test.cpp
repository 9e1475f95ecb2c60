// SPDX-License-Identifier: BSD-3-Clause
// What a checked run's report makes of its findings (issue 30, item 7): each finding's severity,
// the verdict the findings make, and the suppressions a user accepts.
#include <gtest/gtest.h>

#include <string>

#include "check/analysis/suppressions.h"
#include "tests/check/report_records.h"

namespace redsem::check {
namespace {

using test::located;

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

}  // namespace
}  // namespace redsem::check
