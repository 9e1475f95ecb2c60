// SPDX-License-Identifier: BSD-3-Clause
#include "probe/eval_tree.h"

#include <algorithm>

namespace redsem::probe {
namespace {

int rank_of(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  return -1;
}

// A tree over the 36 ranks the bracket form can name is at most 35 deep; text nested deeper is
// not a tree (a poisoned buffer, or a tracer that is not redsem's) and must not exhaust the stack.
constexpr int max_depth = 36;

// Recursive descent; `pos` advances over what was read.
int parse_node(std::string_view text, std::size_t& pos, eval_tree& t, int depth = 0) {
  if (pos >= text.size() || depth > max_depth) return -1;
  const char c = text[pos++];
  if (c != '(') {
    const int rank = rank_of(c);
    if (rank < 0) return -1;
    t.nodes.push_back({rank, -1, -1});
    return static_cast<int>(t.nodes.size()) - 1;
  }
  const int left = parse_node(text, pos, t, depth + 1);
  if (left < 0) return -1;
  const int right = parse_node(text, pos, t, depth + 1);
  if (right < 0 || pos >= text.size() || text[pos++] != ')') return -1;
  t.nodes.push_back({-1, left, right});
  return static_cast<int>(t.nodes.size()) - 1;
}

void collect_leaves(const eval_tree& t, int n, std::vector<int>& out) {
  if (t.is_leaf(n)) {
    out.push_back(t.at(n).rank);
    return;
  }
  collect_leaves(t, t.at(n).left, out);
  collect_leaves(t, t.at(n).right, out);
}

int depth_of(const eval_tree& t, int n) {
  return t.is_leaf(n) ? 0 : 1 + std::max(depth_of(t, t.at(n).left), depth_of(t, t.at(n).right));
}

std::string canonical(const eval_tree& t, int n) {
  if (t.is_leaf(n)) return std::string(1, rank_name(t.at(n).rank));
  std::string a = canonical(t, t.at(n).left), b = canonical(t, t.at(n).right);
  if (b < a) std::swap(a, b);
  return "(" + a + b + ")";
}

}  // namespace

char rank_name(int rank) { return rank < 10 ? static_cast<char>('0' + rank) : static_cast<char>('a' + rank - 10); }

std::optional<eval_tree> parse_bracket(std::string_view text) {
  eval_tree t;
  std::size_t pos = 0;
  t.root = parse_node(text, pos, t);
  if (t.root < 0 || pos != text.size()) return std::nullopt;
  return t;
}

std::vector<int> leaf_order(const eval_tree& t) {
  std::vector<int> out;
  collect_leaves(t, t.root, out);
  return out;
}

int leaf_count(const eval_tree& t, int n) {
  return t.is_leaf(n) ? 1 : leaf_count(t, t.at(n).left) + leaf_count(t, t.at(n).right);
}

int depth(const eval_tree& t) { return depth_of(t, t.root); }

std::string canonical_commutative(const eval_tree& t) { return canonical(t, t.root); }

}  // namespace redsem::probe
