// SPDX-License-Identifier: BSD-3-Clause
// MPI_Allreduce: recursive doubling (MPICH), ring (Open MPI), Rabenseifner (MPICH
// reduce-scatter + allgather), binomial reduce + broadcast (Open MPI libnbc).
// MPI_Reduce_scatter(_block): pairwise (MPICH), recursive halving (MPICH), ring (Open MPI),
// binomial reduce + scatter (Open MPI libnbc).
#include "sim/detail/schedule_algorithms.h"
#include "sim/detail/schedule_state.h"

namespace redsem::sim::detail {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Every rank ends with the full vector, element k as the tree the holder of k has.
std::vector<rank_result> everywhere(const schedule_request& r, const std::vector<buffer>& results) {
  std::vector<rank_result> out(at(r.procs));
  for (int rank = 0; rank < r.procs; ++rank) {
    out[at(rank)].trees = results[at(rank)];
    for (int k = 0; k < r.count; ++k) out[at(rank)].element_index.push_back(k);
  }
  return out;
}

// Block b of the ring travels b, b+1, …, b−1 (mod P); each rank applies received ∘ own, so the
// block's tree is the left fold over ranks in that order. Returns the final tree per element.
buffer ring_fold(const schedule_request& r, const std::vector<int>& block, int start_offset) {
  buffer out(at(r.count));
  for (int k = 0; k < r.count; ++k) {
    const int start = (block[at(k)] + start_offset) % r.procs;
    tree t = leaf(start);
    for (int step = 1; step < r.procs; ++step) t = combine(t, leaf((start + step) % r.procs));
    out[at(k)] = t;
  }
  return out;
}

}  // namespace

std::vector<int> scatter_counts(const schedule_request& r) {
  if (!r.block_counts.empty()) return r.block_counts;
  std::vector<int> counts;
  if (r.kind == collective::reduce_scatter_block) return std::vector<int>(at(r.procs), r.count / r.procs);
  const int parts = r.procs * (r.procs + 1) / 2;  // rank i gets (i+1) parts
  int given = 0;
  for (int i = 0; i < r.procs; ++i) {
    counts.push_back(i + 1 == r.procs ? r.count - given : r.count * (i + 1) / parts);
    given += counts.back();
  }
  return counts;
}

std::vector<rank_result> allreduce_recursive_doubling(const schedule_request& r) {
  // MPICH: fold to a power of two; then at distance 1, 2, 4 … partners exchange their whole
  // buffers. Commutative: received ∘ own; otherwise the lower rank's partial on the left.
  // Finally the folded-away even ranks get the result from their odd neighbour.
  auto bufs = initial_buffers(r.procs, r.count);
  const folded_group g = fold_to_power_of_two(bufs);
  const operand_rule rule = r.commutative ? operand_rule::received_left : operand_rule::rank_order;
  for (int mask = 1; mask < g.pof2; mask <<= 1) {
    auto next = bufs;
    for (int nr = 0; nr < g.pof2; ++nr) {
      const int me = g.real_rank(nr), other = g.real_rank(nr ^ mask);
      for (int k = 0; k < r.count; ++k)
        next[at(me)][at(k)] = merge(bufs[at(me)][at(k)], bufs[at(other)][at(k)], other < me, rule);
    }
    bufs = std::move(next);
  }
  for (int rank = 0; rank < 2 * g.rem; rank += 2) bufs[at(rank)] = bufs[at(rank + 1)];
  return everywhere(r, bufs);
}

std::vector<rank_result> allreduce_ring(const schedule_request& r) {
  // Open MPI ring: P blocks; a reduce-scatter ring (block b starts at rank b and ends complete
  // at rank b−1), then an allgather ring copies each finished block to every rank.
  const buffer done = ring_fold(r, block_of_elements(r.count, r.procs), 0);
  return everywhere(r, std::vector<buffer>(at(r.procs), done));
}

std::vector<rank_result> allreduce_rabenseifner(const schedule_request& r) {
  // MPICH reduce_scatter_allgather: the Rabenseifner reduce-scatter, a recursive-doubling
  // allgather, results back to the folded-away ranks.
  return everywhere(r, std::vector<buffer>(at(r.procs), rabenseifner_reduce_scatter(r.procs, r.count)));
}

std::vector<rank_result> allreduce_binomial_bcast(const schedule_request& r) {
  // libnbc: a binomial reduce to rank 0 in rank order, then a binomial broadcast of the result.
  return everywhere(r, std::vector<buffer>(at(r.procs), swapped_root_binomial(r.procs, r.count, 0)));
}

namespace {
// Rank `rank` receives its block of the reduced vector.
std::vector<rank_result> scattered(const schedule_request& r, const buffer& reduced) {
  const std::vector<int> counts = scatter_counts(r);
  std::vector<rank_result> out(at(r.procs));
  int first = 0;
  for (int rank = 0; rank < r.procs; ++rank) {
    for (int k = first; k < first + counts[at(rank)]; ++k) {
      out[at(rank)].element_index.push_back(k);
      out[at(rank)].trees.push_back(reduced[at(k)]);
    }
    if (r.in_place) out[at(rank)].note = "MPI_IN_PLACE: the block is written at the start of recvbuf";
    first += counts[at(rank)];
  }
  return out;
}

std::vector<int> owner_of_elements(const schedule_request& r) {
  std::vector<int> owner;
  const std::vector<int> counts = scatter_counts(r);
  for (int rank = 0; rank < r.procs; ++rank)
    for (int i = 0; i < counts[at(rank)]; ++i) owner.push_back(rank);
  return owner;
}
}  // namespace

std::vector<rank_result> reduce_scatter_pairwise(const schedule_request& r) {
  // MPICH pairwise exchange: at step i = 1 … P−1 rank r receives its block from rank r−i and
  // applies received ∘ own: x_{r+1} ∘ (… ∘ (x_{r−1} ∘ x_r)).
  const std::vector<int> owner = owner_of_elements(r);
  buffer reduced(at(r.count));
  for (int k = 0; k < r.count; ++k) {
    const int me = owner[at(k)];
    tree t = leaf(me);
    for (int i = 1; i < r.procs; ++i) t = combine(leaf((me - i + r.procs) % r.procs), t);
    reduced[at(k)] = t;
  }
  return scattered(r, reduced);
}

std::vector<rank_result> reduce_scatter_recursive_halving(const schedule_request& r) {
  // MPICH: fold to a power of two, halve at distance pof2/2, pof2/4 … 1 with received ∘ own;
  // a newrank standing for two ranks holds both their blocks and passes the even rank's on.
  auto bufs = initial_buffers(r.procs, r.count);
  const folded_group g = fold_to_power_of_two(bufs);
  std::vector<int> target;
  for (int owner : owner_of_elements(r)) target.push_back(g.newrank(owner) >= 0 ? g.newrank(owner) : g.newrank(owner + 1));
  std::vector<int> masks;
  for (int m = g.pof2 / 2; m >= 1; m >>= 1) masks.push_back(m);
  recursive_halving(bufs, g, target, masks, operand_rule::received_left);
  buffer reduced(at(r.count));
  for (int k = 0; k < r.count; ++k) reduced[at(k)] = bufs[at(g.real_rank(target[at(k)]))][at(k)];
  return scattered(r, reduced);
}

std::vector<rank_result> reduce_scatter_ring(const schedule_request& r) {
  // Open MPI ring: the block of rank b starts at rank b+1 and ends complete at rank b.
  return scattered(r, ring_fold(r, owner_of_elements(r), 1));
}

std::vector<rank_result> reduce_scatter_reduce_then_scatter(const schedule_request& r) {
  // libnbc: a binomial reduce of the whole vector to rank 0 in rank order, then rank 0 sends
  // each rank its block.
  return scattered(r, swapped_root_binomial(r.procs, r.count, 0));
}

}  // namespace redsem::sim::detail
