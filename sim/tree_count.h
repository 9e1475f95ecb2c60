/* SPDX-License-Identifier: BSD-3-Clause */
// How many legal trees produce a value, kept exact (sim/exact_count.h): a split search adds the
// counts in another grouping than one process, and past 2^53 (P = 18 already) a double sum
// would differ in its last digits.
#pragma once

#include <cmath>

#include "model/check.h"
#include "sim/exact_count.h"

namespace redsem::sim {

// A count of trees: tally / 2^halvings. A commutative op's search tallies both operand orders
// of every split as a tree of its own, so over P ranks each tree is tallied 2^(P−1) times;
// halvings = P − 1 turns that back into trees (a value only one operand order gives counts half).
struct tree_count {
  exact_count tally = exact_count::one();
  int halvings = 0;

  // Exact power-of-two scaling of value(): equal counts give equal doubles.
  double value() const { return std::ldexp(tally.value(), -halvings); }
  bool exact() const { return tally.exact(); }
  // Whether value() is a whole number of trees: every operand order of its trees gives the
  // value (always so for a non-commutative op, whose trees have one operand order).
  bool whole_trees() const { return tally.multiple_of_power_of_two(halvings); }
  // The count in evaluation orders (a tree with one operand order at each node): the tally.
  double orders() const { return tally.value(); }
  // Counts of the same search (same halvings) add up.
  tree_count& operator+=(const tree_count& other) {
    ensure(halvings == other.halvings, "tree counts of different searches do not add up");
    tally += other.tally;
    return *this;
  }
};

}  // namespace redsem::sim
