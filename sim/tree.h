/* SPDX-License-Identifier: BSD-3-Clause */
// Evaluation trees over ranks: a leaf is one rank's input, a node combines its left operand
// with its right one (left ∘ right). Trees are immutable and share subtrees, so a schedule
// that sends a partial result to several ranks hands the same subtree to each.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "model/element_op.h"

namespace redsem::sim {

struct tree_node;
using tree = std::shared_ptr<const tree_node>;

struct tree_node {
  int rank = -1;  // a leaf's rank; -1 for an inner node
  tree left, right;
  bool is_leaf() const { return rank >= 0; }
};

tree leaf(int rank);
tree combine(tree left, tree right);

// The ranks of the leaves, left to right.
std::vector<int> leaves(const tree& t);
// How many times the op is applied.
std::size_t node_count(const tree& t);
// "((0∘1)∘2)" — ranks, bracketed; a lone leaf is "0".
std::string to_string(const tree& t);

// Whether MPI may evaluate a reduction of `ranks` (ascending) by this tree (MPI-4.1 §7.9.1):
// every rank once, and for a non-commutative op the leaves in ascending rank order.
enum class tree_legality { legal, missing_rank, repeated_rank, foreign_rank, reordered_ranks };
struct tree_check {
  tree_legality verdict = tree_legality::legal;
  std::string evidence;  // names the rank(s) at fault; empty when legal
  bool legal() const { return verdict == tree_legality::legal; }
};
tree_check check_tree(const tree& t, const std::vector<int>& ranks, bool commutative);
std::vector<int> rank_range(int first, int last);  // first..last inclusive; empty when last < first

using element = std::vector<std::byte>;  // one element's bytes (the datatype's extent)

// Which bytes of an element carry value (its typemap's fields). Padding is zeroed after every
// combine: a user function may copy garbage into it (`*inout = c;`), and two equal values must
// not look different because of it.
std::vector<bool> value_byte_mask(const datatype& type);
void clear_padding(element& e, const std::vector<bool>& mask);

// The value the tree computes from inputs[rank]; each application is op.combine(left, right).
element evaluate(const tree& t, const element_op& op, const std::vector<element>& inputs);

// The same, recording every node's value in post-order (children before parents, left first):
// what a picture of the tree labels its nodes with.
struct evaluated_node {
  const tree_node* node;
  element value;
};
std::vector<evaluated_node> evaluate_nodes(const tree& t, const element_op& op, const std::vector<element>& inputs);

}  // namespace redsem::sim
