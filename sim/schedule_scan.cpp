// SPDX-License-Identifier: BSD-3-Clause
// MPI_Scan and MPI_Exscan: linear chains (Open MPI basic) and recursive doubling (MPICH).
#include "sim/detail/schedule_algorithms.h"
#include "sim/detail/schedule_state.h"

namespace redsem::sim::detail {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

std::vector<rank_result> per_rank(const schedule_request& r, const std::vector<buffer>& results) {
  std::vector<rank_result> out(at(r.procs));
  for (int rank = 0; rank < r.procs; ++rank) {
    auto& res = out[at(rank)];
    if (results[at(rank)].empty() || !results[at(rank)][0]) {
      // MPI-4.1 §7.11.2: rank 0's recvbuf is undefined; with MPI_IN_PLACE it is left unchanged.
      res.note = r.in_place ? "recvbuf unchanged (MPI_IN_PLACE at rank 0, MPI-4.1 §7.11.2)"
                            : "recvbuf undefined at rank 0 (MPI-4.1 §7.11.2)";
      continue;
    }
    res.trees = results[at(rank)];
    for (int k = 0; k < r.count; ++k) res.element_index.push_back(k);
  }
  return out;
}

}  // namespace

std::vector<rank_result> scan_linear(const schedule_request& r) {
  // Rank i receives rank i−1's prefix and applies received ∘ x_i; rank 0 keeps x_0 unchanged.
  std::vector<buffer> out(at(r.procs), buffer(at(r.count)));
  for (int k = 0; k < r.count; ++k) {
    tree prefix = leaf(0);
    out[0][at(k)] = prefix;
    for (int i = 1; i < r.procs; ++i) out[at(i)][at(k)] = prefix = combine(prefix, leaf(i));
  }
  return per_rank(r, out);
}

std::vector<rank_result> exscan_linear(const schedule_request& r) {
  // Rank 1 receives x_0 as it is (no op applied); rank i > 1 receives (prefix of i−1) ∘ x_{i−1}.
  std::vector<buffer> out(at(r.procs), buffer(at(r.count)));
  for (int k = 0; k < r.count; ++k) {
    if (r.procs < 2) break;
    tree prefix = leaf(0);
    out[1][at(k)] = prefix;
    for (int i = 2; i < r.procs; ++i) out[at(i)][at(k)] = prefix = combine(prefix, leaf(i - 1));
  }
  return per_rank(r, out);
}

namespace {
// MPICH's recursive doubling scan and exscan share the exchange of partial scans: at distance
// 1, 2, 4 … partners swap partial_scan; the higher rank applies received ∘ partial, the lower
// one partial ∘ received (commutative: received ∘ partial). The result takes received ∘ result
// when the sender is lower; exscan starts it from the first received partial, copied as is.
std::vector<buffer> recursive_doubling_prefixes(const schedule_request& r, bool inclusive) {
  auto partial = initial_buffers(r.procs, r.count);
  std::vector<buffer> result = inclusive ? partial : std::vector<buffer>(at(r.procs), buffer(at(r.count)));
  for (int mask = 1; mask < r.procs; mask <<= 1) {
    auto next = partial;
    for (int rank = 0; rank < r.procs; ++rank) {
      const int dst = rank ^ mask;
      if (dst >= r.procs) continue;
      for (int k = 0; k < r.count; ++k) {
        const tree& recv = partial[at(dst)][at(k)];
        tree& mine = next[at(rank)][at(k)];
        if (rank > dst) {
          mine = combine(recv, mine);
          tree& res = result[at(rank)][at(k)];
          res = res ? combine(recv, res) : recv;
        } else {
          mine = r.commutative ? combine(recv, mine) : combine(mine, recv);
        }
      }
    }
    partial = std::move(next);
  }
  return result;
}
}  // namespace

std::vector<rank_result> scan_recursive_doubling(const schedule_request& r) {
  return per_rank(r, recursive_doubling_prefixes(r, true));
}

std::vector<rank_result> exscan_recursive_doubling(const schedule_request& r) {
  return per_rank(r, recursive_doubling_prefixes(r, false));
}

}  // namespace redsem::sim::detail
