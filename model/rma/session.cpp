// SPDX-License-Identifier: BSD-3-Clause
// The RMA session's calls (model/rma/session.h): the ranks that may make them, their checks when
// issued (an access epoch, the buffers of the origin's calls not yet complete at the origin),
// and the origin's own loads and stores against those buffers. The epochs and the completion of
// the calls are in session_epochs.cpp.
#include "model/rma/session.h"

#include <algorithm>
#include <string>
#include <utility>

namespace redsem::rma {

session::session(int ranks, std::int64_t window_bytes, std::int64_t disp_unit, window_info info, policy p)
    : info_(info),
      policy_(p),
      origins_(static_cast<std::size_t>(ranks)),
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
  const std::string_view name =
      get ? (request_based ? "MPI_Rget" : "MPI_Get") : (request_based ? "MPI_Rput" : "MPI_Put");
  if (auto o = check_epoch(origin, target, name, request_based); !o.is_done()) return {o, std::nullopt};
  // As the accumulate that moves the same buffer: MPI_REPLACE from it, or MPI_NO_OP into it.
  accumulate_call c;
  c.kind = get ? call_kind::get_accumulate : call_kind::accumulate;
  c.origin_rank = origin;
  c.target.rank = target;
  c.op = get ? op_id::no_op : op_id::replace;
  if (get)
    c.result = local;
  else
    c.origin = local;
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

std::size_t session::pending_at_target(int origin) const {
  std::size_t n = 0;
  for (const pending_call& pc : pending_) n += pc.call.origin_rank == origin ? 1 : 0;
  return n;
}

bool session::locally_complete(request_id r) const { return r < request_done_.size() && request_done_[r]; }

}  // namespace redsem::rma
