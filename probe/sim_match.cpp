// SPDX-License-Identifier: BSD-3-Clause
#include "probe/sim_match.h"

#include <unordered_map>

#include "probe/eval_tree.h"
#include "sim/schedule.h"

namespace redsem::probe {
namespace {

// Trees compared by their bracket text; for a commutative op by the canonical form, which is
// the same exactly for trees equal up to swapped operands. Schedules share subtrees and the
// tracer's runs repeat trees, so both conversions are cached.
class tree_keys {
 public:
  explicit tree_keys(bool commutative) : commutative_(commutative) {}

  const std::string& of(const sim::tree& t) {
    const auto found = sim_keys_.find(t.get());
    if (found != sim_keys_.end()) return found->second;
    return sim_keys_.emplace(t.get(), of_text(bracket(t))).first->second;
  }

  // Empty when the text is no tree (garbage never matches).
  std::string of_text(const std::string& text) {
    if (!commutative_) return text;
    const auto found = text_keys_.find(text);
    if (found != text_keys_.end()) return found->second;
    const auto parsed = parse_bracket(text);
    return text_keys_.emplace(text, parsed ? canonical_commutative(*parsed) : std::string()).first->second;
  }

 private:
  static std::string bracket(const sim::tree& t) {
    if (t->is_leaf()) return std::string(1, rank_name(t->rank));
    return "(" + bracket(t->left) + bracket(t->right) + ")";
  }

  bool commutative_;
  std::unordered_map<const sim::tree_node*, std::string> sim_keys_;
  std::unordered_map<std::string, std::string> text_keys_;
};

// The traced trees of each rank's result, element by element; none of rank 0's for MPI_Exscan.
std::map<int, std::vector<std::string>> traced_by_rank(const case_trace& c) {
  auto out = trees_by_rank(c);
  if (c.which == collective::exscan) out.erase(0);
  return out;
}

// The schedule's count: the elements of each send buffer (the tracer's count is per result).
int schedule_count(const case_trace& c, int size) {
  if (c.which == collective::reduce_scatter) return c.count * size + size / 2;  // counts n + r % 2
  if (c.which == collective::reduce_scatter_block) return c.count * size;
  return c.count;
}

// Reduce_scatter's recvcounts as the tracer passes them: odd ranks get one element more.
std::vector<int> tracer_block_counts(const case_trace& c, int size) {
  std::vector<int> counts;
  if (c.which != collective::reduce_scatter) return counts;
  for (int r = 0; r < size; ++r) counts.push_back(c.count + r % 2);
  return counts;
}

// How many of the traced elements the schedule's trees match.
long matched_elements(const sim::schedule& s, const std::map<int, std::vector<std::string>>& traced, tree_keys& keys) {
  long matched = 0;
  for (const auto& [rank, trees] : traced) {
    if (rank < 0 || rank >= static_cast<int>(s.ranks.size())) continue;
    const auto& expected = s.ranks[static_cast<std::size_t>(rank)].trees;
    for (std::size_t k = 0; k < trees.size() && k < expected.size(); ++k)
      matched += keys.of(expected[k]) == keys.of_text(trees[k]) ? 1 : 0;
  }
  return matched;
}

}  // namespace

sim_match match_sim_algorithms(const case_trace& c, int size) {
  sim_match out;
  const auto kind = sim::parse_collective(to_string(c.which));
  if (!kind || !c.completed) return out;
  const auto traced = traced_by_rank(c);
  for (const auto& [rank, trees] : traced) out.elements += static_cast<long>(trees.size());
  if (out.elements == 0) return out;
  tree_keys keys(c.commute);
  std::vector<sim::schedule> built_schedules;  // alive while keys caches by node address
  for (const auto& info : sim::algorithms_of(*kind)) {
    sim::schedule_request request;
    request.kind = *kind;
    request.algorithm = std::string(info.name);
    request.procs = size;
    request.root = c.root;
    request.in_place = c.in_place;
    request.commutative = c.commute;
    request.count = schedule_count(c, size);
    request.block_counts = tracer_block_counts(c, size);
    const auto built = sim::build_schedule(request);
    if (!built.value) continue;  // not defined for this case (a power-of-two-only algorithm, …)
    built_schedules.push_back(*built.value);
    const long matched = matched_elements(built_schedules.back(), traced, keys);
    out.partial[request.algorithm] = matched;
    if (matched == out.elements) out.algorithms.push_back(request.algorithm);
  }
  return out;
}

}  // namespace redsem::probe
