// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/rma_epochs.h"

#include <algorithm>
#include <set>

#include "check/analysis/happens_before.h"
#include "check/analysis/record_fields.h"
#include "check/analysis/rma_call_lines.h"
#include "check/analysis/rma_passive_sets.h"
#include "check/analysis/rma_pscw.h"
#include "check/analysis/window_group.h"

namespace redsem::check {
namespace {

using json = nlohmann::json;

constexpr std::int64_t never = in_flight::never;

// One rank's lines of one window, read in order.
class rank_reader {
 public:
  rank_reader(int win, int world_rank, int win_rank, rma_epochs& out)
      : win_(win), world_(world_rank), win_rank_(win_rank), out_(out) {}

  // `index`: the line's place in its rank's record.
  void read(const json& line, std::size_t index) {
    index_ = index;
    const std::string ev = text_of(line, "ev");
    if (ev == "rma_sync")
      sync(line);
    else if (ev == "rma_call")
      call(line);
    else if (ev == "rma_limit")
      limit(line);
    else if (ev == "rma_request_done")
      request_done(line);
    else if (ev == "rma_attach")
      attached.push_back({int_of(line, "base", 0), int_of(line, "size", 0)});
  }

  // Calls in fence epoch k (k ≥ 1: after the k-th fence).
  std::map<int, std::vector<rma_access>> fence_calls;
  std::vector<in_flight> passive;
  // Calls in this rank's j-th access epoch (from 0) naming target T, by (T, j).
  std::map<std::pair<int, int>, std::vector<rma_access>> pscw_calls;
  // The groups of this rank's exposure epochs, in order (nothing: the record bounded it).
  std::vector<std::optional<std::vector<int>>> posts;
  std::vector<attached_region> attached;  // on a dynamic window

  void finish() {
    for (auto& p : passive)
      if (p.completed == never && cut_) p.lifetime_known = false;
  }

 private:
  // Once per epoch and reason of this rank; `instance` names what of this rank it is.
  void set_aside(const std::string& epoch, std::optional<int> target, const std::string& reason,
                 const std::string& instance) {
    const std::string key = epoch + "|" + instance + "|" + reason;
    if (said_.insert(key).second) out_.unanalysed.push_back({win_, epoch, target, reason, instance});
  }

  std::string rank_text() const { return "rank " + std::to_string(world_); }

  void complete(std::optional<int> target, std::int64_t time) {
    for (auto& p : passive)
      if (p.completed == never && (!target || p.target == *target)) {
        p.completed = time;
        p.completed_index = index_;
      }
  }

  void sync(const json& line) {
    const std::string call = text_of(line, "call");
    const int target = static_cast<int>(int_of(line, "target", -1));
    const std::int64_t time = int_of(line, "time", never);
    if (call == "MPI_Win_fence")
      ++fences_;
    else if (call == "MPI_Win_lock") {
      if (text_of(line, "lock") == "exclusive")
        exclusive_[target] = rank_text() + "'s exclusive lock " + std::to_string(++exclusive_count_) + " on rank " +
                             std::to_string(target);
      else
        shared_.insert(target);
    } else if (call == "MPI_Win_unlock") {
      complete(target, time);
      exclusive_.erase(target);
      shared_.erase(target);
    } else if (call == "MPI_Win_lock_all")
      lock_all_ = true;
    else if (call == "MPI_Win_unlock_all") {
      complete(std::nullopt, time);
      lock_all_ = false;
    } else if (call == "MPI_Win_flush")
      complete(target, time);
    else if (call == "MPI_Win_flush_all")
      complete(std::nullopt, time);
    else if (call == "MPI_Win_start")
      start(line);
    else if (call == "MPI_Win_complete")
      started_ = false;
    else if (call == "MPI_Win_post")
      posts.push_back(pscw_group_of(line));
  }

  // Opens an access epoch: each target it names counts one more epoch towards it.
  void start(const json& line) {
    started_ = true;
    start_group_ = pscw_group_of(line);
    access_index_.clear();
    if (!start_group_) return;
    for (int t : *start_group_) access_index_[t] = starts_towards_[t]++;
  }

  // MPI_Rget (or MPI_Rget_c) complete: its data was read at the target (MPI-4.1 §13.3.5).
  void request_done(const json& line) {
    const auto req = int_of(line, "request", -1);
    for (auto& p : passive)
      if (p.completed == never && call_name_of(*p.access.line) == "MPI_Rget" &&
          int_of(*p.access.line, "request", -2) == req) {
        p.completed = int_of(line, "time", never);
        p.completed_index = index_;
      }
  }

  void call(const json& line) {
    const int target = static_cast<int>(int_of(line, "target", -1));
    if (target < 0) return;  // MPI_PROC_NULL: the call does nothing (§13.3)
    const rma_access a{world_, win_rank_, &line};
    if (started_) {
      if (const auto j = access_index_.find(target); j != access_index_.end())
        return pscw_calls[{target, j->second}].push_back(a);
      return set_aside("PSCW access epoch", target,
                       start_group_ ? "a call to a rank its MPI_Win_start did not name"
                                    : "the record bounded the group of its MPI_Win_start",
                       rank_text());
    }
    const auto exclusive = exclusive_.find(target);
    if (exclusive != exclusive_.end() || lock_all_ || shared_.contains(target)) {
      // host: set by the window
      passive.push_back({a,
                         target,
                         int_of(line, "time", 0),
                         never,
                         index_,
                         std::nullopt,
                         true,
                         {},
                         exclusive == exclusive_.end() ? std::string() : exclusive->second});
      return;
    }
    if (fences_ == 0)
      return set_aside("before any synchronisation", target,
                       "a call outside every epoch the record shows (no fence, lock or start before it)", rank_text());
    fence_calls[fences_].push_back(a);
  }

  void limit(const json& line) {
    const std::string what = text_of(line, "what");
    if (what == "calls_in_epoch") {
      // The recorded calls are judged (a missing call can add a finding, never remove one): only
      // those past the bound are not, and the note says so rather than call the epoch unanalysed.
      const std::string limit = std::to_string(int_of(line, "limit", 0));
      set_aside("calls past an epoch's first " + limit, std::nullopt,
                "the record holds only the first " + limit +
                    " calls of an epoch (the recorded ones are analysed without them)",
                rank_text() + "'s epoch " + std::to_string(int_of(line, "epoch", 0)));
    } else if (what == "repeat_not_read") {
      cut_ = true;
      set_aside("the rest of a rank's record", std::nullopt,
                "an `rma_repeat` line that cannot be read as repeats of the lines before it (" +
                    text_of(line, "reason") + "): the record of this window is not read past it",
                rank_text() + " from line " + std::to_string(int_of(line, "seq", 0)));
    } else if (what == "records_cut") {
      cut_ = true;
      set_aside("the rest of a rank's record", std::nullopt,
                "the reader's memory bound cut the rank's record here: what followed was not analysed",
                rank_text() + " from line " + std::to_string(int_of(line, "line", 0)));
    } else if (what == "sync_events") {
      cut_ = true;
      set_aside("the rest of a rank's record", std::nullopt,
                "the record of this window stops at the bound on synchronisation calls recorded",
                rank_text() + " after synchronisation call " + std::to_string(int_of(line, "limit", 0)));
    }
  }

  int win_, world_, win_rank_;
  rma_epochs& out_;
  std::size_t index_ = 0;  // of the line being read
  int fences_ = 0;
  bool lock_all_ = false, started_ = false, cut_ = false;
  std::set<int> shared_;
  std::map<int, std::string> exclusive_;  // target → the exclusive epoch open on it
  int exclusive_count_ = 0;
  std::optional<std::vector<int>> start_group_;
  std::map<int, int> starts_towards_, access_index_;  // target → access epochs so far; in the open one
  std::set<std::string> said_;
};

// Names each window across ranks: its group (world ranks, from the rma_win line) and its place
// among the windows each member created on that group, which every member shares since creation
// is collective (per-rank ids are not shared: windows of other groups interleave differently).
class window_naming {
 public:
  explicit window_naming(rma_epochs& out) : out_(out) {}

  void add(const json& line, int world_rank) {
    const int local_id = static_cast<int>(int_of(line, "win", -1));
    const int win_rank = static_cast<int>(int_of(line, "win_rank", -1));
    const auto recorded = recorded_window_group(line, world_rank);
    if (!recorded) {
      out_.unanalysed.push_back({local_id, "every epoch", std::nullopt,
                                 "a rank did not record the window's group (beyond the bound on members recorded)",
                                 "rank " + std::to_string(world_rank)});
      return;
    }
    const std::vector<int>& group = *recorded;
    const int place = places_[{world_rank, group}]++;
    const auto [it, fresh] = keys_.try_emplace({group, place}, static_cast<int>(keys_.size()));
    rma_window& w = out_.windows[it->second];
    if (fresh || win_rank == 0) w.id = local_id;  // window rank 0's id names it
    w.key = it->second;
    w.group_size = static_cast<int>(group.size());
    w.dynamic = w.dynamic || text_of(line, "call") == "MPI_Win_create_dynamic";
    rma_window_part& part = w.parts[win_rank];
    part = {world_rank, local_id, text_of(line, "host"), int_of(line, "size", 0), int_of(line, "disp_unit", 1), {}, {}};
    if (const auto info = line.find("info"); info != line.end() && info->is_object())
      for (const auto& [key, value] : info->items())
        if (value.is_string()) part.info[key] = value.get<std::string>();
  }

 private:
  rma_epochs& out_;
  std::map<std::pair<int, std::vector<int>>, int> places_;  // (world rank, group) → windows so far
  std::map<std::pair<std::vector<int>, int>, int> keys_;    // (group, place) → window key
};

// One set per fence epoch and target.
void fence_sets(const rma_window& w, const std::map<int, std::vector<rma_access>>& fence_epochs, rma_epochs& out) {
  for (const auto& [k, calls] : fence_epochs) {
    std::map<int, rma_access_set> by_target;
    for (const rma_access& a : calls) {
      const int target = static_cast<int>(int_of(*a.line, "target", -1));
      const auto it =
          by_target
              .try_emplace(
                  target,
                  rma_access_set{w.key, w.id, target, rma_sync_mode::fence, "fence epoch " + std::to_string(k), {}})
              .first;
      it->second.accesses.push_back(a);
    }
    for (auto& [target, s] : by_target) {
      order_by_origin(s.accesses);
      out.sets.push_back(std::move(s));
    }
  }
}

void analyse_window(rma_window& w, const std::vector<std::vector<json>>& records_by_rank, const happens_before& order,
                    rma_epochs& out) {
  if (static_cast<int>(w.parts.size()) != w.group_size) {
    out.unanalysed.push_back({w.id, "every epoch", std::nullopt,
                              "only " + std::to_string(w.parts.size()) + " of the window's " +
                                  std::to_string(w.group_size) +
                                  " ranks recorded it (a rank's window table was full, or its record is missing)"});
    return;
  }
  std::map<int, std::vector<rma_access>> fence_epochs;
  std::vector<in_flight> passive;
  pscw_by_origin pscw;
  pscw_posts posts;
  for (auto& [win_rank, part] : w.parts) {
    if (part.world_rank < 0 || static_cast<std::size_t>(part.world_rank) >= records_by_rank.size()) continue;
    rank_reader reader(w.id, part.world_rank, win_rank, out);
    const auto& lines = records_by_rank[static_cast<std::size_t>(part.world_rank)];
    for (std::size_t i = 0; i < lines.size(); ++i)
      if (int_of(lines[i], "win", -1) == part.local_id) reader.read(lines[i], i);
    reader.finish();
    for (auto& [k, calls] : reader.fence_calls)
      fence_epochs[k].insert(fence_epochs[k].end(), calls.begin(), calls.end());
    pscw[win_rank] = std::move(reader.pscw_calls);
    posts[win_rank] = std::move(reader.posts);
    part.attached = std::move(reader.attached);
    for (in_flight& p : reader.passive) p.host = part.host;
    passive.insert(passive.end(), reader.passive.begin(), reader.passive.end());
  }
  fence_sets(w, fence_epochs, out);
  pscw_sets(w, pscw, posts, out);
  passive_sets(w, passive, order, out);
}

}  // namespace

void order_by_origin(std::vector<rma_access>& accesses) {
  std::stable_sort(accesses.begin(), accesses.end(),
                   [](const rma_access& a, const rma_access& b) { return a.win_rank < b.win_rank; });
}

rma_epochs rma_epochs_of(const std::vector<std::vector<json>>& records_by_rank) {
  rma_epochs out;
  window_naming naming(out);
  for (std::size_t r = 0; r < records_by_rank.size(); ++r)
    for (const json& line : records_by_rank[r])
      if (text_of(line, "ev") == "rma_win") naming.add(line, static_cast<int>(r));
  const happens_before order(records_by_rank);
  for (auto& [id, w] : out.windows) analyse_window(w, records_by_rank, order, out);
  return out;
}

window_names window_names_of(const rma_epochs& epochs) {
  window_names out;
  for (const auto& [key, win] : epochs.windows)
    for (const auto& [win_rank, part] : win.parts) out[{part.world_rank, part.local_id}] = {key, win_rank};
  return out;
}

}  // namespace redsem::check
