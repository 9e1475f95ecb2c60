// SPDX-License-Identifier: BSD-3-Clause
#include "probe/tree_shape.h"

#include <algorithm>
#include <vector>

namespace redsem::probe {
namespace {

std::string structure(const eval_tree& t, int n) {
  if (t.is_leaf(n)) return "x";
  return "(" + structure(t, t.at(n).left) + structure(t, t.at(n).right) + ")";
}

// The structure with every node's children in sorted order: equal for trees that differ only by
// which operand is left (what a commutative op lets a library choose per step).
std::string unordered(std::string_view s) {
  if (s == "x") return "x";
  int depth = 0;
  std::size_t split = 1;
  for (std::size_t i = 1; i + 1 < s.size(); ++i) {
    depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
    if (depth == 0) {
      split = i + 1;
      break;
    }
  }
  std::string a = unordered(s.substr(1, split - 1)), b = unordered(s.substr(split, s.size() - split - 1));
  if (b < a) std::swap(a, b);
  return "(" + a + b + ")";
}

int largest_power_of_two_below(int n) {  // n >= 2
  int p = 1;
  while (2 * p < n) p *= 2;
  return p;
}

// Combine adjacent groups pairwise until one is left (a perfect tree over a power-of-two count).
std::string combine_pairwise(std::vector<std::string> groups) {
  while (groups.size() > 1) {
    std::vector<std::string> next;
    for (std::size_t i = 0; i + 1 < groups.size(); i += 2) next.push_back("(" + groups[i] + groups[i + 1] + ")");
    if (groups.size() % 2) next.push_back(groups.back());
    groups = std::move(next);
  }
  return groups.front();
}

}  // namespace

std::string structure_of(const eval_tree& t) { return structure(t, t.root); }

std::string left_chain(int n) {
  std::string s = "x";
  for (int i = 1; i < n; ++i) s = "(" + s + "x)";
  return s;
}

std::string right_chain(int n) {
  std::string s = "x";
  for (int i = 1; i < n; ++i) s = "(x" + s + ")";
  return s;
}

std::string binomial(int n) {
  if (n <= 1) return "x";
  const int p = largest_power_of_two_below(n);
  return "(" + binomial(p) + binomial(n - p) + ")";
}

std::string recursive_doubling(int n) {
  if (n <= 1) return "x";
  int pof2 = 1;
  while (2 * pof2 <= n) pof2 *= 2;
  const int rem = n - pof2;
  std::vector<std::string> groups;
  for (int i = 0; i < rem; ++i) groups.emplace_back("(xx)");
  for (int i = rem; i < pof2; ++i) groups.emplace_back("x");
  return combine_pairwise(std::move(groups));
}

std::string shape_name(const eval_tree& t) {
  const int n = leaf_count(t, t.root);
  if (n == 1) return "single operand";
  if (n == 2) return "one pair";
  const std::string s = structure_of(t);
  if ((n & (n - 1)) == 0 && s == binomial(n)) return "balanced (binomial = recursive doubling)";
  // Small trees fit several algorithms at once: name every one.
  std::string names;
  const std::pair<const char*, std::string> candidates[] = {{"left chain", left_chain(n)},
                                                            {"right chain", right_chain(n)},
                                                            {"binomial", binomial(n)},
                                                            {"recursive doubling", recursive_doubling(n)}};
  for (const auto& [name, ideal] : candidates)
    if (s == ideal) names += (names.empty() ? "" : " = ") + std::string(name);
  if (!names.empty()) return names;
  // The same shapes with operands swapped at some steps.
  const std::string mixed = unordered(s);
  if (mixed == unordered(left_chain(n))) return "chain, mixed operand order";
  if (mixed == unordered(binomial(n))) return "binomial, mixed operand order";
  if (mixed == unordered(recursive_doubling(n))) return "recursive doubling, mixed operand order";
  return "other (depth " + std::to_string(depth(t)) + ")";
}

std::string order_name(const eval_tree& t) {
  const std::vector<int> leaves = leaf_order(t);
  const int n = static_cast<int>(leaves.size());
  std::vector<int> sorted = leaves;
  std::sort(sorted.begin(), sorted.end());
  if (leaves == sorted) return "rank order";
  if (std::is_sorted(leaves.rbegin(), leaves.rend())) return "descending";
  // Ascending with one wrap from the highest to the lowest rank.
  int drops = 0;
  for (int i = 0; i + 1 < n; ++i) drops += leaves[static_cast<std::size_t>(i + 1)] < leaves[static_cast<std::size_t>(i)];
  if (drops == 1 && leaves.back() < leaves.front()) return "rotated from " + std::to_string(leaves.front());
  return "permuted";
}

}  // namespace redsem::probe
