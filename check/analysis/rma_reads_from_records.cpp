// SPDX-License-Identifier: BSD-3-Clause
// The records the reads-from order is drawn from (rma_reads_from_state.h).
#include <algorithm>
#include <cctype>

#include "check/analysis/record_fields.h"
#include "check/analysis/rma_call_lines.h"
#include "check/analysis/rma_reads_from_state.h"

namespace redsem::check {
namespace reads_from_detail {

std::string slice(const std::string& hex, std::int64_t begin, std::int64_t lo, std::int64_t n) {
  const auto from = static_cast<std::size_t>(2 * (lo - begin)), count = static_cast<std::size_t>(2 * n);
  if (lo < begin || from + count > hex.size()) return {};
  return hex.substr(from, count);
}

}  // namespace reads_from_detail

namespace {

using json = nlohmann::json;
using namespace reads_from_detail;

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
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

  // The first line of a member's record (`local`: its id of the window, `own`: its window rank)
  // from which its direct stores into rank `win_rank`'s segment are not watched.
  std::size_t first_gap(const std::vector<json>& lines, int local, int own, int win_rank) const {
    bool watched = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const json& l = lines[i];
      const std::string ev = l.value("ev", "");
      const bool this_win = l.value("win", local) == local;
      if (ev == "start" && l.value("thread_level", "") != "single") return 0;
      if (ev == "rma_win" && this_win && l.value("call", "") == "MPI_Win_create_dynamic") return 0;
      if (ev == "watch" && this_win && l.value("buffer", "") == "window" && l.value("segment_rank", own) == win_rank)
        watched = true;
      if (ev == "rma_sync" && this_win &&
          (ends_epoch_kind(l.value("call", "")) ||
           (l.value("lock", "") == "exclusive" && l.value("target", -1) == win_rank)))
        return 0;
      if (ev == "finalize" && l.contains("watch_faults") && l["watch_faults"].value("library_copy_opened", 0LL) != 0)
        return 0;
      const std::string buffer = l.value("buffer", "");
      const bool gap = (ev == "watch_unavailable" && (buffer == "window" || buffer == "segment") && this_win) ||
                       (ev == "watch_sampled" && l.value("buffer", "") == "window") ||
                       (ev == "rma_limit" && l.value("what", "") == "watch_hits") ||
                       (ev == "watch_open" && this_win && l.value("access", "") != "load");
      if (gap) return watched ? previous_rma_line(lines, i) : 0;
    }
    const bool finished = !lines.empty() && lines.back().value("ev", "") == "finalize";
    return watched && finished ? none : 0;
  }

  // Where a member's record of calls on the window may miss some: from its first line when a member
  // is not recorded at all, the record was damaged (rma_analysis.cpp says so by a records_incomplete
  // line) or another rank may store into a segment directly (MPI_Win_shared_query on a window that
  // is not a shared-memory one, whose other ranks' stores are not gathered); after its last line
  // when it did not finish.
  void incomplete(int key, const rma_window& win, bool shared) {
    auto& out = s.limits[key];
    for (const auto& [win_rank, part] : win.parts) {
      const auto& lines = records[static_cast<std::size_t>(part.world_rank)];
      const bool whole =
          static_cast<int>(win.parts.size()) == win.group_size &&
          std::none_of(lines.begin(), lines.end(), [&](const json& l) {
            return l.value("ev", "") == "records_incomplete" ||
                   (!shared && l.value("ev", "") == "rma_shared_query" && l.value("win", -1) == part.local_id);
          });
      if (!whole) out.push_back({part.world_rank, 0});
      if (lines.empty() || lines.back().value("ev", "") != "finalize")
        out.push_back({part.world_rank, lines.empty() ? 0 : lines.size() - 1});
    }
  }

  // Whether the window is a shared-memory one (MPI_Win_allocate_shared): every member may store
  // into every segment directly, and the runtime watches each segment in every member's process
  // from the window's creation (docs/design.md, "Ordering by observed values").
  bool shared_window(const rma_window& win) const {
    const auto& [win_rank, part] = *win.parts.begin();
    for (const json& l : records[static_cast<std::size_t>(part.world_rank)])
      if (l.value("ev", "") == "rma_win" && l.value("win", -1) == part.local_id)
        return l.value("call", "").rfind("MPI_Win_allocate_shared", 0) == 0;
    return false;
  }

  // The stores of one member (window rank `own`) into rank `win_rank`'s segment: local_access lines,
  // each published by the member's first window synchronisation after it.
  void stores_of(const rma_window_part& member, int own, int win_rank, std::vector<store>& out) const {
    const auto& lines = records[static_cast<std::size_t>(member.world_rank)];
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const json& l = lines[i];
      if (l.value("ev", "") != "local_access" || l.value("win", -1) != member.local_id ||
          l.value("segment_rank", own) != win_rank || l.value("access", "") == "load")
        continue;
      store st{member.world_rank, i, l.value("offset", std::int64_t{0}), 0, none, lower(text_of(l, "value"))};
      if (__builtin_add_overflow(st.lo, l.value("bytes", std::int64_t{1}) + widest_store, &st.hi)) continue;
      for (std::size_t j = i + 1; j < lines.size() && st.published == none; ++j)
        if (lines[j].value("ev", "") == "rma_sync" && lines[j].value("win", -1) == member.local_id &&
            publishes(lines[j].value("call", "")))
          st.published = j;
      out.push_back(st);
    }
  }

  void owners() {
    for (const auto& [key, win] : epochs.windows) {
      for (const auto& [win_rank, part] : win.parts)
        if (part.world_rank < 0 || static_cast<std::size_t>(part.world_rank) >= records.size()) return;
      const bool shared = !win.parts.empty() && shared_window(win);
      incomplete(key, win, shared);
      for (const auto& [win_rank, part] : win.parts) {
        const auto& lines = records[static_cast<std::size_t>(part.world_rank)];
        for (std::size_t i = 0; i < lines.size(); ++i)
          if (lines[i].value("ev", "") == "rma_limit" && lines[i].value("win", part.local_id) == part.local_id)
            s.limits[key].push_back({part.world_rank, i});
        auto& gaps = s.gap[{key, win_rank}];
        std::vector<store>& out = s.stores[{key, win_rank}];
        for (const auto& [member_rank, member] : win.parts) {
          if (!shared && member_rank != win_rank) continue;
          const auto& member_lines = records[static_cast<std::size_t>(member.world_rank)];
          gaps.push_back({member.world_rank, first_gap(member_lines, member.local_id, member_rank, win_rank)});
          stores_of(member, member_rank, win_rank, out);
        }
      }
    }
  }
};

}  // namespace

void read_reads_from_records(reads_from::state& s, const std::vector<std::vector<json>>& records,
                             const rma_epochs& epochs, const window_names& window_of) {
  builder b{records, epochs, window_of, s};
  for (std::size_t r = 0; r < records.size(); ++r) b.calls_of(r);
  b.owners();
}

}  // namespace redsem::check
