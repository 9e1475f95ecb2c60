/* SPDX-License-Identifier: BSD-3-Clause */
// The correctly rounded sum of floats, and distances in units in the last place: the yardstick
// for how far an evaluation order's float SUM strays from the exact answer.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace redsem::sim {

// round-to-nearest-even(x_0 + … + x_{n−1}) computed exactly (a fixed-point accumulator wide
// enough for every finite value of T); nullopt if an input is NaN or infinite.
std::optional<float> correctly_rounded_sum(const std::vector<float>& xs);
std::optional<double> correctly_rounded_sum(const std::vector<double>& xs);

// How many representable values lie between a and b (+0 and −0 are the same place); nullopt if either is NaN.
std::optional<std::uint64_t> ulp_distance(float a, float b);
std::optional<std::uint64_t> ulp_distance(double a, double b);

}  // namespace redsem::sim
