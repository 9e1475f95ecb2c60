// SPDX-License-Identifier: BSD-3-Clause
#include "model/rma/session.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

namespace redsem::rma {

session::session(int ranks, std::int64_t window_bytes, std::int64_t disp_unit, window_info info, policy p)
    : info_(info), policy_(p), origins_(static_cast<std::size_t>(ranks)),
      exposed_(static_cast<std::size_t>(ranks), false),
      freed_(static_cast<std::size_t>(ranks), false) {
  geometry_.bytes = window_bytes;
  geometry_.disp_unit = disp_unit;
  for (int r = 0; r < ranks; ++r)
    geometry_.memory.push_back(space_.allocate("window@" + std::to_string(r), static_cast<std::size_t>(window_bytes)));
}

rma_outcome session::check_rank(int rank, std::string_view role) const {
  if (rank >= 0 && rank < static_cast<int>(origins_.size())) return rma_outcome::done();
  return rma_outcome::erroneous(rma_rule::rank_out_of_range, std::string(role) + " rank " + std::to_string(rank));
}

rma_outcome session::check_caller(int rank, std::string_view call) const {
  if (auto o = check_rank(rank, "calling"); !o.is_done()) return o;
  if (!freed_[static_cast<std::size_t>(rank)]) return rma_outcome::done();
  return rma_outcome::erroneous(rma_rule::window_freed,
                                std::string(call) + " by rank " + std::to_string(rank) + " after its MPI_Win_free");
}

bool session::in_passive_epoch(int origin, int target) const {
  const origin_state& o = origins_[static_cast<std::size_t>(origin)];
  return o.lock_all || o.locks.contains(target);
}

bool session::any_passive_epoch() const {
  for (const origin_state& o : origins_)
    if (o.lock_all || !o.locks.empty()) return true;
  return false;
}

template <class Which>
void session::complete(Which which) {
  for (pending_call& pc : pending_) {
    if (pc.applied || !which(pc)) continue;
    if (!pc.buffers_only) apply_call(space_, geometry_, pc.call, pc.origin_snapshot, pc.compare_snapshot, policy_);
    pc.applied = true;
    if (pc.request) request_done_[*pc.request] = true;
  }
  std::erase_if(pending_, [](const pending_call& pc) { return pc.applied; });
}

template <class Which>
void session::complete_locally(Which which) {
  // (origin, target) → one past the last selected fetching call: its result exists only once it
  // has run at the target, after the calls its origin issued to that target before it.
  std::map<std::pair<int, int>, std::size_t> run_through;
  for (std::size_t i = 0; i < pending_.size(); ++i) {
    pending_call& pc = pending_[i];
    if (!which(pc)) continue;
    pc.locally_complete = true;
    if (pc.request) request_done_[*pc.request] = true;
    if (fetches(pc.call.kind)) run_through[{pc.call.origin_rank, pc.call.target.rank}] = i + 1;
  }
  std::size_t index = 0;
  complete([&](const pending_call& pc) {
    const auto it = run_through.find({pc.call.origin_rank, pc.call.target.rank});
    return index++ < (it == run_through.end() ? 0 : it->second);
  });
}

namespace {

struct origin_side_buffer {
  std::string_view role;  // "origin", "compare", "result"
  const buffer* b;
};

// The buffers a call reads at the origin (origin, compare) and writes there (result).
std::vector<origin_side_buffer> origin_side_buffers(const accumulate_call& c) {
  std::vector<origin_side_buffer> out;
  if (!is_no_op(c)) out.push_back({"origin", &c.origin});
  if (c.compare) out.push_back({"compare", &*c.compare});
  if (c.result) out.push_back({"result", &*c.result});
  return out;
}

std::optional<byte_range> overlap(const buffer& b, const byte_range& r) {
  for (const byte_range& t : touched_bytes(b))
    if (t.region == r.region && t.begin < r.end && r.begin < t.end)
      return byte_range{r.region, std::max(t.begin, r.begin), std::min(t.end, r.end)};
  return std::nullopt;
}

}  // namespace

template <class Touched>
std::optional<rma_outcome> session::conflict_with_pending(int rank, Touched touched) const {
  for (const pending_call& pc : pending_) {
    if (pc.locally_complete || pc.call.origin_rank != rank) continue;
    for (const origin_side_buffer& o : origin_side_buffers(pc.call)) {
      const bool result = o.role == "result";
      const auto r = touched(*o.b, result);
      if (!r) continue;
      const std::string call =
          pc.label.empty() ? std::string(to_string(pc.call.kind)) + " from rank " + std::to_string(rank) : pc.label;
      return rma_outcome::erroneous(result ? rma_rule::result_buffer_accessed_before_completion
                                           : rma_rule::origin_buffer_updated_before_completion,
                                    "bytes [" + std::to_string(r->begin) + ", " + std::to_string(r->end) + ") of " +
                                        space_.name(r->region) + " are in the " + std::string(o.role) + " buffer of " +
                                        call + ", not yet complete at the origin");
    }
  }
  return std::nullopt;
}

rma_outcome session::local_load(int rank, const byte_range& bytes) const {
  const auto o = conflict_with_pending(rank, [&](const buffer& b, bool result) -> std::optional<byte_range> {
    return result ? overlap(b, bytes) : std::nullopt;  // reading an origin buffer is allowed
  });
  return o ? *o : rma_outcome::done();
}

rma_outcome session::local_store(int rank, const byte_range& bytes) const {
  const auto o = conflict_with_pending(rank, [&](const buffer& b, bool) { return overlap(b, bytes); });
  return o ? *o : rma_outcome::done();
}

rma_outcome session::inside_fence_epoch(std::string_view call, int origin) {
  return rma_outcome::erroneous(rma_rule::overlapping_access_epochs,
                                std::string(call) + " by rank " + std::to_string(origin) +
                                    " inside the access epoch of a fence that another fence follows");
}

rma_outcome session::fence(bool another_fence_follows) {
  for (std::size_t r = 0; r < freed_.size(); ++r)
    if (freed_[r]) return check_caller(static_cast<int>(r), "MPI_Win_fence");
  if (any_passive_epoch())
    return rma_outcome::erroneous(rma_rule::fence_in_passive_epoch, "MPI_Win_fence while a lock is held");
  complete([](const pending_call&) { return true; });
  fence_epoch_ = true;
  fence_access_epoch_ = another_fence_follows;
  return rma_outcome::done();
}

rma_outcome session::lock(int origin, int target, lock_type type) {
  for (auto o : {check_caller(origin, "MPI_Win_lock"), check_rank(target, "target")})
    if (!o.is_done()) return o;
  origin_state& s = origins_[static_cast<std::size_t>(origin)];
  if (s.started)
    return rma_outcome::erroneous(rma_rule::overlapping_access_epochs,
                                  "MPI_Win_lock by rank " + std::to_string(origin) + " inside its MPI_Win_start epoch");
  if (fence_access_epoch_) return inside_fence_epoch("MPI_Win_lock", origin);
  if (s.lock_all || s.locks.contains(target))
    return rma_outcome::erroneous(rma_rule::lock_already_held, "rank " + std::to_string(origin) +
                                                                   " already holds a lock on rank " +
                                                                   std::to_string(target));
  if (exposed_[static_cast<std::size_t>(target)])
    return rma_outcome::erroneous(rma_rule::lock_while_exposed, "MPI_Win_lock by rank " + std::to_string(origin) +
                                                                    " on rank " + std::to_string(target) +
                                                                    " between its MPI_Win_post and MPI_Win_wait");
  s.locks.emplace(target, type);
  return rma_outcome::done();
}

rma_outcome session::unlock(int origin, int target) {
  for (auto o : {check_caller(origin, "MPI_Win_unlock"), check_rank(target, "target")})
    if (!o.is_done()) return o;
  origin_state& s = origins_[static_cast<std::size_t>(origin)];
  if (!s.locks.contains(target))
    return rma_outcome::erroneous(rma_rule::unlock_without_lock, "rank " + std::to_string(origin) +
                                                                     " holds no lock on rank " +
                                                                     std::to_string(target));
  complete([&](const pending_call& pc) { return pc.call.origin_rank == origin && pc.call.target.rank == target; });
  s.locks.erase(target);
  return rma_outcome::done();
}

rma_outcome session::lock_all(int origin) {
  if (auto o = check_caller(origin, "MPI_Win_lock_all"); !o.is_done()) return o;
  origin_state& s = origins_[static_cast<std::size_t>(origin)];
  if (s.started)
    return rma_outcome::erroneous(rma_rule::overlapping_access_epochs, "MPI_Win_lock_all by rank " +
                                                                           std::to_string(origin) +
                                                                           " inside its MPI_Win_start epoch");
  if (fence_access_epoch_) return inside_fence_epoch("MPI_Win_lock_all", origin);
  if (s.lock_all || !s.locks.empty())
    return rma_outcome::erroneous(rma_rule::lock_already_held, "rank " + std::to_string(origin) + " already holds a lock");
  for (std::size_t t = 0; t < exposed_.size(); ++t)
    if (exposed_[t])
      return rma_outcome::erroneous(rma_rule::lock_while_exposed, "MPI_Win_lock_all by rank " + std::to_string(origin) +
                                                                      " while rank " + std::to_string(t) +
                                                                      " is between its MPI_Win_post and MPI_Win_wait");
  s.lock_all = true;
  return rma_outcome::done();
}

rma_outcome session::pscw_start(int origin, const std::set<int>& group) {
  if (auto o = check_caller(origin, "MPI_Win_start"); !o.is_done()) return o;
  for (int target : group)
    if (auto o = check_rank(target, "target"); !o.is_done()) return o;
  origin_state& s = origins_[static_cast<std::size_t>(origin)];
  if (fence_access_epoch_) return inside_fence_epoch("MPI_Win_start", origin);
  if (s.started || s.lock_all || !s.locks.empty())
    return rma_outcome::erroneous(rma_rule::overlapping_access_epochs,
                                  "MPI_Win_start by rank " + std::to_string(origin) + " inside another access epoch");
  s.started = group;
  return rma_outcome::done();
}

rma_outcome session::pscw_complete(int origin) {
  if (auto o = check_caller(origin, "MPI_Win_complete"); !o.is_done()) return o;
  origin_state& s = origins_[static_cast<std::size_t>(origin)];
  if (!s.started)
    return rma_outcome::erroneous(rma_rule::complete_without_start,
                                  "MPI_Win_complete by rank " + std::to_string(origin) + " without MPI_Win_start");
  complete([&](const pending_call& pc) { return pc.call.origin_rank == origin; });
  s.started.reset();
  return rma_outcome::done();
}

rma_outcome session::pscw_post(int target) {
  if (auto o = check_caller(target, "MPI_Win_post"); !o.is_done()) return o;
  for (std::size_t r = 0; r < origins_.size(); ++r)
    if (origins_[r].lock_all || origins_[r].locks.contains(target))
      return rma_outcome::erroneous(rma_rule::lock_while_exposed, "MPI_Win_post by rank " + std::to_string(target) +
                                                                      " while rank " + std::to_string(r) +
                                                                      " holds a lock on its window");
  exposed_[static_cast<std::size_t>(target)] = true;
  return rma_outcome::done();
}

rma_outcome session::pscw_wait(int target) {
  if (auto o = check_caller(target, "MPI_Win_wait"); !o.is_done()) return o;
  if (!exposed_[static_cast<std::size_t>(target)])
    return rma_outcome::erroneous(rma_rule::wait_without_post,
                                  "MPI_Win_wait by rank " + std::to_string(target) + " without MPI_Win_post");
  exposed_[static_cast<std::size_t>(target)] = false;
  return rma_outcome::done();
}

rma_outcome session::unlock_all(int origin) {
  if (auto o = check_caller(origin, "MPI_Win_unlock_all"); !o.is_done()) return o;
  origin_state& s = origins_[static_cast<std::size_t>(origin)];
  if (!s.lock_all)
    return rma_outcome::erroneous(rma_rule::unlock_without_lock, "MPI_Win_unlock_all without MPI_Win_lock_all");
  complete([&](const pending_call& pc) { return pc.call.origin_rank == origin; });
  s.lock_all = false;
  return rma_outcome::done();
}

rma_outcome session::free_window(int rank) {
  if (auto o = check_caller(rank, "MPI_Win_free"); !o.is_done()) return o;
  const origin_state& s = origins_[static_cast<std::size_t>(rank)];
  const auto inside = [&](const std::string& what) {
    return rma_outcome::erroneous(rma_rule::free_inside_epoch,
                                  "MPI_Win_free by rank " + std::to_string(rank) + " " + what);
  };
  if (s.lock_all) return inside("while it holds MPI_Win_lock_all");
  if (!s.locks.empty()) return inside("while it holds a lock on rank " + std::to_string(s.locks.begin()->first));
  if (s.started) return inside("inside its MPI_Win_start epoch");
  if (exposed_[static_cast<std::size_t>(rank)]) return inside("between its MPI_Win_post and MPI_Win_wait");
  if (fence_access_epoch_) return inside("inside the access epoch of a fence that another fence follows");
  freed_[static_cast<std::size_t>(rank)] = true;
  return rma_outcome::done();
}

rma_outcome session::flush(int origin, int target) {
  for (auto o : {check_caller(origin, "MPI_Win_flush"), check_rank(target, "target")})
    if (!o.is_done()) return o;
  if (!in_passive_epoch(origin, target))
    return rma_outcome::erroneous(rma_rule::flush_outside_passive_epoch,
                                  "rank " + std::to_string(origin) + " holds no lock on rank " + std::to_string(target));
  complete([&](const pending_call& pc) { return pc.call.origin_rank == origin && pc.call.target.rank == target; });
  return rma_outcome::done();
}

rma_outcome session::flush_all(int origin) {
  if (auto o = check_caller(origin, "MPI_Win_flush_all"); !o.is_done()) return o;
  const origin_state& s = origins_[static_cast<std::size_t>(origin)];
  if (!s.lock_all && s.locks.empty())
    return rma_outcome::erroneous(rma_rule::flush_outside_passive_epoch, "rank " + std::to_string(origin) +
                                                                             " holds no lock");
  complete([&](const pending_call& pc) { return pc.call.origin_rank == origin; });
  return rma_outcome::done();
}

rma_outcome session::flush_local(int origin, int target) {
  for (auto o : {check_caller(origin, "MPI_Win_flush_local"), check_rank(target, "target")})
    if (!o.is_done()) return o;
  if (!in_passive_epoch(origin, target))
    return rma_outcome::erroneous(
        rma_rule::flush_outside_passive_epoch,
        "MPI_Win_flush_local: rank " + std::to_string(origin) + " holds no lock on rank " + std::to_string(target));
  complete_locally(
      [&](const pending_call& pc) { return pc.call.origin_rank == origin && pc.call.target.rank == target; });
  return rma_outcome::done();
}

rma_outcome session::flush_local_all(int origin) {
  if (auto o = check_caller(origin, "MPI_Win_flush_local_all"); !o.is_done()) return o;
  const origin_state& s = origins_[static_cast<std::size_t>(origin)];
  if (!s.lock_all && s.locks.empty())
    return rma_outcome::erroneous(rma_rule::flush_outside_passive_epoch,
                                  "MPI_Win_flush_local_all: rank " + std::to_string(origin) + " holds no lock");
  complete_locally([&](const pending_call& pc) { return pc.call.origin_rank == origin; });
  return rma_outcome::done();
}

rma_outcome session::check_epoch(int origin, int target, std::string_view call, bool request_based) const {
  for (auto o : {check_caller(origin, call), check_rank(target, "target")})
    if (!o.is_done()) return o;
  const bool passive = in_passive_epoch(origin, target);
  if (request_based && !passive)
    return rma_outcome::erroneous(rma_rule::request_outside_passive_epoch,
                                  std::string(call) + " from rank " + std::to_string(origin) +
                                      " without a lock on rank " + std::to_string(target));
  const auto& started = origins_[static_cast<std::size_t>(origin)].started;
  if (!passive && !fence_epoch_ && !(started && started->contains(target)))
    return rma_outcome::erroneous(
        rma_rule::no_access_epoch,
        std::string(call) + " from rank " + std::to_string(origin) + " to rank " + std::to_string(target));
  return rma_outcome::done();
}

// A new call's buffers against those of its origin's calls not yet complete at the origin:
// reading a pending result buffer, or writing any pending call's buffer, is accessing it (§13.3).
std::optional<rma_outcome> session::clash_with_pending(const accumulate_call& call) const {
  const auto mine = origin_side_buffers(call);
  return conflict_with_pending(call.origin_rank, [&](const buffer& b, bool result) -> std::optional<byte_range> {
    for (const origin_side_buffer& o : mine)
      if (result || o.role == "result")
        if (const auto r = first_overlap(*o.b, b)) return r;
    return std::nullopt;
  });
}

issued session::issue_transfer(int origin, int target, bool get, bool request_based, const buffer& local,
                               std::string label) {
  const std::string_view name = get ? (request_based ? "MPI_Rget" : "MPI_Get") : (request_based ? "MPI_Rput" : "MPI_Put");
  if (auto o = check_epoch(origin, target, name, request_based); !o.is_done()) return {o, std::nullopt};
  // As the accumulate that moves the same buffer: MPI_REPLACE from it, or MPI_NO_OP into it.
  accumulate_call c;
  c.kind = get ? call_kind::get_accumulate : call_kind::accumulate;
  c.origin_rank = origin;
  c.target.rank = target;
  c.op = get ? op_id::no_op : op_id::replace;
  if (get) c.result = local;
  else c.origin = local;
  if (auto clash = clash_with_pending(c)) return {*clash, std::nullopt};
  pending_call pc{c, {}, {}, std::nullopt, std::move(label), false, false, true};
  if (request_based) {
    pc.request = static_cast<request_id>(request_done_.size());
    request_done_.push_back(false);
  }
  const auto request = pc.request;
  pending_.push_back(std::move(pc));
  return {rma_outcome::done(), request};
}

issued session::issue(const accumulate_call& call, std::string label) {
  if (auto o = check_call(space_, geometry_, call); !o.is_done()) return {o, std::nullopt};
  if (auto o = check_epoch(call.origin_rank, call.target.rank, to_string(call.kind), is_request_based(call.kind));
      !o.is_done())
    return {o, std::nullopt};
  if (auto clash = clash_with_pending(call)) return {*clash, std::nullopt};
  pending_call pc{call, {}, {}, std::nullopt, std::move(label), false, false, false};
  const auto snapshot = [&](const buffer& b) {
    const auto bytes = space_.bytes(b.region);
    return std::vector<std::byte>(bytes.begin(), bytes.end());
  };
  pc.origin_snapshot = snapshot(call.origin);
  if (call.compare) pc.compare_snapshot = snapshot(*call.compare);
  if (is_request_based(call.kind)) {
    pc.request = static_cast<request_id>(request_done_.size());
    request_done_.push_back(false);
  }
  const auto request = pc.request;
  pending_.push_back(std::move(pc));
  return {rma_outcome::done(), request};
}

rma_outcome session::wait(request_id r) {
  if (r >= request_done_.size())
    return rma_outcome::erroneous(rma_rule::unknown_request, "request " + std::to_string(r));
  // The origin data was captured when issued, so an MPI_Raccumulate is now locally complete;
  // an MPI_Rget_accumulate is performed at the target to have its result.
  complete_locally([&](const pending_call& pc) { return pc.request == r; });
  request_done_[r] = true;
  return rma_outcome::done();
}

std::size_t session::pending_at_target(int origin) const {
  std::size_t n = 0;
  for (const pending_call& pc : pending_) n += pc.call.origin_rank == origin ? 1 : 0;
  return n;
}

bool session::locally_complete(request_id r) const { return r < request_done_.size() && request_done_[r]; }

}  // namespace redsem::rma
