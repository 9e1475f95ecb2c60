// SPDX-License-Identifier: BSD-3-Clause
// The fetches the reads-from order could not follow (rma_reads_from.h): where one of them may have
// observed a value that orders two accesses, nothing says they are unordered, so a race between
// them is not claimed (docs/design.md, "Ordering by observed values").
#include <algorithm>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "check/analysis/rma_reads_from.h"
#include "check/analysis/rma_reads_from_state.h"

namespace redsem::check {
namespace {

using namespace reads_from_detail;
using state = reads_from::state;

// Why find_source skips `f`: the record bounds and the watch gap it cannot rule out.
std::vector<reads_from::unfollowed> causes(const state& s, const op& f) {
  std::vector<reads_from::unfollowed> out;
  if (f.result.empty() || f.completion == none) return out;
  const reads_from::unfollowed base{f.rank, f.index, f.segment.first};
  if (const auto l = s.limits.find(f.segment.first); l != s.limits.end())
    for (const auto& [rank, line] : l->second)
      if (!s.before(f.rank, f.completion, rank, line)) {
        out.push_back(base);
        out.back().cause_rank = rank;
        out.back().cause_line = line;
      }
  if (s.watched(f)) return out;
  // Each member whose watch of the segment may stop before f completed (any member's direct
  // stores in a shared-memory window); with no member's watch known, the segment's owner's.
  const auto g = s.gap.find(f.segment);
  const std::size_t before_gaps = out.size();
  if (g != s.gap.end())
    for (const auto& [rank, line] : g->second)
      if (line != none && !s.before(f.rank, f.completion, rank, line)) {
        out.push_back(base);
        out.back().gap = true;
        out.back().cause_rank = rank;
        out.back().cause_line = line;
      }
  if (out.size() == before_gaps) {
    out.push_back(base);
    out.back().gap = true;
  }
  return out;
}

// Whether a call or store of `rank` from line `from` on, not made after `f` completed, may have
// written a byte `f` fetched; calls missing from a bounded record and stores the watch missed may.
bool may_write(const state& s, const op& f, int rank, std::size_t from, const reads_from::unfollowed& why) {
  if (why.cause_rank == rank) return true;
  const auto in_reach = [&](int r, std::size_t i, std::int64_t lo, std::int64_t hi) {
    return r == rank && i >= from && lo < f.end && f.begin < hi && !s.before(f.rank, f.completion, r, i);
  };
  // A value known at every element f fetched, another there than f observed, was not observed.
  const auto other_value = [&](const std::string& hex, std::int64_t begin) {
    if (f.element <= 0) return false;
    for (std::int64_t x = f.begin; x < f.end; x += f.element) {
      const std::string v = slice(hex, begin, x, f.element);
      if (v.empty() || v == slice(f.result, f.begin, x, f.element)) return false;
    }
    return true;
  };
  for (const op* o : s.by_segment.at(f.segment))
    if (o != &f && o->w != writes::nothing && in_reach(o->rank, o->index, o->begin, o->end) &&
        !(o->w == writes::value && other_value(o->value, o->begin)))
      return true;
  const auto st = s.stores.find(f.segment);
  return st != s.stores.end() && std::any_of(st->second.begin(), st->second.end(), [&](const store& w) {
           return in_reach(w.rank, w.index, w.lo, w.hi) && !other_value(w.value, w.lo);
         });
}

}  // namespace

std::optional<reads_from::unfollowed> reads_from::unfollowed_fetch(int first_rank, std::size_t first_index,
                                                                   int second_rank, std::size_t second_index) const {
  const state& s = *state_;
  for (const auto& [where, f] : s.ops) {
    if (f.completion == none || !s.before(f.rank, f.completion, second_rank, second_index) ||
        s.before(f.rank, f.completion, first_rank, first_index))
      continue;
    for (const unfollowed& why : causes(s, f))
      if (may_write(s, f, first_rank, first_index, why)) return why;
  }
  return std::nullopt;
}

}  // namespace redsem::check
