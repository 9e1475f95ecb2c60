// SPDX-License-Identifier: BSD-3-Clause
// The post-run float-order analysis on recorded reductions: a sum whose result depends on the
// evaluation order is a finding with its evidence; one exact in every order is none.
#include "check/analysis/float_order.h"

#include <gtest/gtest.h>

#include "check/analysis/records.h"

namespace redsem::check {
namespace {

const std::string fixtures = REDSEM_CHECK_FIXTURES;

TEST(check_float_order, a_sum_of_doubles_that_depends_on_the_order_is_a_finding) {
  const analysis_outcome o = float_order_findings(read_run_records(fixtures + "/order_dependent"), {});
  ASSERT_EQ(o.findings.size(), 1u);
  const finding& f = o.findings[0];
  EXPECT_EQ(f.check, "order_dependent_result");
  EXPECT_EQ(f.call, "MPI_Allreduce");
  EXPECT_EQ(f.rule, "MPI-4.1 §7.9.1");
  EXPECT_EQ(f.evidence["element"], 0);  // element 1 (0.5 + 0.25 + 1 + 2) is exact in every order
  EXPECT_EQ(f.evidence["contributions"].size(), 4u);
  EXPECT_GT(f.evidence["spread_ulps"].get<std::uint64_t>(), 0u);
  EXPECT_NE(f.evidence["smallest"], f.evidence["largest"]);
  EXPECT_NE(f.evidence["trees"]["smallest"], f.evidence["trees"]["largest"]);
  EXPECT_TRUE(f.evidence.contains("library_result"));
  EXPECT_EQ(f.evidence["elements_over_tolerance"], 1);
  EXPECT_TRUE(o.notes.empty());
}

// What the HTML report draws: numbers beside the text, the trees as shapes that read back to the
// trees the text names, every legal result with its weight (4 ranks: 5!! = 15 trees, 120 orders).
TEST(check_float_order, the_evidence_holds_numbers_trees_and_every_legal_result) {
  const analysis_outcome o = float_order_findings(read_run_records(fixtures + "/order_dependent"), {});
  ASSERT_EQ(o.findings.size(), 1u);
  const auto& e = o.findings[0].evidence;
  EXPECT_EQ(e["op"], "MPI_SUM");
  EXPECT_EQ(e["type"], "MPI_DOUBLE");
  EXPECT_TRUE(e["smallest"]["value"].is_number());
  EXPECT_TRUE(e["smallest"]["display"].is_string());
  EXPECT_LT(e["smallest"]["value"].get<double>(), e["largest"]["value"].get<double>());
  for (const char* end : {"smallest", "largest"}) {
    const auto t = tree_from_shape(e["tree_shapes"][end]);
    ASSERT_TRUE(t) << end;
    EXPECT_EQ(sim::to_string(t), e["trees"][end]) << end;
  }
  const auto& list = e["results"]["list"];
  EXPECT_EQ(list.size(), e["distinct_results"].get<std::size_t>());
  double total = 0;
  for (const auto& r : list) total += r["weight"].get<double>();
  EXPECT_EQ(total, e["results"]["unit"] == "trees" ? 15.0 : 120.0);
}

TEST(check_float_order, a_tree_shape_that_is_not_one_reads_back_as_none) {
  EXPECT_FALSE(tree_from_shape(nlohmann::json::parse("[0]")));
  EXPECT_FALSE(tree_from_shape(nlohmann::json::parse("[0, -1]")));
  EXPECT_FALSE(tree_from_shape(nlohmann::json::parse("\"0\"")));
  EXPECT_FALSE(tree_from_shape(nlohmann::json::parse("[[[0, 1], 2], 3]"), 2));
  EXPECT_TRUE(tree_from_shape(nlohmann::json::parse("[[[0, 1], 2], 3]")));
}

TEST(check_float_order, a_tolerance_wider_than_the_spread_silences_it) {
  const analysis_outcome o =
      float_order_findings(read_run_records(fixtures + "/order_dependent"), {.tolerance_ulps = UINT64_MAX});
  EXPECT_TRUE(o.findings.empty());
}

TEST(check_float_order, exactly_representable_sums_are_no_finding) {
  EXPECT_TRUE(float_order_findings(read_run_records(fixtures + "/exact"), {}).findings.empty());
}

TEST(check_float_order, a_bounded_search_says_what_it_left_out) {
  const analysis_outcome o =
      float_order_findings(read_run_records(fixtures + "/order_dependent"), {}, {.max_elements = 1, .max_procs = 3});
  EXPECT_TRUE(o.findings.empty());  // 4 ranks: not searched
  ASSERT_EQ(o.notes.size(), 1u);
  EXPECT_NE(o.notes[0].text.find("more than 3 ranks"), std::string::npos);
}

TEST(check_float_order, a_spent_budget_skips_the_rest_and_says_so) {
  const analysis_outcome o =
      float_order_findings(read_run_records(fixtures + "/order_dependent"), {}, {.max_total_combinations = 0});
  EXPECT_TRUE(o.findings.empty());
  ASSERT_EQ(o.notes.size(), 1u);
  EXPECT_NE(o.notes[0].text.find("had spent its 0 op applications"), std::string::npos);
}

}  // namespace
}  // namespace redsem::check
