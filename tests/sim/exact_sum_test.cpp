// SPDX-License-Identifier: BSD-3-Clause
#include "sim/exact_sum.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace redsem::sim {
namespace {

TEST(SimExactSum, CancellationLeavesTheSmallTerm) {
  EXPECT_EQ(correctly_rounded_sum(std::vector<float>{1e30f, 1.0f, -1e30f}), 1.0f);
  EXPECT_EQ(correctly_rounded_sum(std::vector<double>{1e300, 1e-300, -1e300}), 1e-300);
}

TEST(SimExactSum, TiesRoundToEven) {
  const float ulp_half = std::ldexp(1.0f, -24);  // half an ulp of 1.0f
  EXPECT_EQ(correctly_rounded_sum(std::vector<float>{1.0f, ulp_half}), 1.0f);
  EXPECT_EQ(correctly_rounded_sum(std::vector<float>{1.0f, ulp_half, std::ldexp(1.0f, -60)}),
            std::nextafter(1.0f, 2.0f));  // just past the tie
  const float odd = std::nextafter(1.0f, 2.0f);
  EXPECT_EQ(correctly_rounded_sum(std::vector<float>{odd, ulp_half}), std::nextafter(odd, 2.0f));
}

TEST(SimExactSum, SubnormalsAndSigns) {
  const double tiny = std::numeric_limits<double>::denorm_min();
  EXPECT_EQ(correctly_rounded_sum(std::vector<double>{tiny, tiny, -3 * tiny}), -tiny);
  EXPECT_EQ(correctly_rounded_sum(std::vector<float>{-0.0f}), 0.0f);
  EXPECT_FALSE(correctly_rounded_sum(std::vector<float>{1.0f, NAN}).has_value());
  const float big = std::numeric_limits<float>::max();
  EXPECT_EQ(correctly_rounded_sum(std::vector<float>{big, big}), INFINITY);
}

TEST(SimExactSum, AgreesWithLongDoubleWhereThatIsExact) {
  // Floats whose exponents span less than 40 bits sum exactly in a 64-bit significand.
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> dist(-1, 1);
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<float> xs;
    long double exact = 0;
    for (int i = 0; i < 12; ++i) {
      xs.push_back(std::ldexp(dist(rng), static_cast<int>(rng() % 16)));
      exact += xs.back();
    }
    EXPECT_EQ(correctly_rounded_sum(xs), static_cast<float>(exact));
  }
}

TEST(SimExactSum, UlpDistanceCountsRepresentableSteps) {
  EXPECT_EQ(ulp_distance(1.0f, std::nextafter(1.0f, 2.0f)), 1u);
  EXPECT_EQ(ulp_distance(0.0f, -0.0f), 0u);
  EXPECT_EQ(ulp_distance(-std::numeric_limits<float>::denorm_min(), std::numeric_limits<float>::denorm_min()), 2u);
  EXPECT_EQ(ulp_distance(1.0, 1.0), 0u);
  EXPECT_FALSE(ulp_distance(NAN, 1.0f).has_value());
}

}  // namespace
}  // namespace redsem::sim
