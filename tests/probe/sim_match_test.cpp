// SPDX-License-Identifier: BSD-3-Clause
// Naming the sim/ algorithm of a trace: traces written from sim/'s own schedules must name that
// algorithm; the same traces with one tree re-bracketed must not.
#include <gtest/gtest.h>

#include "probe/eval_tree.h"
#include "probe/sim_match.h"
#include "sim/schedule.h"

namespace redsem::probe {
namespace {

std::string bracket(const sim::tree& t) {
  if (t->is_leaf()) return std::string(1, rank_name(t->rank));
  return "(" + bracket(t->left) + bracket(t->right) + ")";
}

struct fake_case {
  case_trace trace;
  int procs;
};

// The trace a library running `algorithm` would give: one run per rank and element. The
// tracer's count is per result (Reduce_scatter's blocks n + r % 2, Reduce_scatter_block's n).
fake_case trace_of(sim::collective kind, const std::string& algorithm, int procs, bool commute, bool in_place,
                   int root) {
  const int n = 2;
  sim::schedule_request r;
  r.kind = kind;
  r.algorithm = algorithm;
  r.procs = procs;
  r.root = root;
  r.in_place = in_place;
  r.commutative = commute;
  r.count = kind == sim::collective::reduce_scatter         ? n * procs + procs / 2
            : kind == sim::collective::reduce_scatter_block ? n * procs
                                                            : n;
  if (kind == sim::collective::reduce_scatter)
    for (int rank = 0; rank < procs; ++rank) r.block_counts.push_back(n + rank % 2);
  const auto s = sim::build_schedule(r);
  fake_case out{{}, procs};
  if (!s.value) return out;
  auto& c = out.trace;
  c.which = parse_collective(sim::to_string(kind).substr(4)).value();  // "MPI_Reduce" → "Reduce"
  c.commute = commute;
  c.in_place = in_place;
  c.count = n;
  c.root = root;
  c.completed = true;
  for (int rank = 0; rank < procs; ++rank) {
    const auto& trees = s.value->ranks[static_cast<std::size_t>(rank)].trees;
    for (std::size_t k = 0; k < trees.size(); ++k)
      c.runs.push_back({rank, static_cast<int>(k), 1, true, bracket(trees[k])});
  }
  return out;
}

// ((a b) c) → (a (b c)) at the first node where that applies, on every run holding that tree:
// the same ranks in the same order (still legal), but another bracketing.
bool rebracket(case_trace& c) {
  for (auto& run : c.runs) {
    const auto t = parse_bracket(run.tree);
    if (!t || t->is_leaf(t->root) || t->is_leaf(t->at(t->root).left)) continue;
    const auto sub = [&](auto&& self, int n) -> std::string {
      if (t->is_leaf(n)) return std::string(1, rank_name(t->at(n).rank));
      return "(" + self(self, t->at(n).left) + self(self, t->at(n).right) + ")";
    };
    const auto& top = t->at(t->root);
    const auto& left = t->at(top.left);
    const std::string a = sub(sub, left.left), b = sub(sub, left.right), rest = sub(sub, top.right);
    const std::string before = run.tree;
    for (auto& other : c.runs)
      if (other.tree == before) other.tree = "(" + a + "(" + b + rest + "))";
    return true;
  }
  return false;
}

bool names(const sim_match& m, const std::string& algorithm) {
  return std::find(m.algorithms.begin(), m.algorithms.end(), algorithm) != m.algorithms.end();
}

TEST(probe_sim_match, traces_of_every_sim_schedule_name_their_algorithm_and_rebracketed_ones_do_not) {
  int checked = 0, mutated = 0;
  for (const auto kind : sim::all_collectives)
    for (const auto& info : sim::algorithms_of(kind))
      for (int procs : {2, 3, 4, 5, 8})
        for (bool commute : {false, true})
          for (bool in_place : {false, true})
            for (int root : {0, procs - 1}) {
              if (kind != sim::collective::reduce && root != 0) continue;
              const std::string algorithm(info.name);
              auto f = trace_of(kind, algorithm, procs, commute, in_place, root);
              if (f.trace.runs.empty()) continue;  // the algorithm does not take this case
              const auto m = match_sim_algorithms(f.trace, procs);
              EXPECT_TRUE(names(m, algorithm)) << sim::to_string(kind) << " " << algorithm << " P=" << procs
                                               << " commute=" << commute << " in_place=" << in_place;
              ++checked;
              if (!rebracket(f.trace)) continue;
              EXPECT_FALSE(names(match_sim_algorithms(f.trace, procs), algorithm))
                  << "re-bracketed " << sim::to_string(kind) << " " << algorithm << " P=" << procs;
              ++mutated;
            }
  EXPECT_GT(checked, 200);
  EXPECT_GT(mutated, 150);
}

TEST(probe_sim_match, swapped_operands_match_only_for_a_commutative_op) {
  auto f = trace_of(sim::collective::reduce, "binomial", 4, true, false, 0);
  ASSERT_FALSE(f.trace.runs.empty());
  auto& tree = f.trace.runs.front().tree;
  const auto t = parse_bracket(tree);
  ASSERT_TRUE(t && !t->is_leaf(t->root));
  // Swap the root's operands: (L R) → (R L).
  const std::string inner = tree.substr(1, tree.size() - 2);
  std::size_t split = 0;
  for (int depth = 0; split < inner.size(); ++split) {
    depth += inner[split] == '(' ? 1 : inner[split] == ')' ? -1 : 0;
    if (depth == 0) break;
  }
  const std::string swapped = "(" + inner.substr(split + 1) + inner.substr(0, split + 1) + ")";
  for (auto& run : f.trace.runs) run.tree = swapped;
  EXPECT_TRUE(names(match_sim_algorithms(f.trace, 4), "binomial")) << swapped;
  f.trace.commute = false;
  EXPECT_FALSE(names(match_sim_algorithms(f.trace, 4), "binomial")) << swapped;
}

TEST(probe_sim_match, a_tree_no_algorithm_builds_is_named_by_none) {
  case_trace c;
  c.which = collective::allreduce;
  c.count = 1;
  c.completed = true;
  for (int rank = 0; rank < 5; ++rank) c.runs.push_back({rank, 0, 1, true, "(0((12)(34)))"});
  const auto m = match_sim_algorithms(c, 5);
  EXPECT_TRUE(m.algorithms.empty());
  EXPECT_EQ(m.elements, 5);
}

}  // namespace
}  // namespace redsem::probe
