// SPDX-License-Identifier: BSD-3-Clause
// The probe's verdicts on hand-written traces: each rule of MPI-4.1 it checks, broken once.
#include <gtest/gtest.h>

#include "probe/check.h"

namespace redsem::probe {
namespace {

case_trace completed(collective which, bool commute, std::vector<result_run> runs, bool in_place = false) {
  case_trace c;
  c.which = which;
  c.commute = commute;
  c.in_place = in_place;
  c.count = 1;
  c.completed = true;
  c.runs = std::move(runs);
  return c;
}

result_run run(int rank, std::string tree, bool indices_ok = true) { return {rank, 0, 1, indices_ok, std::move(tree)}; }

std::string rules(const case_verdict& v) {
  std::string s;
  for (const auto& x : v.violations) s += x.rule + "\n";
  return s;
}

TEST(probe_check, a_conforming_trace_has_no_violation) {
  const auto v = check_case(completed(collective::scan, false, {run(0, "0"), run(1, "(01)"), run(2, "((01)2)")}), 3);
  EXPECT_TRUE(v.violations.empty()) << rules(v);
  EXPECT_EQ(v.shapes.size(), 3U);
}

TEST(probe_check, a_non_commutative_op_keeps_rank_order) {
  const auto c = completed(collective::reduce, false, {run(0, "((10)2)")});
  EXPECT_NE(rules(check_case(c, 3)).find("keeps rank order"), std::string::npos);
  auto commuting = c;
  commuting.commute = true;
  EXPECT_TRUE(check_case(commuting, 3).violations.empty());
}

TEST(probe_check, every_contribution_enters_exactly_once) {
  EXPECT_NE(rules(check_case(completed(collective::reduce, true, {run(0, "((01)1)")}), 3)).find("exactly once"),
            std::string::npos);
  EXPECT_NE(rules(check_case(completed(collective::exscan, false, {run(2, "((01)2)")}), 3)).find("exactly once"),
            std::string::npos);
}

TEST(probe_check, allreduce_results_are_identical_on_every_rank) {
  const auto differ = completed(collective::allreduce, false, {run(0, "((01)2)"), run(1, "(0(12))")});
  EXPECT_NE(rules(check_case(differ, 3)).find("identical"), std::string::npos);
  const auto swapped = completed(collective::allreduce, true, {run(0, "((01)2)"), run(1, "(2(10))")});
  const auto v = check_case(swapped, 3);
  EXPECT_TRUE(v.violations.empty()) << rules(v);
  EXPECT_EQ(v.notes.size(), 1U);
  auto swapped_non_commutative = swapped;
  swapped_non_commutative.commute = false;
  EXPECT_FALSE(check_case(swapped_non_commutative, 3).violations.empty());
}

TEST(probe_check, exscan_rank0_in_place_is_left_alone_and_rank1_gets_rank0s_value) {
  EXPECT_TRUE(check_case(completed(collective::exscan, false, {run(0, "#"), run(1, "0")}), 2).violations.empty());
  EXPECT_TRUE(check_case(completed(collective::exscan, false, {run(0, "0"), run(1, "0")}, true), 2).violations.empty());
  EXPECT_FALSE(check_case(completed(collective::exscan, false, {run(0, "#")}, true), 2).violations.empty());
  EXPECT_FALSE(check_case(completed(collective::exscan, false, {run(1, "(00)")}), 2).violations.empty());
}

TEST(probe_check, wrong_elements_and_garbage_are_violations) {
  EXPECT_FALSE(check_case(completed(collective::reduce_scatter_block, false, {run(1, "(01)", false)}), 2).violations.empty());
  EXPECT_FALSE(check_case(completed(collective::allreduce, false, {run(1, "#")}), 2).violations.empty());
  case_trace crashed;
  crashed.crash = "Segmentation fault";
  EXPECT_NE(rules(check_case(crashed, 2)).find("completes"), std::string::npos);
}

}  // namespace
}  // namespace redsem::probe
