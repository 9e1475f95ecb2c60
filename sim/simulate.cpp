// SPDX-License-Identifier: BSD-3-Clause
#include "sim/simulate.h"

#include "model/check.h"
#include "model/element_compare.h"

namespace redsem::sim {

std::vector<rank_values> run_schedule(const schedule& s, const element_op& op, const rank_inputs& inputs,
                                      const std::function<void(int rank)>& on_rank) {
  ensure(static_cast<int>(inputs.size()) == s.request.procs, "one input buffer per rank");
  std::vector<rank_values> out(s.ranks.size());
  for (std::size_t rank = 0; rank < s.ranks.size(); ++rank) {
    const rank_result& res = s.ranks[rank];
    for (std::size_t i = 0; i < res.trees.size(); ++i) {
      const auto k = static_cast<std::size_t>(res.element_index[i]);
      std::vector<element> column;  // element k of every rank
      for (const auto& in : inputs) {
        ensure(k < in.size(), "every rank has count elements");
        column.push_back(in[k]);
      }
      out[rank].values.push_back(evaluate(res.trees[i], op, column));
    }
    if (on_rank) on_rank(static_cast<int>(rank));
  }
  return out;
}

std::optional<identity_break> find_rank_identity_break(const schedule& s, const element_op& op,
                                                       const std::vector<rank_values>& values) {
  policy bitwise;
  bitwise.compare = compare_rule::bitwise;
  // For each element, the first rank that has it is the reference.
  std::vector<int> first_rank(static_cast<std::size_t>(s.request.count), -1);
  std::vector<std::size_t> first_index(static_cast<std::size_t>(s.request.count), 0);
  for (std::size_t rank = 0; rank < s.ranks.size(); ++rank) {
    const rank_result& res = s.ranks[rank];
    for (std::size_t i = 0; i < res.trees.size(); ++i) {
      const auto k = static_cast<std::size_t>(res.element_index[i]);
      if (first_rank[k] < 0) {
        first_rank[k] = static_cast<int>(rank);
        first_index[k] = i;
        continue;
      }
      const auto a = static_cast<std::size_t>(first_rank[k]);
      const element& va = values[a].values[first_index[k]];
      const element& vb = values[rank].values[i];
      if (!same_element(op.type, va.data(), vb.data(), bitwise))
        return identity_break{
            static_cast<int>(k), first_rank[k], static_cast<int>(rank), va, vb, s.ranks[a].trees[first_index[k]],
            res.trees[i]};
    }
  }
  return std::nullopt;
}

}  // namespace redsem::sim
