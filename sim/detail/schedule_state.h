/* SPDX-License-Identifier: BSD-3-Clause */
// The symbolic machine the schedules run on: each rank's buffer holds one tree per element.
#pragma once

#include <vector>

#include "sim/schedule.h"

namespace redsem::sim::detail {

using buffer = std::vector<tree>;

// Every rank's send buffer: element k of rank r is the leaf r.
inline std::vector<buffer> initial_buffers(int procs, int count) {
  std::vector<buffer> out(static_cast<std::size_t>(procs));
  for (int r = 0; r < procs; ++r) out[static_cast<std::size_t>(r)].assign(static_cast<std::size_t>(count), leaf(r));
  return out;
}

inline int largest_power_of_two_at_most(int n) {
  int p = 1;
  while (p * 2 <= n) p *= 2;
  return p;
}

// MPICH's reduction of a non-power-of-two group to pof2 participants: among the first 2·rem
// ranks, each even rank sends its buffer to the odd rank above it, which combines lower ∘ upper
// (for a commutative op MPICH writes received ∘ own, the same order here) and takes part as
// newrank rank/2; the even ranks sit out. Ranks from 2·rem on are newrank rank − rem.
struct folded_group {
  int pof2 = 1, rem = 0;
  int newrank(int rank) const {
    if (rank < 2 * rem) return rank % 2 == 0 ? -1 : rank / 2;
    return rank - rem;
  }
  int real_rank(int nr) const { return nr < rem ? 2 * nr + 1 : nr + rem; }
};

inline folded_group fold_to_power_of_two(std::vector<buffer>& bufs) {
  const int procs = static_cast<int>(bufs.size());
  folded_group g{largest_power_of_two_at_most(procs), 0};
  g.rem = procs - g.pof2;
  for (int r = 0; r < 2 * g.rem; r += 2)
    for (std::size_t k = 0; k < bufs[static_cast<std::size_t>(r)].size(); ++k)
      bufs[static_cast<std::size_t>(r) + 1][k] = combine(bufs[static_cast<std::size_t>(r)][k], bufs[static_cast<std::size_t>(r) + 1][k]);
  return g;
}

enum class operand_rule {
  received_left,  // own = received ∘ own, whoever sent it (MPICH's commutative paths, Open MPI's ring)
  rank_order,     // the lower rank's partial is the left operand (MPICH's non-commutative paths)
};

inline tree merge(const tree& own, const tree& received, bool received_from_lower, operand_rule rule) {
  if (rule == operand_rule::received_left || received_from_lower) return combine(received, own);
  return combine(own, received);
}

// Recursive halving over the folded group: at each step newranks nr and nr ^ mask split the
// elements both still hold; nr keeps those whose target newrank agrees with nr on bit `mask`
// and reduces the partner's partials of them into its own. Afterwards newrank t holds the full
// reduction of every element k with target[k] == t. Masks run in the order given.
inline void recursive_halving(std::vector<buffer>& bufs, const folded_group& g, const std::vector<int>& target,
                              const std::vector<int>& masks, operand_rule rule) {
  const auto count = target.size();
  for (int mask : masks) {
    std::vector<buffer> next = bufs;
    for (int nr = 0; nr < g.pof2; ++nr) {
      const int partner = nr ^ mask;
      const int me = g.real_rank(nr), other = g.real_rank(partner);
      for (std::size_t k = 0; k < count; ++k) {
        // Only elements still shared (targets agreeing on all masks done so far) are in play;
        // the check on this mask's bit picks the half nr keeps.
        if ((target[k] & mask) != (nr & mask)) continue;
        bool shared = true;
        for (int done : masks) {
          if (done == mask) break;
          if ((target[k] & done) != (nr & done)) shared = false;
        }
        if (!shared) continue;
        next[static_cast<std::size_t>(me)][k] = merge(bufs[static_cast<std::size_t>(me)][k],
                                                      bufs[static_cast<std::size_t>(other)][k], other < me, rule);
      }
    }
    bufs = std::move(next);
  }
}

// Open MPI libnbc's binomial tree (its nonblocking and persistent Reduce, Allreduce and
// Reduce_scatter): virtual rank v stands for rank v, except that v = 0 is `vroot` and v = vroot is
// rank 0. At distance 1, 2, 4 … virtual rank v (a multiple of twice the distance) receives from
// v + distance and applies own ∘ received, so lower virtual ranks stay on the left. Returns what
// virtual rank 0 (rank `vroot`) ends with.
inline buffer swapped_root_binomial(int procs, int count, int vroot) {
  auto bufs = initial_buffers(procs, count);
  const auto real = [vroot](int v) { return static_cast<std::size_t>(v == 0 ? vroot : v == vroot ? 0 : v); };
  for (int distance = 1; distance < procs; distance <<= 1)
    for (int v = 0; v + distance < procs; v += 2 * distance) {
      buffer& own = bufs[real(v)];
      const buffer& received = bufs[real(v + distance)];
      for (std::size_t k = 0; k < own.size(); ++k) own[k] = combine(own[k], received[k]);
    }
  return bufs[real(0)];
}

// Elements 0..count−1 in `blocks` nearly equal blocks, the first count % blocks one longer.
inline std::vector<int> block_of_elements(int count, int blocks) {
  std::vector<int> out;
  const int base = count / blocks, extra = count % blocks;
  for (int b = 0; b < blocks; ++b)
    for (int i = 0; i < base + (b < extra ? 1 : 0); ++i) out.push_back(b);
  return out;
}

// MPICH's Rabenseifner reduce-scatter (reduce_scatter_gather, reduce_scatter_allgather): fold to
// a power of two, recursive halving with the distance doubling (mask 1, 2, 4 …) and received ∘
// own. Returns each element's full reduction, as the newrank that ends up holding it has it;
// the gather or allgather that follows moves trees without combining them.
inline buffer rabenseifner_reduce_scatter(int procs, int count) {
  auto bufs = initial_buffers(procs, count);
  const folded_group g = fold_to_power_of_two(bufs);
  const std::vector<int> target = block_of_elements(count, g.pof2);
  std::vector<int> masks;
  for (int m = 1; m < g.pof2; m <<= 1) masks.push_back(m);
  recursive_halving(bufs, g, target, masks, operand_rule::received_left);
  buffer done(static_cast<std::size_t>(count));
  for (std::size_t k = 0; k < done.size(); ++k)
    done[k] = bufs[static_cast<std::size_t>(g.real_rank(target[k]))][k];
  return done;
}

}  // namespace redsem::sim::detail
