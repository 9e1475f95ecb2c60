// Scenario files: what they build, and the file:line errors they give.
#include <gtest/gtest.h>

#include "sim/rma/scenario.h"

namespace redsem::sim::rma {
namespace {

std::string error_of(const std::string& text) {
  std::string error;
  EXPECT_FALSE(parse_scenario(text, "s.rma", &error).has_value());
  return error;
}

TEST(RmaScenario, BuildsAccessesFromCallsWithDerivedDatatypes) {
  std::string error;
  const auto s = parse_scenario(
      "window 32 disp_unit=4\ninit int 1 2 3 4 5 6 7 8\n"
      "rank 2: accumulate op=sum type=vector(2,1,3,int) disp=1 origin=10,20  # elements 1 and 4\n"
      "local: load type=int disp=4\n",
      "s.rma", &error);
  ASSERT_TRUE(s.has_value()) << error;
  EXPECT_EQ(s->ranks, 3);
  ASSERT_EQ(s->program.accesses.size(), 2u);
  const auto& a = s->program.accesses[0];
  ASSERT_EQ(a.elements.size(), 2u);
  EXPECT_EQ(a.elements[0].offset, 4);
  EXPECT_EQ(a.elements[1].offset, 16);
  EXPECT_EQ(s->access_lines, (std::vector<int>{3, 4}));
  EXPECT_EQ(s->program.accesses[1].kind, redsem::rma::access_kind::local_load);
}

TEST(RmaScenario, ErroneousCallsAreKeptAsRejectedNotExplored) {
  std::string error;
  const auto s = parse_scenario("window 8\nrank 0: compare_and_swap type=double disp=0 origin=1 compare=0\n", "s.rma", &error);
  ASSERT_TRUE(s.has_value()) << error;
  EXPECT_TRUE(s->program.accesses.empty());
  ASSERT_EQ(s->rejected.size(), 1u);
  EXPECT_EQ(s->rejected[0].line, 2);
  EXPECT_EQ(s->rejected[0].outcome.broken_rule(), redsem::rma::rma_rule::cas_type_not_allowed);
}

TEST(RmaScenario, BadInputNamesFileAndLine) {
  EXPECT_EQ(error_of("init int 1\n"), "s.rma:1: the scenario needs a 'window BYTES' line");
  EXPECT_EQ(error_of("window 8\n\nfrobnicate\n"), "s.rma:3: unknown directive 'frobnicate'");
  EXPECT_EQ(error_of("window 8\nrank 0: accumulate op=sum type=int origin=x\n"), "s.rma:2: origin: 'x' is not a valid int32 (decimal digits, or 0x and hex digits)");
  EXPECT_EQ(error_of("window 8\nrank 0: accumulate op=summ type=int origin=1\n"), "s.rma:2: unknown op 'summ'");
  EXPECT_EQ(error_of("window 8\ninfo accumulate_ops=any\n"), "s.rma:2: accumulate_ops: 'any' is not same_op_no_op or same_op");
  EXPECT_EQ(error_of("window 8\nrank 0: put type=int count=2 origin=1\n"),
            "s.rma:2: origin= needs one value per target element (2)");
  EXPECT_EQ(error_of("window 8\nexpect finding nonsense\n"), "s.rma:2: unknown name 'nonsense' in expect");
  EXPECT_EQ(error_of("window 8\nrank 0: accumulate op=sum type=vector(2,int) origin=1\n").rfind("s.rma:2: bad datatype", 0), 0u);
}

}  // namespace
}  // namespace redsem::sim::rma
