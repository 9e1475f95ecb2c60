/* SPDX-License-Identifier: BSD-3-Clause */
// An evaluation tree recovered from a probe trace: leaves are ranks, inner nodes one
// application of the op with the left subtree as the left operand.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace redsem::probe {

struct eval_tree {
  struct node {
    int rank = -1;              // a leaf's rank; -1 for an inner node
    int left = -1, right = -1;  // an inner node's children (indices into nodes)
  };
  std::vector<node> nodes;
  int root = -1;

  bool is_leaf(int n) const { return nodes[static_cast<std::size_t>(n)].rank >= 0; }
  const node& at(int n) const { return nodes[static_cast<std::size_t>(n)]; }
};

// The tracer's bracket form: a leaf is one character naming a rank (0-9, a-z), an inner node
// "(" left right ")". Empty when the text is not such a tree (a poisoned or overflowed buffer).
std::optional<eval_tree> parse_bracket(std::string_view text);
// The one character naming `rank` (0 ≤ rank < 36) in the bracket form.
char rank_name(int rank);

// Leaves from left to right: the order in which the ranks' values enter the combination.
std::vector<int> leaf_order(const eval_tree& t);
int leaf_count(const eval_tree& t, int n);
int depth(const eval_tree& t);

// The bracket form with every node's children sorted: two trees have the same canonical form
// exactly when they are equal up to commuting operands (so give equal results for any
// commutative op, associative or not).
std::string canonical_commutative(const eval_tree& t);

}  // namespace redsem::probe
