/* SPDX-License-Identifier: BSD-3-Clause */
// The dynamic programme behind order_results: for every block of ranks (an interval for a
// non-commutative op, any subset for a commutative one), the set of values some legal tree
// over that block can produce, each with one witness split. A tree's root splits its block in
// two and each half is again any legal tree, so the sets compose without listing trees.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "model/check.h"
#include "sim/detail/raw_bytes.h"
#include "sim/order_results.h"
#include "sim/tree.h"
#include "sim/tree_count.h"

namespace redsem::sim::detail {

inline constexpr std::uint32_t no_block = std::numeric_limits<std::uint32_t>::max();

// One distinct value of a block, with the split that first gave it. The right operand's block
// is the rest of this block (order_dp::right_of), so it is not stored: the search makes one
// entry per op application, and their size is its memory traffic.
template <class V>
struct dp_entry {
  V value;
  std::uint32_t left_block, left_index;  // left operand; left_block == no_block for a leaf (left_index = rank)
  std::uint32_t right_index;
  // How many legal trees give this value, a commutative op's two operand orders of a split each
  // tallied as a tree (tree_count's halvings undo that).
  exact_count trees = exact_count::one();
};

struct dp_limits {
  std::size_t max_values = std::size_t{1} << 22;    // entries over all blocks
  std::uint64_t max_combinations = 40'000'000'000;  // op applications
  int share_index = 0, share_count = 1;             // a split search's share (sim::search_share)
  std::function<std::vector<std::string>(const std::string&)> allgather;
  std::function<void(std::uint64_t, std::uint64_t)> on_progress;  // order_limits::on_progress
};

inline dp_limits limits_of(const order_limits& l) {
  return {l.max_values, l.max_combinations, l.share.index, l.share.count, l.share.allgather, l.on_progress};
}

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
    root_ = (std::uint32_t{1} << p) - 1;
    if (!split()) {
      for (std::uint32_t mask = 1; mask < root_ && !truncated_; ++mask)
        if (!std::has_single_bit(mask)) make_subset_block(mask, full_range());
    } else {  // size by size, each block made by one share, then exchanged
      for (int size = 2; size < p && !truncated_; ++size) {
        std::vector<std::uint32_t> level;
        for (std::uint32_t mask = 1; mask < root_; ++mask)
          if (std::popcount(mask) == size) level.push_back(mask);
        make_level(level, [&](std::uint32_t mask) { make_subset_block(mask, full_range()); });
      }
    }
    if (p == 1 || truncated_) return;
    // The whole set's splits are numbered 0 .. 2^(p−1) − 2 in enumeration order; a share makes its run.
    top_start_ = combinations_;
    make_subset_block(root_, share_of((std::uint64_t{1} << (p - 1)) - 1));
  }

  // Non-commutative: block id = first * p + last for the interval first..last; operands keep rank order.
  void run_intervals(const std::vector<V>& inputs) {
    const auto p = static_cast<std::uint32_t>(inputs.size());
    ensure(p >= 1, "an interval enumeration needs ranks");
    procs_ = p;
    blocks_.assign(std::size_t{p} * p, {});
    for (std::uint32_t r = 0; r < p; ++r) blocks_[id(r, r)] = {leaf_entry(inputs[r], static_cast<int>(r))};
    root_ = id(0, p - 1);
    for (std::uint32_t len = 2; len < p && !truncated_; ++len) {
      std::vector<std::uint32_t> level;
      for (std::uint32_t first = 0; first + len <= p; ++first) level.push_back(id(first, first + len - 1));
      const auto make = [&](std::uint32_t block) { make_interval_block(block / p, block % p, full_range()); };
      if (split())
        make_level(level, make);
      else
        for (std::uint32_t block : level) make(block);
    }
    if (p == 1 || truncated_) return;
    top_start_ = combinations_;
    make_interval_block(0, p - 1, share_of(p - 1));  // splits k = 0 .. p − 2
  }

  bool truncated() const { return truncated_; }
  std::uint64_t combinations() const { return combinations_; }
  // Of those, the applications for the whole rank set (0 for a single rank).
  std::uint64_t top_combinations() const { return top_start_ == no_top ? 0 : combinations_ - top_start_; }
  const std::vector<entry>& results() const { return blocks_[root_]; }
  // How many legal trees give results()[index].
  tree_count trees(std::size_t index) const {
    return {blocks_[root_][index].trees, procs_ == 0 ? std::popcount(root_) - 1 : 0};
  }

  // The tree that produced results()[index].
  tree witness(std::size_t index) const { return build(root_, static_cast<std::uint32_t>(index)); }

 private:
  std::uint32_t id(std::uint32_t first, std::uint32_t last) const { return first * procs_ + last; }

  bool split() const { return limits_.share_count > 1; }

  // A = low ∪ sub for every proper subset sub of rest (B = mask \ A is then nonempty), the
  // splits numbered in that order and those in [range) made.
  void make_subset_block(std::uint32_t mask, std::pair<std::uint64_t, std::uint64_t> range) {
    const std::uint32_t low = mask & (~mask + 1), rest = mask ^ low;
    begin_block();
    std::uint64_t split = 0;
    for (std::uint32_t sub = 0; sub != rest && !truncated_; sub = (sub - rest) & rest, ++split)
      if (split >= range.first && split < range.second) combine_blocks(low | sub, mask ^ (low | sub), true);
    blocks_[mask] = finish_block();
  }

  // The interval's splits after first + k for k in [range).
  void make_interval_block(std::uint32_t first, std::uint32_t last, std::pair<std::uint64_t, std::uint64_t> range) {
    begin_block();
    for (std::uint32_t k = first; k < last && !truncated_; ++k)
      if (k - first >= range.first && k - first < range.second) combine_blocks(id(first, k), id(k + 1, last), false);
    blocks_[id(first, last)] = finish_block();
  }

  // This share makes the level's blocks dealt to it (round robin: neighbouring blocks cost
  // alike), then every share's blocks are exchanged so each holds the whole level.
  template <class Make>
  void make_level(const std::vector<std::uint32_t>& level, Make make) {
    const auto index = static_cast<std::size_t>(limits_.share_index),
               count = static_cast<std::size_t>(limits_.share_count);
    std::string mine;
    for (std::size_t j = index; j < level.size(); j += count) {
      make(level[j]);
      put_block(mine, level[j]);
    }
    mine.push_back(truncated_ ? 1 : 0);
    const std::vector<std::string> all = limits_.allgather(mine);
    ensure(all.size() == count, "a split search's allgather returns one part per share");
    for (std::size_t part = 0; part < count; ++part) {
      const std::string& bytes = all[part];
      ensure(!bytes.empty(), "a split search's part is empty");
      if (bytes.back() != 0) truncated_ = true;
      if (part == index) continue;
      std::size_t at = 0;
      while (at + 1 < bytes.size()) at = get_block(bytes, at);
    }
  }

  // A block in bytes: its id, its entry count, its entries (values as their bytes).
  void put_block(std::string& out, std::uint32_t block) const {
    put_raw(out, block);
    put_raw(out, static_cast<std::uint64_t>(blocks_[block].size()));
    for (const entry& e : blocks_[block]) {
      if constexpr (std::is_trivially_copyable_v<V>) {
        put_raw(out, e.value);
      } else {
        put_raw(out, static_cast<std::uint64_t>(e.value.size()));
        out.append(reinterpret_cast<const char*>(e.value.data()), e.value.size());
      }
      put_raw(out, e.left_block), put_raw(out, e.left_index), put_raw(out, e.right_index);
      put_raw(out, e.trees);
    }
  }

  std::size_t get_block(const std::string& in, std::size_t at) {
    const auto block = get_raw<std::uint32_t>(in, at);
    ensure(block < blocks_.size(), "a split search's block id is out of range");
    auto& entries = blocks_[block];
    entries.resize(get_raw<std::uint64_t>(in, at));
    for (entry& e : entries) {
      if constexpr (std::is_trivially_copyable_v<V>) {
        e.value = get_raw<V>(in, at);
      } else {
        e.value.resize(get_raw<std::uint64_t>(in, at));
        ensure(e.value.size() <= in.size() - at, "a split search's block is truncated");
        std::memcpy(e.value.data(), in.data() + at, e.value.size());
        at += e.value.size();
      }
      e.left_block = get_raw<std::uint32_t>(in, at), e.left_index = get_raw<std::uint32_t>(in, at);
      e.right_index = get_raw<std::uint32_t>(in, at);
      e.trees = get_raw<exact_count>(in, at);
    }
    return at;
  }

  // Splits [from, to) of `splits` that this share makes: contiguous, nearly equal runs.
  std::pair<std::uint64_t, std::uint64_t> share_of(std::uint64_t splits) const {
    const auto index = static_cast<std::uint64_t>(limits_.share_index);
    const auto count = static_cast<std::uint64_t>(limits_.share_count);
    return {splits * index / count, splits * (index + 1) / count};
  }
  static std::pair<std::uint64_t, std::uint64_t> full_range() { return {0, std::numeric_limits<std::uint64_t>::max()}; }

  entry leaf_entry(const V& v, int rank) const {
    return {v, no_block, static_cast<std::uint32_t>(rank), 0, exact_count::one()};
  }

  tree build(std::uint32_t block, std::uint32_t index) const {
    const entry& e = blocks_[block][index];
    if (e.left_block == no_block) return leaf(static_cast<int>(e.left_index));
    return combine(build(e.left_block, e.left_index), build(right_of(block, e.left_block), e.right_index));
  }

  // The block of the right operand when `left` is the left one's: the rest of the ranks.
  std::uint32_t right_of(std::uint32_t block, std::uint32_t left) const {
    if (procs_ == 0) return block ^ left;          // subsets: block ids are rank masks
    return id(left % procs_ + 1, block % procs_);  // intervals: first..k then k+1..last
  }

  void combine_blocks(std::uint32_t a, std::uint32_t b, bool both_orders) {
    const auto& left = blocks_[a];
    const auto& right = blocks_[b];
    combinations_ += left.size() * right.size() * (both_orders ? 2 : 1);
    if (combinations_ > limits_.max_combinations) {
      truncated_ = true;
      return;
    }
    for (std::uint32_t i = 0; i < left.size(); ++i) {
      for (std::uint32_t j = 0; j < right.size(); ++j) {
        const exact_count trees = left[i].trees * right[j].trees;
        insert({ops_.combine(left[i].value, right[j].value), a, i, j, trees});
        if (both_orders) insert({ops_.combine(right[j].value, left[i].value), b, j, i, trees});
      }
      note_progress(right.size() * (both_orders ? 2 : 1));
    }
  }

  // Tells limits_.on_progress how far the search is, once per progress_step op applications
  // (a call per application would cost more than the application).
  void note_progress(std::uint64_t applications) {
    constexpr std::uint64_t progress_step = std::uint64_t{1} << 20;
    applied_ += applications;
    if (!limits_.on_progress || applied_ < next_report_) return;
    next_report_ = applied_ + progress_step;
    limits_.on_progress(applied_, limits_.max_combinations);
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
  std::uint32_t procs_ = 0, root_ = 0;  // procs_: an interval search's ranks (block ids depend on it); 0 for subsets
  std::uint64_t combinations_ = 0;
  std::uint64_t applied_ = 0, next_report_ = 0;  // op applications made, and when to report next
  static constexpr std::uint64_t no_top = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t top_start_ = no_top;  // combinations_ when the whole rank set's block began
  std::size_t total_values_ = 0;
  bool truncated_ = false;
};

// A finished search's figures (combinations, completeness), before its results are added.
template <class V, class Ops>
order_results results_without_values(const order_dp<V, Ops>& dp) {
  order_results out;
  out.combinations = dp.combinations();
  out.top_combinations = dp.top_combinations();
  out.complete = !dp.truncated();
  if (!out.complete) out.incomplete_reason = "a search limit was reached; the results found are a subset";
  return out;
}

inline std::uint64_t mix_bits(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

}  // namespace redsem::sim::detail
