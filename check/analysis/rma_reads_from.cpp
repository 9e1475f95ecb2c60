// SPDX-License-Identifier: BSD-3-Clause
// The reads-from order (rma_reads_from.h): which call is the unique possible source of a fetched value.
#include "check/analysis/rma_reads_from.h"

#include <algorithm>

#include "check/analysis/rma_reads_from_state.h"

namespace redsem::check {

using json = nlohmann::json;
using namespace reads_from_detail;

reads_from::reads_from(const std::vector<std::vector<json>>& records, const rma_epochs& epochs,
                       const window_names& window_of, const happens_before& order)
    : state_(std::make_unique<state>(order)) {
  read_reads_from_records(*state_, records, epochs, window_of);
  // A fact found lets later readers rule out the value it overwrote: rounds until none is new
  // (bounded: a fact not found only leaves an order out).
  std::map<std::pair<const op*, std::int64_t>, bool> found;
  for (int round = 0, added = 1; round < max_rounds && added; ++round) {
    added = 0;
    for (const auto& [where, reader] : state_->ops) {
      if (reader.result.empty() || reader.element <= 0) continue;
      for (std::int64_t x = reader.begin; x < reader.end; x += reader.element) {
        if (found[{&reader, x}]) continue;
        if (const op* source = state_->find_source(reader, x)) {
          found[{&reader, x}] = true;
          state_->facts.push_back({source, &reader, x});
          state_->read_by[{source, x}].push_back(&reader);
          added = 1;
        }
      }
    }
  }
  // What the rounds left unordered but for the value naming one rank (an MCS tail swapped by each
  // rank many times): the earliest of that rank's possible sources.
  for (const auto& [where, reader] : state_->ops) {
    if (reader.result.empty() || reader.element <= 0) continue;
    for (std::int64_t x = reader.begin; x < reader.end; x += reader.element) {
      const op* earliest = nullptr;
      if (found[{&reader, x}] || state_->find_source(reader, x, &earliest) || !earliest) continue;
      if (state_->completes_first(*earliest, reader, x))
        state_->facts.push_back({earliest, &reader, x});  // its access precedes the reader's completion
      else
        state_->rank_facts.push_back({earliest, &reader, x});
    }
  }
}

reads_from::~reads_from() = default;

// Whether every direct store into the segment the watcher may have missed (the owner's; in a
// shared-memory window, any member's) comes after the reader completed: each such rank's accesses
// there were watched all along, or until a line the reader's completion precedes.
bool reads_from::state::watched(const op& reader) const {
  const auto g = gap.find(reader.segment);
  if (g == gap.end() || g->second.empty()) return false;
  return std::all_of(g->second.begin(), g->second.end(), [&](const std::pair<int, std::size_t>& rank_from) {
    return rank_from.second == none || before(reader.rank, reader.completion, rank_from.first, rank_from.second);
  });
}

// Whether o's access to element x precedes line `line` of `rank`: its completion does, or a
// reader that observed its value there completed before it.
bool reads_from::state::access_before(const op& o, std::int64_t x, int rank, std::size_t line) const {
  if (before(o.rank, o.completion, rank, line)) return true;
  const auto r = read_by.find({&o, x});
  return r != read_by.end() && std::any_of(r->second.begin(), r->second.end(), [&](const op* reader) {
           return before(reader->rank, reader->completion, rank, line);
         });
}

// Whether a write to element x that the reader must see (a store of the owner published before
// the reader's call, a call completed before it) comes after o's access: then o's value is not the
// last one there before the reader.
bool reads_from::state::overwritten(const op& o, const op& reader, std::int64_t x) const {
  const std::int64_t size = reader.element;
  if (const auto st = stores.find(reader.segment); st != stores.end())
    for (const store& s : st->second)
      if (s.lo >= x && s.lo < x + size && before(s.rank, s.published, reader.rank, reader.index) &&
          access_before(o, x, s.rank, s.index))
        return true;
  for (const op* w : by_segment.at(reader.segment))
    if (w != &o && w != &reader && (w->w == writes::value || w->w == writes::unknown) && w->begin <= x &&
        x + size <= w->end && before(w->rank, w->completion, reader.rank, reader.index) &&
        access_before(o, x, w->rank, w->index))
      return true;
  return false;
}

// The unique RMA call that can have written the value `reader` fetched at element [x, x + size),
// or none. Each other source is ruled out by the process order alone: issued after the reader
// completed, or followed (after it completed, or was published) by another observation of a
// different value there that precedes the reader.
const op* reads_from::state::find_source(const op& reader, std::int64_t x, const op** earliest_of_rank) const {
  const std::int64_t size = reader.element;
  const std::string v = slice(reader.result, reader.begin, x, size);
  if (v.empty() || size > widest_whole || reader.completion == none || !watched(reader)) return nullptr;
  const int key = reader.segment.first;
  if (const auto l = limits.find(key); l != limits.end())
    for (const auto& [rank, line] : l->second)
      if (!before(reader.rank, reader.completion, rank, line)) return nullptr;  // calls not recorded
  const auto& calls = by_segment.at(reader.segment);
  std::vector<const op*> other_values;  // observations of another value, before the reader
  for (const op* o : calls)
    if (o != &reader && o->begin <= x && x + size <= o->end && !o->result.empty() &&
        slice(o->result, o->begin, x, size) != v && before(o->rank, o->completion, reader.rank, reader.index))
      other_values.push_back(o);
  const auto observed_after = [&](int rank, std::size_t line) {
    return std::any_of(other_values.begin(), other_values.end(),
                       [&](const op* r) { return before(rank, line, r->rank, r->index); });
  };
  const auto overlaps = [&](std::int64_t lo, std::int64_t hi) { return lo < x + size && x < hi; };
  bool initial_out = !other_values.empty();
  std::vector<const op*> possible;
  for (const op* o : calls) {
    if (o == &reader || o->w == writes::nothing || !overlaps(o->begin, o->end)) continue;
    const bool covers = o->begin <= x && x + size <= o->end;
    if (o->w != writes::maybe_value && covers && before(o->rank, o->completion, reader.rank, reader.index))
      initial_out = true;
    const bool may_be_v = o->w == writes::unknown || !covers || slice(o->value, o->begin, x, size) == v;
    if (!may_be_v || before(reader.rank, reader.completion, o->rank, o->index) ||
        (o->completion != none && observed_after(o->rank, o->completion)) || overwritten(*o, reader, x))
      continue;
    possible.push_back(o);
  }
  if (const auto st = stores.find(reader.segment); st != stores.end())
    for (const store& s : st->second) {
      if (!overlaps(s.lo, s.hi) || before(reader.rank, reader.completion, s.rank, s.index)) continue;
      if (s.lo >= x && s.lo < x + size && before(s.rank, s.published, reader.rank, reader.index)) initial_out = true;
      // The element's bytes right after it: another value, whether it wrote them or not.
      const std::string state = slice(s.value, s.lo, x, size);
      if (!state.empty() && state != v) continue;
      if (s.published != none && observed_after(s.rank, s.published)) continue;
      return nullptr;
    }
  if (!initial_out || possible.empty()) return nullptr;
  if (possible.size() == 1) return possible.front();
  const op* earliest =
      *std::min_element(possible.begin(), possible.end(), [](const op* a, const op* b) { return a->index < b->index; });
  if (earliest_of_rank &&
      std::all_of(possible.begin(), possible.end(), [&](const op* o) { return o->rank == earliest->rank; }))
    *earliest_of_rank = earliest;
  return nullptr;
}

// Whether the earliest of one rank's possible sources completed before that rank made any other
// of them: then its access precedes the one that wrote the value, and so the reader's completion.
bool reads_from::state::completes_first(const op& earliest, const op& reader, std::int64_t x) const {
  if (earliest.completion == none) return false;
  for (const op* o : by_segment.at(reader.segment))
    if (o != &earliest && o != &reader && o->rank == earliest.rank && o->index > earliest.index &&
        o->index < earliest.completion && o->begin <= x + reader.element && x < o->end && o->w != writes::nothing)
      return false;
  return true;
}

bool reads_from::orders_before(int call_rank, std::size_t call_index, std::int64_t lo, std::int64_t hi, int rank,
                               std::size_t index) const {
  const auto c = state_->ops.find({call_rank, call_index});
  if (c == state_->ops.end()) return false;
  lo = std::max(lo, c->second.begin);
  hi = std::min(hi, c->second.end);
  for (const auto& f : state_->facts)
    if (f.source == &c->second && f.x <= lo && hi <= f.x + f.reader->element &&
        state_->before(f.reader->rank, f.reader->completion, rank, index))
      return true;
  return false;
}

// A rank fact's source is the earliest of the calls that may have written the value, all of one
// rank: what precedes it precedes the one that did, in its rank's order.
bool reads_from::orders_before_call(int rank, std::size_t index, int call_rank, std::size_t call_index) const {
  for (const auto* list : {&state_->facts, &state_->rank_facts})
    for (const auto& f : *list)
      if (state_->before(rank, index, f.source->rank, f.source->index) &&
          state_->before(f.reader->rank, f.reader->completion, call_rank, call_index))
        return true;
  return false;
}

}  // namespace redsem::check