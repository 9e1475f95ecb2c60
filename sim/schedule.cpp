// SPDX-License-Identifier: BSD-3-Clause
#include "sim/schedule.h"

#include <algorithm>
#include <cctype>
#include <numeric>

#include "sim/detail/schedule_algorithms.h"

namespace redsem::sim {
namespace {

struct algorithm_entry {
  collective kind;
  algorithm_info info;
  detail::algorithm_fn run;
};

const std::vector<algorithm_entry>& algorithm_table() {
  using namespace detail;
  static const std::vector<algorithm_entry> table{
      {collective::reduce, {"linear", "Open MPI basic: the root folds x_i ∘ acc from rank P−1 down"}, reduce_linear},
      {collective::reduce,
       {"binomial",
        "MPICH: binomial tree relative to the root (commutative) or in rank order to rank 0, then to the root"},
       reduce_binomial},
      {collective::reduce,
       {"in_order_binary", "Open MPI: in-order binary tree, lower ranks always left"},
       reduce_in_order_binary},
      {collective::reduce,
       {"rabenseifner", "MPICH: recursive-halving reduce-scatter + binomial gather"},
       reduce_rabenseifner},
      {collective::reduce,
       {"pipeline", "Open MPI: segmented chain from the farthest rank to the root, received ∘ own"},
       reduce_pipeline},
      {collective::reduce,
       {"binomial_swapped_root",
        "Open MPI libnbc (MPI_Ireduce, MPI_Reduce_init): binomial tree with the root and rank 0 swapped, own ∘ "
        "received; non-commutative: in rank order to rank 0, then to the root"},
       reduce_binomial_swapped_root},
      {collective::allreduce,
       {"recursive_doubling", "MPICH: pairwise exchange at distance 1, 2, 4 …"},
       allreduce_recursive_doubling},
      {collective::allreduce, {"ring", "Open MPI: ring reduce-scatter + ring allgather"}, allreduce_ring},
      {collective::allreduce,
       {"rabenseifner", "MPICH: recursive-halving reduce-scatter + recursive-doubling allgather"},
       allreduce_rabenseifner},
      {collective::allreduce,
       {"binomial_bcast",
        "Open MPI libnbc (MPI_Iallreduce, MPI_Allreduce_init): binomial reduce to rank 0 in rank order, then a "
        "binomial broadcast"},
       allreduce_binomial_bcast},
      {collective::reduce_scatter, {"pairwise", "MPICH: pairwise exchange, received ∘ own"}, reduce_scatter_pairwise},
      {collective::reduce_scatter,
       {"recursive_halving", "MPICH: recursive halving at distance P/2 … 1"},
       reduce_scatter_recursive_halving},
      {collective::reduce_scatter, {"ring", "Open MPI: ring, block b ends at rank b"}, reduce_scatter_ring},
      {collective::reduce_scatter,
       {"reduce_then_scatter",
        "Open MPI libnbc (MPI_Ireduce_scatter, its _init): binomial reduce to rank 0 in rank order, then a scatter of "
        "the blocks"},
       reduce_scatter_reduce_then_scatter},
      {collective::reduce_scatter_block,
       {"pairwise", "MPICH: pairwise exchange, received ∘ own"},
       reduce_scatter_pairwise},
      {collective::reduce_scatter_block,
       {"recursive_halving", "MPICH: recursive halving at distance P/2 … 1"},
       reduce_scatter_recursive_halving},
      {collective::reduce_scatter_block, {"ring", "Open MPI: ring, block b ends at rank b"}, reduce_scatter_ring},
      {collective::reduce_scatter_block,
       {"reduce_then_scatter",
        "Open MPI libnbc (MPI_Ireduce_scatter_block, its _init): binomial reduce to rank 0 in rank order, then a "
        "scatter of the blocks"},
       reduce_scatter_reduce_then_scatter},
      {collective::scan, {"linear", "Open MPI basic: chain, received ∘ own"}, scan_linear},
      {collective::scan,
       {"recursive_doubling", "MPICH: exchange of partial scans at distance 1, 2, 4 …"},
       scan_recursive_doubling},
      {collective::exscan, {"linear", "Open MPI basic: chain; rank 1 gets x_0 as is"}, exscan_linear},
      {collective::exscan,
       {"recursive_doubling", "MPICH: exchange of partial scans at distance 1, 2, 4 …"},
       exscan_recursive_doubling},
  };
  return table;
}

std::string normalized(std::string_view name) {
  std::string s;
  for (char c : name) s += c == '-' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (s.rfind("mpi_", 0) == 0) s = s.substr(4);
  return s;
}

}  // namespace

std::string_view to_string(collective c) {
  switch (c) {
    case collective::reduce:
      return "MPI_Reduce";
    case collective::allreduce:
      return "MPI_Allreduce";
    case collective::reduce_scatter:
      return "MPI_Reduce_scatter";
    case collective::reduce_scatter_block:
      return "MPI_Reduce_scatter_block";
    case collective::scan:
      return "MPI_Scan";
    case collective::exscan:
      return "MPI_Exscan";
  }
  return "?";
}

std::optional<collective> parse_collective(std::string_view name) {
  const std::string n = normalized(name);
  for (collective c : all_collectives)
    if (normalized(to_string(c)) == n) return c;
  return std::nullopt;
}

const std::vector<algorithm_info>& algorithms_of(collective c) {
  static const auto lists = [] {
    std::vector<std::vector<algorithm_info>> out(std::size(all_collectives));
    for (const auto& e : algorithm_table()) out[static_cast<std::size_t>(e.kind)].push_back(e.info);
    return out;
  }();
  return lists[static_cast<std::size_t>(c)];
}

std::vector<int> required_ranks(collective c, int rank, int procs) {
  switch (c) {
    case collective::scan:
      return rank_range(0, rank);
    case collective::exscan:
      return rank_range(0, rank - 1);
    default:
      return rank_range(0, procs - 1);
  }
}

schedule_outcome build_schedule(const schedule_request& request) {
  schedule_request r = request;
  if (r.procs < 1) return {std::nullopt, "--procs must be at least 1"};
  if (r.procs > 4096) return {std::nullopt, "--procs is limited to 4096 for a symbolic schedule"};
  if (r.kind == collective::reduce && (r.root < 0 || r.root >= r.procs))
    return {std::nullopt, "--root " + std::to_string(r.root) + " is not a rank of " + std::to_string(r.procs)};
  if (r.kind != collective::reduce && r.root != 0) return {std::nullopt, "--root applies to MPI_Reduce only"};
  if (r.count < 0 || r.segment < 0) return {std::nullopt, "--count and --segment must not be negative"};
  if (r.count == 0) r.count = r.procs;
  if (r.kind == collective::reduce_scatter_block && r.count % r.procs != 0)
    return {std::nullopt, "MPI_Reduce_scatter_block needs a count divisible by the number of ranks"};
  if (!r.block_counts.empty()) {
    const auto& b = r.block_counts;
    const bool negative = std::any_of(b.begin(), b.end(), [](int n) { return n < 0; });
    if (r.kind != collective::reduce_scatter || static_cast<int>(b.size()) != r.procs || negative ||
        std::accumulate(b.begin(), b.end(), 0LL) != r.count)
      return {std::nullopt, "block counts are MPI_Reduce_scatter's: one per rank, none negative, summing to the count"};
  }
  const std::string wanted = normalized(r.algorithm);
  for (const auto& e : algorithm_table()) {
    if (e.kind != r.kind || normalized(e.info.name) != wanted) continue;
    r.algorithm = std::string(e.info.name);
    return {schedule{r, e.run(r)}, {}};
  }
  std::string known;
  for (const auto& a : algorithms_of(r.kind)) known += (known.empty() ? "" : ", ") + std::string(a.name);
  return {std::nullopt, "unknown algorithm '" + request.algorithm + "' for " + std::string(to_string(r.kind)) +
                            " (known: " + known + ")"};
}

std::vector<schedule_problem> check_schedule(const schedule& s, const std::function<void(int rank)>& on_rank) {
  std::vector<schedule_problem> problems;
  for (int rank = 0; rank < static_cast<int>(s.ranks.size()); ++rank) {
    const rank_result& res = s.ranks[static_cast<std::size_t>(rank)];
    const std::vector<int> needed = required_ranks(s.request.kind, rank, s.request.procs);
    for (std::size_t i = 0; i < res.trees.size(); ++i) {
      tree_check c = check_tree(res.trees[i], needed, s.request.commutative);
      if (!c.legal()) problems.push_back({rank, res.element_index[i], std::move(c)});
    }
    if (on_rank) on_rank(rank);
  }
  return problems;
}

}  // namespace redsem::sim
