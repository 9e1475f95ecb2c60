/* SPDX-License-Identifier: BSD-3-Clause */
// Elements of an op's domain (the elements its `require` lines admit) for the concrete
// searches: per field a small set of values (the exhaustive phase) and a wide one (special
// values and the op's own constants), random values, and the legal elements of the grid of
// small values, found within a budget so that many fields cost bounded time and memory.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "model/opfile/concrete_op.h"

namespace redsem::opfile {

// One per field of `op`, in field order: samples_for each field's type plus the op's constants.
std::vector<field_samples> samples_of(const typed_op& op);

// A random value of type t: for integers, half the draws are in [-8, 8].
concrete_value random_value(field_type t, std::mt19937_64& rng);

// What the exhaustive phase covered.
struct grid_coverage {
  std::uint64_t grid = 0;        // elements of the grid of small values (saturates at 2^64 - 1)
  std::uint64_t enumerated = 0;  // grid elements tried: all of them, or a random sample
  std::uint64_t legal = 0;       // of those, the ones inside the domain
  std::uint64_t kept = 0;        // of those, the ones used as operands
  bool complete() const { return enumerated == grid && kept == legal; }
  // "exhaustive over all 16 small-value elements in the domain (of 36)" or
  // "sampled: 40 of 1024 legal elements among 4096 of 2^40 small-value elements"
  std::string describe() const;
};

struct small_elements {
  std::vector<concrete_element> elements;
  grid_coverage coverage;
};

struct grid_budget {
  std::size_t max_kept = 40;           // operands of the exhaustive phase: pairs and triples of these
  std::uint64_t max_enumerated = 4096; // grid elements whose legality is evaluated
};

// The legal elements of the small-value grid: every grid element when there are at most
// budget.max_enumerated of them, else that many drawn at random; at most budget.max_kept of the
// legal ones, spread evenly over them.
small_elements legal_small_elements(const binary_op& op, const std::vector<field_samples>& fields,
                                    const grid_budget& budget, std::mt19937_64& rng);

// The legal elements whose every field is its type's lowest or highest value (2^fields of
// them; none for more than max_fields fields): where identity and absorbing elements of
// min/max-like ops sit, which neither the small grid nor random draws reach.
std::vector<concrete_element> extreme_corners(const binary_op& op, std::size_t max_fields = 8);

// A random element inside the domain (fields from the wide set or random), or nullopt after
// `attempts` draws outside it; *rejected counts the draws the domain turned away.
std::optional<concrete_element> random_legal_element(const binary_op& op, const std::vector<field_samples>& fields,
                                                     std::mt19937_64& rng, int attempts, std::uint64_t* rejected);

}  // namespace redsem::opfile
