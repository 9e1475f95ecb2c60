/* SPDX-License-Identifier: BSD-3-Clause */
// Every result that some legal evaluation order of a reduction over P ranks can produce
// (MPI-4.1 §7.9.1): all bracketings of the ranks in order for a non-commutative op (Catalan
// many), all trees in any operand order for a commutative one ((2P−3)!! many). Computed by
// dynamic programming over blocks of ranks, never by listing trees.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/element_op.h"
#include "model/op.h"
#include "model/policy.h"
#include "sim/search_share.h"
#include "sim/tree.h"
#include "sim/tree_count.h"

namespace redsem::sim {

// A predefined op on a predefined type: lets the search run on typed values through the
// model's templates instead of through the type-erased element_op.
struct predefined_pair {
  op_id op;
  basic_type type;
  policy semantics;
};

// A search split over several processes (search_share): the blocks of each size below the
// whole rank set are dealt out round robin; after each size every process hands `allgather`
// the blocks it made and gets back every process's (in process order). The whole rank set's
// splits into two operands are dealt out in contiguous runs, and the parts' results are
// gathered and merged in process order: the order one process finds them in. Every block is
// made by one process exactly as one search makes it, so results, tree counts and witnesses
// are the same.

struct order_limits {
  std::size_t max_values = std::size_t{1} << 22;    // distinct partial results kept, over all blocks (memory)
  std::uint64_t max_combinations = 40'000'000'000;  // op applications before giving up
  int max_commutative_procs = 20;                   // 2^P blocks of memory
  search_share share;                               // the whole search unless split
  // Called now and then during the search (progress): op applications made so far, and the budget.
  std::function<void(std::uint64_t applied, std::uint64_t budget)> on_progress;
};

struct distinct_result {
  element value;     // bytes of one element (the datatype's extent; padding zero)
  tree witness;      // one legal tree that produces it
  tree_count trees;  // how many legal trees produce it (a commutative op's operand orders weigh half each)
};

struct order_results {
  std::vector<distinct_result> results;  // distinct by value bytes, in the order found
  bool complete = true;                  // false: a limit was hit and results are a subset
  std::string incomplete_reason;
  std::uint64_t combinations = 0;      // op applications the search made
  std::uint64_t top_combinations = 0;  // of which for the whole rank set (the part a split search divides)
  bool used_typed_path = false;
};

// The number of legal trees: Catalan(P−1) when !commutative, (2P−3)!! otherwise (as a double:
// it overflows 64 bits from P = 20 on).
double legal_tree_count(int procs, bool commutative);
// "135135", or "1.37e+12" once a count is too big to read digit by digit.
std::string format_count(double count);

// The unit a search's result counts are read in, so that every count is a whole number: trees
// when each result's count is a whole number of trees; else evaluation orders, a tree with one
// operand order at each of its P−1 nodes ((2P−3)!!·2^(P−1) in all). Only a commutative op whose
// value depends on the operand order here (MAX with a NaN, a user op created commutative that
// is not) needs the second: one tree then gives a value in some of its operand orders only.
struct count_unit {
  bool orders = false;
  double total = 0;  // legal trees, or legal evaluation orders
  double of(const tree_count& c) const { return orders ? c.orders() : c.value(); }
  std::string_view noun() const { return orders ? "evaluation orders" : "trees"; }
};
count_unit count_unit_of(const std::vector<distinct_result>& results, int procs, bool commutative);

// inputs[rank] is that rank's element. `typed`, when given, must describe the same op as `op`.
order_results all_order_results(const element_op& op, const std::vector<element>& inputs,
                                const std::optional<predefined_pair>& typed = std::nullopt,
                                const order_limits& limits = {});

namespace detail {
// The typed search for a predefined pair whose elements are one integer or float scalar
// (long double, complex and pair types take the generic path); nullopt when not applicable.
std::optional<order_results> typed_order_results(const predefined_pair& pair, const std::vector<element>& inputs,
                                                 bool commutative, const order_limits& limits);
}  // namespace detail

}  // namespace redsem::sim
