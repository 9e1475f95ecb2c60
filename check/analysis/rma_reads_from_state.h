// SPDX-License-Identifier: BSD-3-Clause
// What the reads-from order (rma_reads_from.h) reads from the records: the calls placed in their
// target's memory with the values they wrote and fetched, the owners' stores, and where the
// records cannot rule a source out. Internal to rma_reads_from*.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "check/analysis/happens_before.h"
#include "check/analysis/rma_reads_from.h"

namespace redsem::check::reads_from_detail {

using segment_t = std::pair<int, int>;  // (window key, window rank whose memory)
constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
// The widest store one x86-64 instruction makes: a local store whose width the watcher does not
// know may reach this far past its first byte.
constexpr std::int64_t widest_store = 64;
// The widest element taken to be written whole by one call or store (never torn between two).
constexpr std::int64_t widest_whole = 8;
// Rounds of the reads-from search (each may use the facts the previous ones found).
constexpr int max_rounds = 16;

enum class writes { nothing, value, maybe_value, unknown };

// An rma_call line placed in its target's memory.
struct op {
  int rank = -1;
  std::size_t index = 0;
  segment_t segment;
  std::int64_t begin = 0, end = 0, element = 1;
  std::size_t completion = none;  // the line completing it at the origin
  writes w = writes::nothing;
  std::string value;   // hex of what it writes over [begin, end), for value and maybe_value
  std::string result;  // hex of what it fetched over [begin, end); empty when not recorded
};

// A store (or a debug register's load or store) of the program into window memory.
struct store {
  int rank = -1;
  std::size_t index = 0;
  std::int64_t lo = 0, hi = 0;   // the bytes it may have reached
  std::size_t published = none;  // the owner's first synchronisation after it that makes it visible
  std::string value;             // hex of the bytes from lo right after it (`value`), when read
};

// The hex of bytes [lo, lo + n) of a value written over [begin, ...): empty when not held.
std::string slice(const std::string& hex, std::int64_t begin, std::int64_t lo, std::int64_t n);

}  // namespace redsem::check::reads_from_detail

namespace redsem::check {

struct reads_from::state {
  using op = reads_from_detail::op;
  using store = reads_from_detail::store;
  using segment_t = reads_from_detail::segment_t;
  static constexpr std::size_t none = reads_from_detail::none;
  explicit state(const happens_before& o) : order(o) {}
  const happens_before& order;
  std::map<std::pair<int, std::size_t>, op> ops;           // by (world rank, line)
  std::map<segment_t, std::vector<const op*>> by_segment;  // every call on that memory
  std::map<segment_t, std::vector<store>> stores;          // the owner's stores into it
  // Each rank that may store into the segment directly (its owner; every member of a shared-memory
  // window) and the first line of its record from which its stores there are not watched.
  std::map<segment_t, std::vector<std::pair<int, std::size_t>>> gap;
  std::map<int, std::vector<std::pair<int, std::size_t>>> limits;  // window key -> (rank, line) of record bounds
  struct fact {
    const op* source;
    const op* reader;
    std::int64_t x;  // the element [x, x + reader->element) where it was observed
  };
  std::vector<fact> facts;
  // Observations whose possible sources are all calls of one rank: `source` is the earliest of them
  // in its rank's order, which precedes the call that wrote the value (orders_before_call only).
  std::vector<fact> rank_facts;
  std::map<std::pair<const op*, std::int64_t>, std::vector<const op*>> read_by;  // (source, element) -> readers

  bool before(int a, std::size_t ai, int b, std::size_t bi) const {
    return ai != none && bi != none && order.ordered(a, ai, b, bi).value_or(false);
  }
  // The unique source, or none; when every possible source is a call of one rank, the earliest of
  // them in `earliest_of_rank`.
  const op* find_source(const op& reader, std::int64_t x, const op** earliest_of_rank = nullptr) const;
  bool watched(const op& reader) const;
  bool completes_first(const op& earliest, const op& reader, std::int64_t x) const;
  bool access_before(const op& o, std::int64_t x, int rank, std::size_t line) const;
  bool overwritten(const op& o, const op& reader, std::int64_t x) const;
};

// Fills `s` from the records (rma_reads_from_records.cpp).
void read_reads_from_records(reads_from::state& s, const std::vector<std::vector<nlohmann::json>>& records,
                             const rma_epochs& epochs, const window_names& window_of);

}  // namespace redsem::check
