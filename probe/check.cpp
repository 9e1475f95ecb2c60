// SPDX-License-Identifier: BSD-3-Clause
#include "probe/check.h"

#include <algorithm>
#include <numeric>
#include <optional>
#include <set>

#include "probe/eval_tree.h"
#include "probe/tree_shape.h"

namespace redsem::probe {
namespace {

// The ranks whose inputs rank `r`'s result must combine; empty when its result is undefined.
std::vector<int> contributors(const case_trace& c, int size, int r) {
  int last = size - 1;
  if (c.which == collective::scan) last = r;
  if (c.which == collective::exscan) last = r - 1;
  std::vector<int> ranks(static_cast<std::size_t>(std::max(last + 1, 0)));
  std::iota(ranks.begin(), ranks.end(), 0);
  return ranks;
}

std::string where(const result_run& run) {
  return "rank " + std::to_string(run.rank) + " elements " + std::to_string(run.first) + ".." +
         std::to_string(run.first + run.count - 1) + ": " + run.tree;
}

std::string join(const std::vector<int>& v) {
  std::string s;
  for (int x : v) s += (s.empty() ? "" : " ") + std::to_string(x);
  return s;
}

void check_run(const case_trace& c, int size, const result_run& run, case_verdict& v) {
  const bool exscan_rank0 = c.which == collective::exscan && run.rank == 0;
  if (exscan_rank0) {  // undefined, except that in place it must be left alone (§7.11.2)
    if (c.in_place && (run.tree != "0" || !run.indices_ok))
      v.violations.push_back({"Exscan in place must leave rank 0's buffer unchanged (MPI-4.1 §7.11.2)", where(run)});
    return;
  }
  const auto tree = parse_bracket(run.tree);
  if (!tree) {
    v.violations.push_back({"the result is not a combination of the inputs", where(run)});
    return;
  }
  if (!run.indices_ok)
    v.violations.push_back({"the result combines the wrong elements (elementwise, §7.9.1; blocks, §7.10)", where(run)});
  const std::vector<int> want = contributors(c, size, run.rank);
  std::vector<int> got = leaf_order(*tree);
  const bool in_rank_order = std::is_sorted(got.begin(), got.end());
  std::sort(got.begin(), got.end());
  if (got != want)
    v.violations.push_back({"each contribution enters exactly once (§7.9.1, §7.11)",
                            where(run) + " combines ranks {" + join(got) + "}, want {" + join(want) + "}"});
  else if (!c.commute && !in_rank_order)
    v.violations.push_back({"a non-commutative op keeps rank order (§7.9.1)", where(run)});
  const std::string shape = shape_name(*tree) + ", " + order_name(*tree);
  v.shapes[shape] += run.count;
  v.examples.emplace(shape, run.tree);
}

// §7.9.6: every process receives identical results. With a commutative op, trees that differ
// only by swapped operands give identical results, as MPI assumes such ops commute.
void check_allreduce_identical(const case_trace& c, case_verdict& v) {
  const auto trees = trees_by_rank(c);
  if (trees.empty()) return;
  const auto& [first_rank, reference] = *trees.begin();
  bool swapped_only = false;
  for (const auto& [rank, mine] : trees) {
    for (std::size_t k = 0; k < std::min(mine.size(), reference.size()); ++k) {
      if (mine[k] == reference[k]) continue;
      const auto a = parse_bracket(mine[k]), b = parse_bracket(reference[k]);
      if (c.commute && a && b && canonical_commutative(*a) == canonical_commutative(*b)) {
        swapped_only = true;
        continue;
      }
      v.violations.push_back({"Allreduce gives every process identical results (§7.9.6)",
                              "element " + std::to_string(k) + ": rank " + std::to_string(first_rank) + " has " +
                                  reference[k] + ", rank " + std::to_string(rank) + " has " + mine[k]});
      return;
    }
  }
  if (swapped_only)
    v.notes.push_back(
        "ranks hold different trees, equal up to swapped operands: identical only "
        "because the op is declared commutative");
}

void summarise_full_trees(const case_trace& c, case_verdict& v) {
  std::size_t most = 0;
  for (const auto& run : c.runs)
    if (const auto t = parse_bracket(run.tree)) most = std::max(most, leaf_order(*t).size());
  std::set<std::string> distinct;
  for (const auto& run : c.runs) {
    const auto t = parse_bracket(run.tree);
    if (!t || most < 2 || leaf_order(*t).size() != most) continue;
    const std::string shape = shape_name(*t) + ", " + order_name(*t);
    v.full_shapes[shape] += run.count;
    v.full_examples.emplace(shape, run.tree);
    distinct.insert(run.tree);
  }
  v.distinct_full_trees = static_cast<long>(distinct.size());
}

}  // namespace

bool results_look_corrupt(const case_trace& c) {
  for (const auto& run : c.runs) {
    const bool undefined = c.which == collective::exscan && run.rank == 0 && !c.in_place;
    if (!undefined && (!run.indices_ok || !parse_bracket(run.tree))) return true;
  }
  return false;
}

case_verdict check_case(const case_trace& c, int size) {
  case_verdict v;
  if (!c.completed) {
    v.violations.push_back({"the call completes (the job died in it)", c.crash});
    return v;
  }
  for (const auto& run : c.runs) check_run(c, size, run, v);
  if (c.which == collective::allreduce) check_allreduce_identical(c, v);
  summarise_full_trees(c, v);
  v.simulated = match_sim_algorithms(c, size);
  return v;
}

}  // namespace redsem::probe
