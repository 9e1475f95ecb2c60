// SPDX-License-Identifier: BSD-3-Clause
// The scenario reader's limits: every size, count, displacement and rank is checked, with
// checked arithmetic, before anything of that size is allocated or iterated (issue 25).
#include <gtest/gtest.h>

#include "model/rma/accumulate.h"
#include "sim/rma/scenario.h"
#include "sim/rma/scenario_values.h"

namespace redsem::sim::rma {
namespace {

std::string error_of(const std::string& text) {
  std::string error;
  EXPECT_FALSE(parse_scenario(text, "s.rma", &error).has_value()) << text;
  return error;
}

std::string type_error(const std::string& text) {
  std::string error;
  EXPECT_FALSE(parse_datatype(text, &error).has_value()) << text;
  return error;
}

// Built in linear time: a prefix-prepending loop copies the string once per level, minutes
// under ThreadSanitizer at 60000 levels.
std::string nested(int depth) {
  std::string t;
  for (int i = 0; i < depth; ++i) t += "contiguous(1,";
  return t + "int" + std::string(static_cast<std::size_t>(depth), ')');
}

TEST(RmaScenarioLimits, DatatypeCountsAreNonNegativeAndSmall) {
  EXPECT_EQ(type_error("contiguous(-1,int)"), "contiguous(-1,int): counts must be between 0 and 16384");
  EXPECT_EQ(type_error("vector(2,-3,1,int)"), "vector(2,-3,1,int): counts must be between 0 and 16384");
  EXPECT_EQ(type_error("indexed(1:-1,0:4,int)").rfind("indexed: block lengths must be between 0", 0), 0u);
  EXPECT_EQ(type_error("contiguous(1000,contiguous(1000,int))"), "contiguous(1000,contiguous(1000,int)) has more than 16384 basic elements");
  EXPECT_EQ(type_error("contiguous(1000000000000,contiguous(0,int))"),
            "contiguous(1000000000000,contiguous(0,int)): counts must be between 0 and 16384")
      << "an empty type repeated is still iterated";
  std::string error;
  EXPECT_TRUE(parse_datatype("contiguous(16384,int)", &error).has_value()) << error;
}

TEST(RmaScenarioLimits, DatatypeByteReachIsBoundedAndOverflowFree) {
  EXPECT_EQ(type_error("hvector(2,1,9223372036854775807,int)"),
            "hvector(2,1,9223372036854775807,int): the stride reaches beyond ±1099511627776 bytes");
  EXPECT_EQ(type_error("vector(2,1,4611686018427387904,int)"),
            "vector(2,1,4611686018427387904,int): the stride reaches beyond ±1099511627776 bytes")
      << "stride × extent overflows 64 bits";
  EXPECT_EQ(type_error("resized(int,-9223372036854775807,9223372036854775807)"),
            "resized: lb and extent must be within ±1099511627776 bytes");
  EXPECT_EQ(type_error("indexed(1,4611686018427387904,int)"), "indexed: displacement 4611686018427387904 reaches beyond ±1099511627776 bytes");
  // Each step is within reach, the result is not: refused after construction, before the next.
  EXPECT_NE(type_error("hvector(16384,1,1099511627776,int)").find("beyond ±1099511627776 bytes"), std::string::npos);
}

TEST(RmaScenarioLimits, DatatypeNestingIsBoundedBeforeRecursion) {
  std::string error;
  EXPECT_TRUE(parse_datatype(nested(64), &error).has_value()) << error;
  EXPECT_EQ(type_error(nested(65)), "datatype nests more than 64 constructors deep");
  EXPECT_EQ(type_error(nested(60000)), "datatype nests more than 64 constructors deep");
}

TEST(RmaScenarioLimits, SizesAndRanksAreCheckedBeforeAllocation) {
  EXPECT_EQ(error_of("window 100000000000\n"), "s.rma:1: window BYTES needs 1 to 65536 bytes and a positive disp_unit");
  EXPECT_EQ(error_of("window 8\nrank 2000000000: get type=int\n"), "s.rma:2: rank 2000000000 is beyond the limit of 1024 ranks");
  EXPECT_EQ(error_of("window 8\nranks 0\n"), "s.rma:2: ranks needs an integer from 1 to 1024");
  EXPECT_EQ(error_of("window 8\nrank -5: put type=int origin=1\n").rfind("s.rma:2: '-5' is not a rank", 0), 0u);
  EXPECT_EQ(error_of("window 8\nranks 2\nrank 7: get type=int\n"), "s.rma:3: rank 7 is beyond 'ranks 2'");
  EXPECT_EQ(error_of("window 8\nranks 2\ntarget 5\n"), "s.rma:3: target 5 is beyond 'ranks 2'");
  EXPECT_EQ(error_of("window 8\ninit int 1 at=9223372036854775800\n"), "s.rma:2: init writes outside the 8-byte window");
  EXPECT_EQ(error_of("window 16\nrank 0: get type=resized(int,0,0) count=100000000\n"),
            "s.rma:2: the calls move more than 16384 basic elements in all (count=100000000 × resized(MPI_INT, 0, 0))");
  EXPECT_EQ(error_of(std::string(std::size_t{1} << 20, '#') + "\n"), "s.rma: larger than 1048576 bytes");
}

TEST(RmaScenarioLimits, OverflowingTargetOffsetsAreErroneousNotWrapped) {
  std::string error;
  const auto s = parse_scenario(
      "window 64 disp_unit=4611686018427387904\n"
      "rank 0: accumulate op=sum type=int disp=4 origin=1\n"
      "rank 1: put type=int disp=4 origin=1\n",
      "s.rma", &error);
  ASSERT_TRUE(s.has_value()) << error;
  EXPECT_TRUE(s->program.accesses.empty()) << "disp × disp_unit = 2^64 must not land at offset 0";
  ASSERT_EQ(s->rejected.size(), 2u);
  for (const auto& r : s->rejected) EXPECT_EQ(r.outcome.broken_rule(), redsem::rma::rma_rule::target_outside_window);
}

TEST(RmaScenarioLimits, TargetBoundsSpanEveryElement) {
  redsem::rma::window_geometry w;
  w.bytes = 16;
  const auto ok = [&](std::int64_t disp, std::int64_t count, const datatype& t) {
    return redsem::rma::check_target_bounds(w, {0, disp, count, t}).is_done();
  };
  const auto i = datatype::predefined(basic_type::int_);
  EXPECT_TRUE(ok(0, 4, i));
  EXPECT_FALSE(ok(1, 4, i));
  EXPECT_FALSE(ok(0, 5, i));
  EXPECT_TRUE(ok(0, 1000000, datatype::resized(i, 0, 0))) << "every copy at byte 0";
  EXPECT_FALSE(ok(0, 2, datatype::resized(i, 0, -4))) << "the second copy starts before the window";
  EXPECT_FALSE(ok(2, std::int64_t{1} << 62, i));
  EXPECT_FALSE(ok(std::int64_t{1} << 62, 1, i));
  EXPECT_EQ(redsem::rma::check_target_bounds(w, {0, -1, 1, i}).broken_rule(), redsem::rma::rma_rule::negative_displacement);
  EXPECT_EQ(redsem::rma::check_target_bounds(w, {0, 0, -1, i}).broken_rule(), redsem::rma::rma_rule::negative_count);
}

}  // namespace
}  // namespace redsem::sim::rma
