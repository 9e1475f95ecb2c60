// The dynamic programme behind order_results: for every block of ranks (an interval for a
// non-commutative op, any subset for a commutative one), the set of values some legal tree
// over that block can produce, each with one witness split. A tree's root splits its block in
// two and each half is again any legal tree, so the sets compose without listing trees.
#pragma once

#include <bit>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "model/check.h"
#include "sim/tree.h"

namespace redsem::sim::detail {

inline constexpr std::uint32_t no_block = std::numeric_limits<std::uint32_t>::max();

template <class V>
struct dp_entry {
  V value;
  std::uint32_t left_block, left_index;  // left operand; left_block == no_block for a leaf (left_index = rank)
  std::uint32_t right_block, right_index;
  // How many legal trees give this value; a commutative op's two operand orders of a split
  // count half a tree each, so the counts over all values add up to the number of trees.
  double trees = 1;
};

struct dp_limits {
  std::size_t max_values = std::size_t{1} << 22;    // entries over all blocks
  std::uint64_t max_combinations = 40'000'000'000;  // op applications
  int share_index = 0, share_count = 1;             // which contiguous run of the root's splits to make
};

// Ops supplies: V combine(const V&, const V&); std::uint64_t hash(const V&); bool same(const V&, const V&).
template <class V, class Ops>
class order_dp {
 public:
  using entry = dp_entry<V>;

  order_dp(Ops ops, dp_limits limits) : ops_(std::move(ops)), limits_(limits) {}

  // Commutative: block id = rank mask; both operand orders of each split are legal.
  void run_subsets(const std::vector<V>& inputs) {
    const int p = static_cast<int>(inputs.size());
    ensure(p >= 1 && p <= 24, "subset enumeration needs 1..24 ranks");
    blocks_.assign(std::size_t{1} << p, {});
    for (int r = 0; r < p; ++r) blocks_[std::size_t{1} << r] = {leaf_entry(inputs[r], r)};
    for (std::uint32_t mask = 1; mask < (std::uint32_t{1} << p) && !truncated_; ++mask) {
      if (std::has_single_bit(mask)) continue;
      const std::uint32_t low = mask & (~mask + 1), rest = mask ^ low;
      const bool top = mask == (std::uint32_t{1} << p) - 1;
      // The splits are numbered 0 .. 2^|rest| − 2 in enumeration order; the root makes its share.
      const auto [from, to] = top ? share_of((std::uint64_t{1} << std::popcount(rest)) - 1) : full_range();
      if (top) top_start_ = combinations_;
      begin_block();
      // A = low ∪ sub for every proper subset sub of rest (B = mask \ A is then nonempty).
      std::uint64_t split = 0;
      for (std::uint32_t sub = 0;; sub = (sub - rest) & rest, ++split) {
        if (sub == rest) break;
        if (split < from || split >= to) continue;
        const std::uint32_t a = low | sub, b = mask ^ a;
        combine_blocks(a, b, true);
        if (truncated_) break;
      }
      blocks_[mask] = finish_block();
    }
    root_ = (std::uint32_t{1} << p) - 1;
  }

  // Non-commutative: block id = first * p + last for the interval first..last; operands keep rank order.
  void run_intervals(const std::vector<V>& inputs) {
    const auto p = static_cast<std::uint32_t>(inputs.size());
    ensure(p >= 1, "an interval enumeration needs ranks");
    procs_ = p;
    blocks_.assign(std::size_t{p} * p, {});
    for (std::uint32_t r = 0; r < p; ++r) blocks_[id(r, r)] = {leaf_entry(inputs[r], static_cast<int>(r))};
    for (std::uint32_t len = 2; len <= p && !truncated_; ++len)
      for (std::uint32_t first = 0; first + len <= p && !truncated_; ++first) {
        const std::uint32_t last = first + len - 1;
        const bool top = len == p;
        const auto [from, to] = top ? share_of(p - 1) : full_range();
        if (top) top_start_ = combinations_;
        begin_block();
        for (std::uint32_t k = first; k < last && !truncated_; ++k)
          if (k - first >= from && k - first < to) combine_blocks(id(first, k), id(k + 1, last), false);
        blocks_[id(first, last)] = finish_block();
      }
    root_ = id(0, p - 1);
  }

  bool truncated() const { return truncated_; }
  std::uint64_t combinations() const { return combinations_; }
  // Of those, the applications for the whole rank set (0 for a single rank).
  std::uint64_t top_combinations() const { return top_start_ == no_top ? 0 : combinations_ - top_start_; }
  const std::vector<entry>& results() const { return blocks_[root_]; }

  // The tree that produced results()[index].
  tree witness(std::size_t index) const { return build(root_, static_cast<std::uint32_t>(index)); }

 private:
  std::uint32_t id(std::uint32_t first, std::uint32_t last) const { return first * procs_ + last; }

  // Splits [from, to) of `splits` that this share makes: contiguous, nearly equal runs.
  std::pair<std::uint64_t, std::uint64_t> share_of(std::uint64_t splits) const {
    const auto index = static_cast<std::uint64_t>(limits_.share_index);
    const auto count = static_cast<std::uint64_t>(limits_.share_count);
    return {splits * index / count, splits * (index + 1) / count};
  }
  static std::pair<std::uint64_t, std::uint64_t> full_range() { return {0, std::numeric_limits<std::uint64_t>::max()}; }

  entry leaf_entry(const V& v, int rank) const {
    return {v, no_block, static_cast<std::uint32_t>(rank), no_block, 0, 1.0};
  }

  tree build(std::uint32_t block, std::uint32_t index) const {
    const entry& e = blocks_[block][index];
    if (e.left_block == no_block) return leaf(static_cast<int>(e.left_index));
    return combine(build(e.left_block, e.left_index), build(e.right_block, e.right_index));
  }

  void combine_blocks(std::uint32_t a, std::uint32_t b, bool both_orders) {
    const auto& left = blocks_[a];
    const auto& right = blocks_[b];
    combinations_ += left.size() * right.size() * (both_orders ? 2 : 1);
    if (combinations_ > limits_.max_combinations) {
      truncated_ = true;
      return;
    }
    for (std::uint32_t i = 0; i < left.size(); ++i)
      for (std::uint32_t j = 0; j < right.size(); ++j) {
        const double trees = left[i].trees * right[j].trees * (both_orders ? 0.5 : 1.0);
        insert({ops_.combine(left[i].value, right[j].value), a, i, b, j, trees});
        if (both_orders) insert({ops_.combine(right[j].value, left[i].value), b, j, a, i, trees});
      }
  }

  // Open addressing over indices into current_, reset between blocks by the slots it used.
  void begin_block() { current_.clear(); }

  void insert(const entry& e) {
    if (slots_.size() < 2 * (current_.size() + 1)) rehash(std::max<std::size_t>(64, 4 * (current_.size() + 1)));
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t s = ops_.hash(e.value) & mask;; s = (s + 1) & mask) {
      const std::uint32_t at = slots_[s];
      if (at == empty_slot) {
        slots_[s] = static_cast<std::uint32_t>(current_.size());
        used_.push_back(s);
        current_.push_back(e);
        if (++total_values_ > limits_.max_values) truncated_ = true;
        return;
      }
      if (ops_.same(current_[at].value, e.value)) {
        current_[at].trees += e.trees;
        return;
      }
    }
  }

  void rehash(std::size_t size) {
    slots_.assign(std::bit_ceil(size), empty_slot);
    used_.clear();
    const std::size_t mask = slots_.size() - 1;
    for (std::uint32_t i = 0; i < current_.size(); ++i) {
      std::size_t s = ops_.hash(current_[i].value) & mask;
      while (slots_[s] != empty_slot) s = (s + 1) & mask;
      slots_[s] = i;
      used_.push_back(s);
    }
  }

  std::vector<entry> finish_block() {
    for (std::size_t s : used_) slots_[s] = empty_slot;
    used_.clear();
    std::vector<entry> done(current_.begin(), current_.end());
    current_.clear();
    return done;
  }

  static constexpr std::uint32_t empty_slot = std::numeric_limits<std::uint32_t>::max();

  Ops ops_;
  dp_limits limits_;
  std::vector<std::vector<entry>> blocks_;
  std::vector<entry> current_;
  std::vector<std::uint32_t> slots_;
  std::vector<std::size_t> used_;
  std::uint32_t procs_ = 0, root_ = 0;
  std::uint64_t combinations_ = 0;
  static constexpr std::uint64_t no_top = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t top_start_ = no_top;  // combinations_ when the whole rank set's block began
  std::size_t total_values_ = 0;
  bool truncated_ = false;
};

inline std::uint64_t mix_bits(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

}  // namespace redsem::sim::detail
