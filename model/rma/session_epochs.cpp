// SPDX-License-Identifier: BSD-3-Clause
// The RMA session's epochs and completion (model/rma/session.h): fences, locks, PSCW,
// MPI_Win_free and the flushes, each checked against the epochs open, and the completion of
// pending calls they (and MPI_Wait) bring, at the target or at the origin only.
#include <map>
#include <string>
#include <utility>

#include "model/rma/session.h"

namespace redsem::rma {

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
    return rma_outcome::erroneous(
        rma_rule::lock_already_held,
        "rank " + std::to_string(origin) + " already holds a lock on rank " + std::to_string(target));
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
    return rma_outcome::erroneous(
        rma_rule::unlock_without_lock,
        "rank " + std::to_string(origin) + " holds no lock on rank " + std::to_string(target));
  complete([&](const pending_call& pc) { return pc.call.origin_rank == origin && pc.call.target.rank == target; });
  s.locks.erase(target);
  return rma_outcome::done();
}

rma_outcome session::lock_all(int origin) {
  if (auto o = check_caller(origin, "MPI_Win_lock_all"); !o.is_done()) return o;
  origin_state& s = origins_[static_cast<std::size_t>(origin)];
  if (s.started)
    return rma_outcome::erroneous(
        rma_rule::overlapping_access_epochs,
        "MPI_Win_lock_all by rank " + std::to_string(origin) + " inside its MPI_Win_start epoch");
  if (fence_access_epoch_) return inside_fence_epoch("MPI_Win_lock_all", origin);
  if (s.lock_all || !s.locks.empty())
    return rma_outcome::erroneous(rma_rule::lock_already_held,
                                  "rank " + std::to_string(origin) + " already holds a lock");
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
    return rma_outcome::erroneous(
        rma_rule::flush_outside_passive_epoch,
        "rank " + std::to_string(origin) + " holds no lock on rank " + std::to_string(target));
  complete([&](const pending_call& pc) { return pc.call.origin_rank == origin && pc.call.target.rank == target; });
  return rma_outcome::done();
}

rma_outcome session::flush_all(int origin) {
  if (auto o = check_caller(origin, "MPI_Win_flush_all"); !o.is_done()) return o;
  const origin_state& s = origins_[static_cast<std::size_t>(origin)];
  if (!s.lock_all && s.locks.empty())
    return rma_outcome::erroneous(rma_rule::flush_outside_passive_epoch,
                                  "rank " + std::to_string(origin) + " holds no lock");
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

rma_outcome session::wait(request_id r) {
  if (r >= request_done_.size())
    return rma_outcome::erroneous(rma_rule::unknown_request, "request " + std::to_string(r));
  // The origin data was captured when issued, so an MPI_Raccumulate is now locally complete;
  // an MPI_Rget_accumulate is performed at the target to have its result.
  complete_locally([&](const pending_call& pc) { return pc.request == r; });
  request_done_[r] = true;
  return rma_outcome::done();
}

}  // namespace redsem::rma
