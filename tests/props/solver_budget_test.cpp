// SPDX-License-Identifier: BSD-3-Clause
// A solver query's limit is a budget of Z3's own steps (props/smt/validity.h): the same query
// under the same budget gets the same answer however busy the machine is, and a spent budget
// says so instead of passing for a timeout.
#include <gtest/gtest.h>

#include <limits>

#include "props/smt/validity.h"

namespace redsem::smt {
namespace {

// (a|b)·(a&b) + (a&~b)·(~a&b) = a·b, a bit-trick identity: valid, and a claim neither the
// rewriter nor the commutative normal form settles, so the solver has to work for it
// (bit-blasting three multipliers).
z3::expr hard_claim(z3::context& c, unsigned bits) {
  const z3::expr a = c.bv_const("a", bits), b = c.bv_const("b", bits);
  return (a | b) * (a & b) + (a & ~b) * (~a & b) == a * b;
}

TEST(SolverBudget, MillisecondsBuyAFixedNumberOfSteps) {
  EXPECT_EQ(work_budget(1), steps_per_ms);
  EXPECT_EQ(work_budget(10'000), 10'000u * steps_per_ms);
  EXPECT_EQ(work_budget(std::numeric_limits<unsigned>::max()), std::numeric_limits<unsigned>::max());
  EXPECT_EQ(wall_clock_limit_ms(10'000), 10'000u * wall_clock_slack);
  // A small budget's wall-clock limit is the floor, which no ordinary load reaches.
  EXPECT_EQ(wall_clock_limit_ms(100), wall_clock_floor_ms);
  EXPECT_EQ(wall_clock_limit_ms(0), 0u);
  EXPECT_EQ(wall_clock_limit_ms(std::numeric_limits<unsigned>::max()), std::numeric_limits<unsigned>::max());
}

TEST(SolverBudget, ASpentBudgetIsUnknownAndSaysWhichLimit) {
  z3::context c;
  const validity v = check_valid(hard_claim(c, 64), 100);
  EXPECT_EQ(v.result, answer::unknown);
  EXPECT_EQ(v.how, "solver: work budget spent");
}

TEST(SolverBudget, TheSameBudgetGivesTheSameAnswerEveryTime) {
  for (int run = 0; run < 3; ++run) {
    z3::context c;
    const validity v = check_valid(hard_claim(c, 64), 100);
    EXPECT_EQ(v.result, answer::unknown) << "run " << run;
  }
  z3::context c;
  EXPECT_EQ(check_valid(hard_claim(c, 8), 10'000).result, answer::valid);
}

}  // namespace
}  // namespace redsem::smt
