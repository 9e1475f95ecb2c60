// SPDX-License-Identifier: BSD-3-Clause
// MPI_Reduce_local's argument surface: the model's verdict on each case, and how a helper's
// answer is classified (no MPI needed: the answers are the helper's lines).
#include <gtest/gtest.h>

#include <csignal>

#include "props/fuzz/mpi_surface.h"

namespace redsem::fuzz {
namespace {

surface_case find_case(std::string_view name) {
  for (const auto& c : surface_cases())
    if (c.name == name) return c;
  ADD_FAILURE() << "no case " << name;
  return {};
}

TEST(MpiSurface, TheModelDecidesTheBufferAndOpCases) {
  for (auto legal : {"plain", "count_zero_null_buffers", "large_count_c"}) EXPECT_FALSE(find_case(legal).erroneous) << legal;
  for (auto bad : {"same_buffer", "overlap_one_element", "overlap_one_byte", "in_place_inbuf", "in_place_inoutbuf",
                   "in_place_both", "negative_count", "negative_count_c", "op_replace", "op_no_op"}) {
    const auto c = find_case(bad);
    EXPECT_TRUE(c.erroneous) << bad;
    EXPECT_NE(c.rule.find("MPI-4.1 §"), std::string::npos) << bad << ": " << c.rule;
  }
  EXPECT_NE(find_case("overlap_one_byte").rule.find("must not share bytes"), std::string::npos);
  EXPECT_NE(find_case("in_place_both").rule.find("MPI_IN_PLACE"), std::string::npos);
  EXPECT_FALSE(find_case("reduce_in_place").erroneous);
  EXPECT_TRUE(find_case("allreduce_same_buffer").erroneous);
}

TEST(MpiSurface, EachAnswerIsClassified) {
  const auto legal = find_case("plain"), bad = find_case("negative_count");
  EXPECT_EQ(classify_surface(legal, "ok -\n", 0, 0).verdict, surface_verdict::accepted);
  EXPECT_EQ(classify_surface(bad, "ok -\n", 0, 0).verdict, surface_verdict::accepted_erroneous);
  const auto refused = classify_surface(bad, "error MPI_ERR_COUNT - invalid count argument\n", 0, 0);
  EXPECT_EQ(refused.verdict, surface_verdict::refused);
  EXPECT_EQ(refused.error_class, "MPI_ERR_COUNT");
  EXPECT_EQ(refused.detail, "invalid count argument");
  EXPECT_EQ(classify_surface(legal, "error MPI_ERR_OP - no\n", 0, 0).verdict, surface_verdict::refused_legal);
  EXPECT_EQ(classify_surface(bad, "", -1, SIGSEGV).verdict, surface_verdict::crashed);
  EXPECT_EQ(classify_surface(bad, "", 1, 0).verdict, surface_verdict::aborted);
  EXPECT_EQ(classify_surface(legal, "ok inbuf_modified\n", 0, 0).verdict, surface_verdict::modified_inbuf);
  EXPECT_EQ(classify_surface(bad, "error MPI_ERR_COUNT wrote_outside x\n", 0, 0).verdict,
            surface_verdict::wrote_outside);
  const auto wrong = classify_surface(find_case("large_count_c"), "ok wrong_result element 2147483647 is 0x5c, want 0x50\n", 0, 0);
  EXPECT_EQ(wrong.verdict, surface_verdict::wrong_result);
  EXPECT_EQ(wrong.detail, "element 2147483647 is 0x5c, want 0x50");
  EXPECT_TRUE(is_finding(surface_verdict::wrong_result));
  const auto lacking = classify_surface(find_case("negative_count_c"), "unsupported MPI_Reduce_local_c\n", 0, 0);
  EXPECT_EQ(lacking.verdict, surface_verdict::unsupported);
  EXPECT_EQ(lacking.detail, "MPI_Reduce_local_c");
  EXPECT_FALSE(is_finding(surface_verdict::unsupported));
  EXPECT_FALSE(is_finding(surface_verdict::refused));
  EXPECT_TRUE(is_finding(surface_verdict::accepted_erroneous));
}

TEST(MpiSurface, EveryClassificationFiresThroughAWrongFakeLibrary) {
  const auto rows = run_surface(REDSEM_FAKE_SURFACE_HELPER, 2);
  ASSERT_EQ(rows.size(), surface_cases().size());
  const auto verdict_of = [&](std::string_view name) {
    for (const auto& r : rows)
      if (r.which.name == name) return r.verdict;
    ADD_FAILURE() << "no row " << name;
    return surface_verdict::accepted;
  };
  EXPECT_EQ(verdict_of("plain"), surface_verdict::refused_legal);
  EXPECT_EQ(verdict_of("same_buffer"), surface_verdict::wrote_outside);
  EXPECT_EQ(verdict_of("overlap_one_element"), surface_verdict::modified_inbuf);
  EXPECT_EQ(verdict_of("in_place_inbuf"), surface_verdict::aborted);
  EXPECT_EQ(verdict_of("negative_count"), surface_verdict::crashed);
  EXPECT_EQ(verdict_of("op_null"), surface_verdict::hung);
  EXPECT_EQ(verdict_of("op_replace"), surface_verdict::accepted_erroneous);
  EXPECT_EQ(verdict_of("op_no_op"), surface_verdict::refused);
  EXPECT_EQ(verdict_of("count_zero_null_buffers"), surface_verdict::refused_legal);
  EXPECT_EQ(verdict_of("large_count_c"), surface_verdict::wrong_result);
}

}  // namespace
}  // namespace redsem::fuzz
