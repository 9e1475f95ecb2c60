#include "model/rma/session.h"

#include <algorithm>
#include <string>

namespace redsem::rma {

session::session(int ranks, std::int64_t window_bytes, std::int64_t disp_unit, window_info info, policy p)
    : info_(info), policy_(p), origins_(static_cast<std::size_t>(ranks)) {
  geometry_.bytes = window_bytes;
  geometry_.disp_unit = disp_unit;
  for (int r = 0; r < ranks; ++r)
    geometry_.memory.push_back(space_.allocate("window@" + std::to_string(r), static_cast<std::size_t>(window_bytes)));
}

rma_outcome session::check_rank(int rank, std::string_view role) const {
  if (rank >= 0 && rank < static_cast<int>(origins_.size())) return rma_outcome::done();
  return rma_outcome::erroneous(rma_rule::rank_out_of_range, std::string(role) + " rank " + std::to_string(rank));
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
    apply_call(space_, geometry_, pc.call, pc.origin_snapshot, pc.compare_snapshot, policy_);
    pc.applied = true;
    if (pc.request) request_done_[*pc.request] = true;
  }
  std::erase_if(pending_, [](const pending_call& pc) { return pc.applied; });
}

rma_outcome session::fence() {
  if (any_passive_epoch())
    return rma_outcome::erroneous(rma_rule::fence_in_passive_epoch, "MPI_Win_fence while a lock is held");
  complete([](const pending_call&) { return true; });
  fence_epoch_ = true;
  return rma_outcome::done();
}

rma_outcome session::lock(int origin, int target, lock_type type) {
  for (auto o : {check_rank(origin, "origin"), check_rank(target, "target")})
    if (!o.is_done()) return o;
  origin_state& s = origins_[static_cast<std::size_t>(origin)];
  if (s.lock_all || s.locks.contains(target))
    return rma_outcome::erroneous(rma_rule::lock_already_held, "rank " + std::to_string(origin) +
                                                                   " already holds a lock on rank " +
                                                                   std::to_string(target));
  s.locks.emplace(target, type);
  return rma_outcome::done();
}

rma_outcome session::unlock(int origin, int target) {
  for (auto o : {check_rank(origin, "origin"), check_rank(target, "target")})
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
  if (auto o = check_rank(origin, "origin"); !o.is_done()) return o;
  origin_state& s = origins_[static_cast<std::size_t>(origin)];
  if (s.lock_all || !s.locks.empty())
    return rma_outcome::erroneous(rma_rule::lock_already_held, "rank " + std::to_string(origin) + " already holds a lock");
  s.lock_all = true;
  return rma_outcome::done();
}

rma_outcome session::unlock_all(int origin) {
  if (auto o = check_rank(origin, "origin"); !o.is_done()) return o;
  origin_state& s = origins_[static_cast<std::size_t>(origin)];
  if (!s.lock_all)
    return rma_outcome::erroneous(rma_rule::unlock_without_lock, "MPI_Win_unlock_all without MPI_Win_lock_all");
  complete([&](const pending_call& pc) { return pc.call.origin_rank == origin; });
  s.lock_all = false;
  return rma_outcome::done();
}

rma_outcome session::flush(int origin, int target) {
  for (auto o : {check_rank(origin, "origin"), check_rank(target, "target")})
    if (!o.is_done()) return o;
  if (!in_passive_epoch(origin, target))
    return rma_outcome::erroneous(rma_rule::flush_outside_passive_epoch,
                                  "rank " + std::to_string(origin) + " holds no lock on rank " + std::to_string(target));
  complete([&](const pending_call& pc) { return pc.call.origin_rank == origin && pc.call.target.rank == target; });
  return rma_outcome::done();
}

rma_outcome session::flush_all(int origin) {
  if (auto o = check_rank(origin, "origin"); !o.is_done()) return o;
  const origin_state& s = origins_[static_cast<std::size_t>(origin)];
  if (!s.lock_all && s.locks.empty())
    return rma_outcome::erroneous(rma_rule::flush_outside_passive_epoch, "rank " + std::to_string(origin) +
                                                                             " holds no lock");
  complete([&](const pending_call& pc) { return pc.call.origin_rank == origin; });
  return rma_outcome::done();
}

issued session::issue(const accumulate_call& call) {
  if (auto o = check_call(space_, geometry_, call); !o.is_done()) return {o, std::nullopt};
  const bool passive = in_passive_epoch(call.origin_rank, call.target.rank);
  if (is_request_based(call.kind) && !passive)
    return {rma_outcome::erroneous(rma_rule::request_outside_passive_epoch,
                                   std::string(to_string(call.kind)) + " from rank " +
                                       std::to_string(call.origin_rank) + " without a lock on rank " +
                                       std::to_string(call.target.rank)),
            std::nullopt};
  if (!passive && !fence_epoch_)
    return {rma_outcome::erroneous(rma_rule::no_access_epoch, std::string(to_string(call.kind)) + " from rank " +
                                                                  std::to_string(call.origin_rank) + " to rank " +
                                                                  std::to_string(call.target.rank)),
            std::nullopt};
  pending_call pc{call, {}, {}, std::nullopt, false};
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
  if (request_done_[r]) return rma_outcome::done();
  // The origin data was captured when issued, so an MPI_Raccumulate is now locally complete.
  // An MPI_Rget_accumulate's result exists only once the call has run at the target; the calls
  // its origin issued to that target before it run first, keeping accumulate_ordering.
  const auto it = std::find_if(pending_.begin(), pending_.end(), [&](const pending_call& pc) { return pc.request == r; });
  if (it != pending_.end() && it->call.kind == call_kind::rget_accumulate) {
    const std::size_t last = static_cast<std::size_t>(it - pending_.begin());
    const int origin = it->call.origin_rank, target = it->call.target.rank;
    std::size_t index = 0;
    complete([&](const pending_call& pc) {
      return index++ <= last && pc.call.origin_rank == origin && pc.call.target.rank == target;
    });
  }
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
