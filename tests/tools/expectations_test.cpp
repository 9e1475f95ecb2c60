// SPDX-License-Identifier: BSD-3-Clause
// The comparison of a section's verdicts with the catalogue's record names every difference.
#include <gtest/gtest.h>

#include "tools/verify/expectations.h"

namespace redsem::tools {
namespace {

const verdict_map record{{"MPI_SUM MPI_FLOAT associativity", "refuted"}, {"MPI_SUM MPI_INT associativity", "proved"}};

TEST(VerifyExpectations, IdenticalVerdictsAgree) {
  EXPECT_TRUE(compare_verdicts("laws", record, record, false).empty());
}

TEST(VerifyExpectations, ADifferentVerdictIsNamedWithBothValues) {
  verdict_map actual = record;
  actual["MPI_SUM MPI_INT associativity"] = "unknown";
  const auto m = compare_verdicts("laws", record, actual, false);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0], "laws: MPI_SUM MPI_INT associativity: expected proved, got unknown");
}

TEST(VerifyExpectations, AnUnrecordedVerdictIsAMismatch) {
  verdict_map actual = record;
  actual["MPI_PROD MPI_INT associativity"] = "proved";
  const auto m = compare_verdicts("laws", record, actual, false);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_NE(m[0].find("no recorded expectation"), std::string::npos);
}

TEST(VerifyExpectations, AMissingVerdictIsAMismatchExceptInAQuickRun) {
  const verdict_map actual{{"MPI_SUM MPI_INT associativity", "proved"}};
  EXPECT_EQ(compare_verdicts("laws", record, actual, false).size(), 1u);
  EXPECT_TRUE(compare_verdicts("laws", record, actual, true).empty());
}

TEST(VerifyExpectations, TheCompiledInRecordParses) {
  EXPECT_NO_THROW(recorded_expectations("laws"));
}

}  // namespace
}  // namespace redsem::tools
