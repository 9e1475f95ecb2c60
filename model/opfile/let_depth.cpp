// SPDX-License-Identifier: BSD-3-Clause
#include "model/opfile/let_depth.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace redsem::opfile::detail {
namespace {

class let_depth {
 public:
  explicit let_depth(const op_syntax& s) : s_(s) {}

  // The parser bounds each expression's own nesting, so this recursion is bounded too.
  int height(int index) const {
    const syntax_node& n = s_.nodes[static_cast<std::size_t>(index)];
    if (n.kind == syntax_kind::name) {
      const auto let = lets_.find(n.name);
      return let == lets_.end() ? 1 : let->second;
    }
    int h = 0;
    for (int c : n.children) h = std::max(h, height(c));
    return h + 1;
  }

  void define(const std::string& name, int h) { lets_.insert_or_assign(name, h); }

 private:
  const op_syntax& s_;
  std::unordered_map<std::string, int> lets_;  // the substituted height of each let seen so far
};

depth_excess excess(const named_expr& e, const char* what, int height, int max_depth) {
  return {e.loc, std::string(what) + " '" + e.name + "' nests " + std::to_string(height) +
                     " levels deep once the lets it uses are written out, more than " + std::to_string(max_depth) +
                     " (a chain of lets counts as one expression)"};
}

}  // namespace

std::optional<depth_excess> find_let_depth_excess(const op_syntax& s, int max_depth) {
  let_depth depth(s);
  for (const auto& l : s.lets) {
    const int h = depth.height(l.expr);
    if (h > max_depth) return excess(l, "let", h, max_depth);
    depth.define(l.name, h);
  }
  for (const auto& r : s.results) {
    const int h = depth.height(r.expr);
    if (h > max_depth) return excess(r, "the result for field", h, max_depth);
  }
  return std::nullopt;
}

}  // namespace redsem::opfile::detail
