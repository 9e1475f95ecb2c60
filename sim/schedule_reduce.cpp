// SPDX-License-Identifier: BSD-3-Clause
// MPI_Reduce: linear (Open MPI basic), binomial (MPICH), in-order binary tree (Open MPI's
// choice for non-commutative ops), Rabenseifner (MPICH reduce-scatter + gather), a segmented
// chain pipeline (Open MPI), and libnbc's binomial tree with the root swapped for rank 0 (Open
// MPI's MPI_Ireduce and MPI_Reduce_init).
#include <functional>

#include "sim/detail/schedule_algorithms.h"
#include "sim/detail/schedule_state.h"

namespace redsem::sim::detail {
namespace {

// Only the root has a result; the others' recvbuf is not significant (MPI-4.1 §7.9.1).
std::vector<rank_result> at_root(const schedule_request& r, const buffer& result) {
  std::vector<rank_result> out(static_cast<std::size_t>(r.procs));
  for (int rank = 0; rank < r.procs; ++rank) {
    auto& res = out[static_cast<std::size_t>(rank)];
    if (rank != r.root) {
      res.note = "not significant at a non-root rank";
      continue;
    }
    res.trees = result;
    for (int k = 0; k < r.count; ++k) res.element_index.push_back(k);
    if (r.in_place) res.note = "MPI_IN_PLACE: the root's input was taken from recvbuf";
  }
  return out;
}

}  // namespace

std::vector<rank_result> reduce_linear(const schedule_request& r) {
  // The root starts from rank P−1's buffer and applies x_i ∘ acc for i = P−2 … 0.
  buffer acc = initial_buffers(r.procs, r.count)[static_cast<std::size_t>(r.procs - 1)];
  for (int i = r.procs - 2; i >= 0; --i)
    for (auto& t : acc) t = combine(leaf(i), t);
  return at_root(r, acc);
}

std::vector<rank_result> reduce_binomial(const schedule_request& r) {
  // Commutative: a binomial tree over ranks relative to the root, received ∘ own.
  // Non-commutative: the tree is rooted at rank 0 in rank order (own ∘ received, the sender
  // being higher), then rank 0 sends the result to the root.
  const int root = r.commutative ? r.root : 0;
  auto bufs = initial_buffers(r.procs, r.count);
  auto real = [&](int v) { return (v + root) % r.procs; };
  for (int mask = 1; mask < r.procs; mask <<= 1)
    for (int v = 0; v < r.procs; v += 2 * mask) {
      if (v + mask >= r.procs) continue;
      auto& own = bufs[static_cast<std::size_t>(real(v))];
      const auto& recv = bufs[static_cast<std::size_t>(real(v + mask))];
      for (int k = 0; k < r.count; ++k)
        own[static_cast<std::size_t>(k)] = r.commutative ? combine(recv[static_cast<std::size_t>(k)], own[static_cast<std::size_t>(k)])
                                                         : combine(own[static_cast<std::size_t>(k)], recv[static_cast<std::size_t>(k)]);
    }
  return at_root(r, bufs[static_cast<std::size_t>(root)]);
}

std::vector<rank_result> reduce_in_order_binary(const schedule_request& r) {
  // Ranks lo..hi reduce at their middle rank m: (reduce(lo..m−1) ∘ x_m) ∘ reduce(m+1..hi),
  // so every combine keeps lower ranks on the left; the result then goes to the root.
  std::function<tree(int, int)> reduce_range = [&](int lo, int hi) -> tree {
    const int m = (lo + hi + 1) / 2;
    tree t = leaf(m);
    if (lo <= m - 1) t = combine(reduce_range(lo, m - 1), t);
    if (m + 1 <= hi) t = combine(t, reduce_range(m + 1, hi));
    return t;
  };
  return at_root(r, buffer(static_cast<std::size_t>(r.count), reduce_range(0, r.procs - 1)));
}

std::vector<rank_result> reduce_rabenseifner(const schedule_request& r) {
  // MPICH reduce_scatter_gather: the Rabenseifner reduce-scatter, then a binomial gather of the
  // blocks.
  return at_root(r, rabenseifner_reduce_scatter(r.procs, r.count));
}

std::vector<rank_result> reduce_pipeline(const schedule_request& r) {
  // A chain from the rank farthest from the root towards it (relative ranks P−1 … 0), each
  // rank combining received ∘ own; the buffer moves in segments, each segment its own pass.
  const int segment = r.segment > 0 ? r.segment : r.count;
  buffer result(static_cast<std::size_t>(r.count));
  auto real = [&](int v) { return (v + r.root) % r.procs; };
  for (int first = 0; first < r.count; first += segment) {
    const int last = std::min(r.count, first + segment);
    buffer seg(static_cast<std::size_t>(last - first), leaf(real(r.procs - 1)));
    for (int v = r.procs - 2; v >= 0; --v)
      for (auto& t : seg) t = combine(t, leaf(real(v)));
    for (int k = first; k < last; ++k) result[static_cast<std::size_t>(k)] = seg[static_cast<std::size_t>(k - first)];
  }
  return at_root(r, result);
}

std::vector<rank_result> reduce_binomial_swapped_root(const schedule_request& r) {
  // Commutative: the tree is rooted at the root itself; otherwise at rank 0 in rank order, and
  // rank 0 sends the result to the root.
  return at_root(r, swapped_root_binomial(r.procs, r.count, r.commutative ? r.root : 0));
}

}  // namespace redsem::sim::detail
