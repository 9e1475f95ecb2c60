// SPDX-License-Identifier: BSD-3-Clause
// The derived layouts of `redsem fuzz --mpi`: each one parses for every predefined type, has
// bytes outside its typemap, and its shift to the lower bound keeps the typemap's shape; and,
// against the fake helper, a library that writes a gap is "wrote_gap" while one that reduces
// each basic element passes, and a refusal is as MPI allows only under derived=strict.
#include <gtest/gtest.h>

#include <algorithm>

#include "props/fuzz/derived_layouts.h"
#include "props/fuzz/mpi_campaign.h"

namespace redsem::fuzz {
namespace {

TEST(DerivedLayouts, EveryLayoutOfEveryTypeHasGapsAndStartsAtItsLowerBound) {
  for (derived_layout l : all_derived_layouts())
    for (std::size_t t = 0; t < basic_type_count; ++t) {
      const auto type = static_cast<basic_type>(t);
      SCOPED_TRACE(layout_description(l, type));
      const datatype d = layout_datatype(l, type);
      const datatype shifted = from_lower_bound(d);
      EXPECT_EQ(shifted.lb(), 0);
      EXPECT_EQ(shifted.extent(), d.extent());
      ASSERT_EQ(shifted.entries().size(), d.entries().size());
      for (std::size_t i = 0; i < d.entries().size(); ++i)
        EXPECT_EQ(shifted.entries()[i].disp, d.entries()[i].disp - d.lb());
      const auto covered = covered_bytes(shifted);
      EXPECT_TRUE(std::find(covered.begin(), covered.end(), false) != covered.end()) << "no gap";
      EXPECT_EQ(covered, covered_bytes(d));
    }
}

TEST(DerivedLayouts, NegativeLowerBoundLeavesTheBytesBelowTheElementUncovered) {
  const datatype d = layout_datatype(derived_layout::negative_lb, basic_type::int_);
  EXPECT_EQ(d.lb(), -8);
  EXPECT_EQ(d.extent(), 20);
  const auto covered = covered_bytes(d);
  for (std::size_t b = 0; b < covered.size(); ++b) EXPECT_EQ(covered[b], b >= 8 && b < 16) << "byte " << b;
}

TEST(DerivedLayouts, UnknownNamesAreRefused) {
  EXPECT_EQ(parse_derived_layout("nested"), derived_layout::nested);
  EXPECT_FALSE(parse_derived_layout("darray").has_value());
}

std::vector<mpi_pair_result> layout_rows(op_id op, const policy& semantics = {}) {
  mpi_helper helper(REDSEM_FAKE_MPI_HELPER);
  mpi_campaign_options o;
  o.semantics = semantics;
  o.only_op = op;
  o.only_type = basic_type::int_;
  o.layouts = all_derived_layouts();
  o.per_layout.cases = 60;
  o.per_layout.limits.max_length = 40;
  auto report = run_mpi_campaign(helper, "fake", o, nullptr);
  EXPECT_EQ(report.rows.size(), 1 + all_derived_layouts().size());
  std::erase_if(report.rows, [](const auto& row) { return !row.layout; });
  return report.rows;
}

TEST(DerivedLayouts, AReductionOnEachBasicElementPassesEveryLayout) {
  for (const auto& row : layout_rows(op_id::band)) {
    SCOPED_TRACE(row_name(row));
    EXPECT_EQ(row.verdict, mpi_pair_verdict::pass);
    EXPECT_GT(row.elements_compared, 0);
  }
}

TEST(DerivedLayouts, AWriteIntoAGapIsWroteGapWhereTheLayoutHasOneBetweenEntries) {
  for (const auto& row : layout_rows(op_id::bxor)) {
    SCOPED_TRACE(row_name(row));
    if (*row.layout == derived_layout::negative_lb) {
      // Its entries are contiguous: the span the fake runs over is the typemap.
      EXPECT_EQ(row.verdict, mpi_pair_verdict::pass);
      continue;
    }
    ASSERT_TRUE(row.found.has_value());
    EXPECT_EQ(row_verdict(row), "wrote_gap");
    EXPECT_TRUE(is_finding(row.verdict));
    EXPECT_EQ(row.found->minimal.count, 1);
    EXPECT_FALSE(row.right_under.has_value()) << "no policy explains a gap write";
  }
}

TEST(DerivedLayouts, ARefusalIsAsMpiAllowsOnlyUnderStrict) {
  for (const auto& row : layout_rows(op_id::sum)) {
    EXPECT_EQ(row.verdict, mpi_pair_verdict::refused);
    EXPECT_FALSE(row.legal) << "erroneous under derived=strict (MPI-4.1 §7.9.2)";
  }
  policy lenient;
  lenient.derived = derived_rule::lenient;
  for (const auto& row : layout_rows(op_id::sum, lenient)) {
    EXPECT_EQ(row.verdict, mpi_pair_verdict::refused_legal);
    EXPECT_TRUE(row.legal);
    EXPECT_TRUE(is_finding(row.verdict));
  }
}

}  // namespace
}  // namespace redsem::fuzz
