// SPDX-License-Identifier: BSD-3-Clause
// The reads-from order (rma_reads_from.h).
#include "check/analysis/rma_reads_from.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <string>

#include "check/analysis/record_fields.h"
#include "check/analysis/rma_call_lines.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;
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

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The hex of bytes [lo, lo + n) of a value written over [begin, ...): empty when not held.
std::string slice(const std::string& hex, std::int64_t begin, std::int64_t lo, std::int64_t n) {
  const auto from = static_cast<std::size_t>(2 * (lo - begin)), count = static_cast<std::size_t>(2 * n);
  if (lo < begin || from + count > hex.size()) return {};
  return hex.substr(from, count);
}

bool is_replace_write(const json& call) {
  const std::string name = call.value("call", "");
  return name.rfind("MPI_Put", 0) == 0 || name.rfind("MPI_Rput", 0) == 0 || call.value("op", "") == "MPI_REPLACE";
}

// What the call writes, from its origin values (and its own fetched value for compare-and-swap,
// which writes only when that equals the compare value).
void classify(op& o, const json& call) {
  if (!updates_target(call)) return;
  const std::string origin = lower(text_of(call, "origin"));
  const bool whole =
      !call.value("values_bounded", false) && origin.size() == static_cast<std::size_t>(2 * (o.end - o.begin));
  const std::string name = call.value("call", "");
  if (name.rfind("MPI_Compare_and_swap", 0) == 0) {
    const std::string compare = lower(text_of(call, "compare"));
    if (!whole)
      o.w = writes::unknown;
    else if (o.result.empty())
      o.w = writes::maybe_value;
    else
      o.w = o.result == compare ? writes::value : writes::nothing;
    o.value = origin;
    return;
  }
  o.w = is_replace_write(call) && whole ? writes::value : writes::unknown;
  if (o.w == writes::value) o.value = origin;
}

bool ends_epoch_kind(const std::string& call) {
  return call == "MPI_Win_fence" || call == "MPI_Win_post" || call == "MPI_Win_start" || call == "MPI_Win_complete" ||
         call == "MPI_Win_wait" || call == "MPI_Win_test";
}

// A synchronisation of the owner after which its earlier stores are in the public copy that RMA
// calls read (MPI-4.1 §13.7 rule 5; §13.4: MPI_Win_sync is the memory barrier).
bool publishes(const std::string& call) {
  return call == "MPI_Win_sync" || call == "MPI_Win_unlock" || call == "MPI_Win_unlock_all" ||
         call == "MPI_Win_fence" || call == "MPI_Win_post";
}

}  // namespace

struct reads_from::state {
  explicit state(const happens_before& o) : order(o) {}
  const happens_before& order;
  std::map<std::pair<int, std::size_t>, op> ops;           // by (world rank, line)
  std::map<segment_t, std::vector<const op*>> by_segment;  // every call on that memory
  std::map<segment_t, std::vector<store>> stores;          // the owner's stores into it
  std::map<segment_t, std::pair<int, std::size_t>> gap;    // owner and the first line from which it is not watched
  std::map<int, std::vector<std::pair<int, std::size_t>>> limits;  // window key -> (rank, line) of record bounds
  struct fact {
    const op* source;
    const op* reader;
    std::int64_t x;  // the element [x, x + reader->element) where it was observed
  };
  std::vector<fact> facts;
  std::map<std::pair<const op*, std::int64_t>, std::vector<const op*>> read_by;  // (source, element) -> readers

  bool before(int a, std::size_t ai, int b, std::size_t bi) const {
    return ai != none && bi != none && order.ordered(a, ai, b, bi).value_or(false);
  }
  const op* find_source(const op& reader, std::int64_t x) const;
  bool watched(const op& reader) const;
  bool access_before(const op& o, std::int64_t x, int rank, std::size_t line) const;
  bool overwritten(const op& o, const op& reader, std::int64_t x) const;
};

namespace {

struct builder {
  const std::vector<std::vector<json>>& records;
  const rma_epochs& epochs;
  const window_names& window_of;
  reads_from::state& s;

  std::size_t completion_of(std::size_t r, std::size_t i, const json& call) const {
    const auto& lines = records[r];
    const int win = call.value("win", -1), target = call.value("target", -1);
    const long long request = call.value("request", -1LL);
    for (std::size_t j = i + 1; j < lines.size(); ++j) {
      const json& l = lines[j];
      if (l.value("win", -2) != win) continue;
      const std::string ev = l.value("ev", "");
      if ((ev == "rma_sync" && completes(l, target)) ||
          (ev == "rma_request_done" && request >= 0 && l.value("request", -2LL) == request))
        return j;
    }
    return none;
  }

  void calls_of(std::size_t r) {
    std::map<long long, std::string> results;  // rma_call seq -> fetched hex
    for (const json& l : records[r])
      if (l.value("ev", "") == "rma_result") results[l.value("of", -1LL)] = lower(text_of(l, "result"));
    for (std::size_t i = 0; i < records[r].size(); ++i) {
      const json& l = records[r][i];
      if (l.value("ev", "") != "rma_call") continue;
      const auto w = window_of.find({static_cast<int>(r), l.value("win", -1)});
      const auto bytes = bytes_of(l);
      if (w == window_of.end() || !bytes) continue;
      const rma_window& win = epochs.windows.at(w->second.first);
      const auto part = win.parts.find(l.value("target", -1));
      if (part == win.parts.end()) continue;
      op o;
      o.rank = static_cast<int>(r);
      o.index = i;
      o.segment = {w->second.first, part->first};
      o.element = element_bytes_of(l).value_or(1);
      if (__builtin_mul_overflow(l.value("disp", std::int64_t{0}), part->second.disp_unit, &o.begin) ||
          __builtin_add_overflow(o.begin, *bytes, &o.end))
        continue;
      o.completion = completion_of(r, i, l);
      if (const auto f = results.find(l.value("seq", -1LL));
          f != results.end() && f->second.size() == static_cast<std::size_t>(2 * *bytes))
        o.result = f->second;
      classify(o, l);
      const op& kept = s.ops[{o.rank, i}] = o;
      s.by_segment[o.segment].push_back(&kept);
    }
  }

  // The owner's window memory is not watched from line `from` on (the line before the event that
  // said so: the hits it missed came after the rank's previous intercepted RMA call).
  static std::size_t previous_rma_line(const std::vector<json>& lines, std::size_t from) {
    while (from > 0 && lines[from - 1].value("ev", "").rfind("rma_", 0) != 0) --from;
    return from == 0 ? 0 : from - 1;
  }

  std::size_t first_gap(const std::vector<json>& lines, int local, int win_rank) const {
    bool watched = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const json& l = lines[i];
      const std::string ev = l.value("ev", "");
      const bool this_win = l.value("win", local) == local;
      if (ev == "start" && l.value("thread_level", "") != "single") return 0;
      if (ev == "rma_win" && this_win) {
        const std::string call = l.value("call", "");
        if (call.rfind("MPI_Win_allocate_shared", 0) == 0 || call == "MPI_Win_create_dynamic") return 0;
      }
      if (ev == "watch" && this_win && l.value("buffer", "") == "window") watched = true;
      if (ev == "rma_sync" && this_win &&
          (ends_epoch_kind(l.value("call", "")) ||
           (l.value("lock", "") == "exclusive" && l.value("target", -1) == win_rank)))
        return 0;
      if (ev == "finalize" && l.contains("watch_faults") && l["watch_faults"].value("library_copy_opened", 0LL) != 0)
        return 0;
      const bool gap = (ev == "watch_unavailable" && l.value("buffer", "") == "window" && this_win) ||
                       (ev == "watch_sampled" && l.value("buffer", "") == "window") ||
                       (ev == "rma_limit" && l.value("what", "") == "watch_hits");
      if (gap) return watched ? previous_rma_line(lines, i) : 0;
    }
    const bool finished = !lines.empty() && lines.back().value("ev", "") == "finalize";
    return watched && finished ? none : 0;
  }

  void owners() {
    for (const auto& [key, win] : epochs.windows)
      for (const auto& [win_rank, part] : win.parts) {
        if (part.world_rank < 0 || static_cast<std::size_t>(part.world_rank) >= records.size()) continue;
        const auto& lines = records[static_cast<std::size_t>(part.world_rank)];
        s.gap[{key, win_rank}] = {part.world_rank, first_gap(lines, part.local_id, win_rank)};
        std::vector<store>& out = s.stores[{key, win_rank}];
        for (std::size_t i = 0; i < lines.size(); ++i) {
          const json& l = lines[i];
          if (l.value("ev", "") == "rma_limit" && l.value("win", part.local_id) == part.local_id)
            s.limits[key].push_back({part.world_rank, i});
          if (l.value("ev", "") != "local_access" || l.value("win", -1) != part.local_id ||
              l.contains("segment_rank") || l.value("access", "") == "load")
            continue;
          store st{part.world_rank, i, l.value("offset", std::int64_t{0}), 0, none, lower(text_of(l, "value"))};
          if (__builtin_add_overflow(st.lo, l.value("bytes", std::int64_t{1}) + widest_store, &st.hi)) continue;
          for (std::size_t j = i + 1; j < lines.size() && st.published == none; ++j)
            if (lines[j].value("ev", "") == "rma_sync" && lines[j].value("win", -1) == part.local_id &&
                publishes(lines[j].value("call", "")))
              st.published = j;
          out.push_back(st);
        }
      }
  }
};

}  // namespace

window_names window_names_of(const rma_epochs& epochs) {
  window_names out;
  for (const auto& [key, win] : epochs.windows)
    for (const auto& [win_rank, part] : win.parts) out[{part.world_rank, part.local_id}] = {key, win_rank};
  return out;
}

reads_from::reads_from(const std::vector<std::vector<json>>& records, const rma_epochs& epochs,
                       const window_names& window_of, const happens_before& order)
    : state_(std::make_unique<state>(order)) {
  builder b{records, epochs, window_of, *state_};
  for (std::size_t r = 0; r < records.size(); ++r) b.calls_of(r);
  b.owners();
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
}

reads_from::~reads_from() = default;

// The reader's rank sees every store of the owner the watcher could have missed ruled out when
// the owner's memory was watched up to the reader's completion (its own), or all along.
bool reads_from::state::watched(const op& reader) const {
  const auto g = gap.find(reader.segment);
  if (g == gap.end()) return false;
  const auto [owner, from] = g->second;
  if (from == none) return true;
  return owner == reader.rank && reader.completion != none && reader.completion < from;
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
const op* reads_from::state::find_source(const op& reader, std::int64_t x) const {
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
  const op* only = nullptr;
  for (const op* o : calls) {
    if (o == &reader || o->w == writes::nothing || !overlaps(o->begin, o->end)) continue;
    const bool covers = o->begin <= x && x + size <= o->end;
    if (o->w != writes::maybe_value && covers && before(o->rank, o->completion, reader.rank, reader.index))
      initial_out = true;
    const bool may_be_v = o->w == writes::unknown || !covers || slice(o->value, o->begin, x, size) == v;
    if (!may_be_v || before(reader.rank, reader.completion, o->rank, o->index) ||
        (o->completion != none && observed_after(o->rank, o->completion)) || overwritten(*o, reader, x))
      continue;
    if (only) return nullptr;
    only = o;
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
  return initial_out ? only : nullptr;
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

bool reads_from::orders_before_call(int rank, std::size_t index, int call_rank, std::size_t call_index) const {
  for (const auto& f : state_->facts)
    if (state_->before(rank, index, f.source->rank, f.source->index) &&
        state_->before(f.reader->rank, f.reader->completion, call_rank, call_index))
      return true;
  return false;
}

}  // namespace redsem::check
