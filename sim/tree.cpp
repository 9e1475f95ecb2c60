// SPDX-License-Identifier: BSD-3-Clause
#include "sim/tree.h"

#include <algorithm>
#include <set>

#include "model/check.h"

namespace redsem::sim {

tree leaf(int rank) {
  ensure(rank >= 0, "a leaf names a rank");
  auto n = std::make_shared<tree_node>();
  n->rank = rank;
  return n;
}

tree combine(tree left, tree right) {
  ensure(left && right, "combine needs two operands");
  auto n = std::make_shared<tree_node>();
  n->left = std::move(left);
  n->right = std::move(right);
  return n;
}

namespace {
void collect_leaves(const tree_node& n, std::vector<int>& out) {
  if (n.is_leaf()) {
    out.push_back(n.rank);
    return;
  }
  collect_leaves(*n.left, out);
  collect_leaves(*n.right, out);
}

void render(const tree_node& n, std::string& out) {
  if (n.is_leaf()) {
    out += std::to_string(n.rank);
    return;
  }
  out += '(';
  render(*n.left, out);
  out += "∘";
  render(*n.right, out);
  out += ')';
}

void evaluate_into(const tree_node& n, const element_op& op, const std::vector<bool>& mask,
                   const std::vector<element>& inputs, std::vector<evaluated_node>* trace, element& out) {
  if (n.is_leaf()) {
    ensure(static_cast<std::size_t>(n.rank) < inputs.size(), "a leaf's rank has an input");
    out = inputs[static_cast<std::size_t>(n.rank)];
    clear_padding(out, mask);
  } else {
    element a, b;
    evaluate_into(*n.left, op, mask, inputs, trace, a);
    evaluate_into(*n.right, op, mask, inputs, trace, b);
    out.assign(a.size(), std::byte{0});
    op.combine(a.data(), b.data(), out.data());
    clear_padding(out, mask);
  }
  if (trace) trace->push_back({&n, out});
}
}  // namespace

std::vector<bool> value_byte_mask(const datatype& type) {
  std::vector<bool> mask(static_cast<std::size_t>(std::max<std::int64_t>(type.extent(), 0)), false);
  for (const auto& e : type.entries()) {
    const type_info& t = info(e.type);
    for (std::size_t f = 0; f < t.field_count; ++f)
      for (std::size_t b = 0; b < value_bytes(t.fields[f].kind); ++b) {
        const auto at = static_cast<std::size_t>(e.disp) + t.fields[f].offset + b;
        if (at < mask.size()) mask[at] = true;
      }
  }
  return mask;
}

void clear_padding(element& e, const std::vector<bool>& mask) {
  for (std::size_t i = 0; i < e.size() && i < mask.size(); ++i)
    if (!mask[i]) e[i] = std::byte{0};
}

std::vector<int> leaves(const tree& t) {
  std::vector<int> out;
  if (t) collect_leaves(*t, out);
  return out;
}

std::size_t node_count(const tree& t) {
  const std::size_t n = leaves(t).size();
  return n == 0 ? 0 : n - 1;
}

std::string to_string(const tree& t) {
  std::string out;
  if (t) render(*t, out);
  return out;
}

std::vector<int> rank_range(int first, int last) {
  std::vector<int> r;
  for (int i = first; i <= last; ++i) r.push_back(i);
  return r;
}

tree_check check_tree(const tree& t, const std::vector<int>& ranks, bool commutative) {
  const std::vector<int> got = leaves(t);
  const std::set<int> expected(ranks.begin(), ranks.end());
  std::set<int> seen;
  for (int r : got) {
    if (!expected.count(r)) return {tree_legality::foreign_rank, "rank " + std::to_string(r) + " does not take part"};
    if (!seen.insert(r).second) return {tree_legality::repeated_rank, "rank " + std::to_string(r) + " is combined twice"};
  }
  for (int r : expected)
    if (!seen.count(r)) return {tree_legality::missing_rank, "rank " + std::to_string(r) + " is never combined"};
  if (!commutative) {
    for (std::size_t i = 1; i < got.size(); ++i)
      if (got[i] < got[i - 1])
        return {tree_legality::reordered_ranks, "rank " + std::to_string(got[i - 1]) + " is a left operand of rank " +
                                                    std::to_string(got[i]) +
                                                    ", but a non-commutative op keeps ranks ascending (MPI-4.1 §7.9.1)"};
  }
  return {};
}

element evaluate(const tree& t, const element_op& op, const std::vector<element>& inputs) {
  ensure(t != nullptr, "evaluate needs a tree");
  element out;
  evaluate_into(*t, op, value_byte_mask(op.type), inputs, nullptr, out);
  return out;
}

std::vector<evaluated_node> evaluate_nodes(const tree& t, const element_op& op, const std::vector<element>& inputs) {
  ensure(t != nullptr, "evaluate needs a tree");
  std::vector<evaluated_node> trace;
  element out;
  evaluate_into(*t, op, value_byte_mask(op.type), inputs, &trace, out);
  return trace;
}

}  // namespace redsem::sim
