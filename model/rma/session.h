/* SPDX-License-Identifier: BSD-3-Clause */
// A window and its epochs, run sequentially (MPI-4.1 §13.5): calls are checked when issued
// and take effect at the target when they complete — at a fence, MPI_Win_unlock(_all) or
// MPI_Win_flush — in the order they were issued, which is one of the orders MPI allows.
// Concurrency itself (every other order) is the explorer's job (sim/rma).
//
// Request-based calls (§13.3.5): MPI_Wait completes the call at the origin only. After it the
// origin buffer may be reused and, for MPI_Rget_accumulate, the result buffer holds the
// fetched values (so the model performs it at the target then); an MPI_Raccumulate stays
// pending at the target until a flush or unlock. MPI_Win_flush_local(_all) (§13.5.4) completes
// calls at the origin the same way.
//
// Origin-side buffers (§13.3): until a call completes at the origin, its origin and compare
// buffers must not be updated and its result buffer not accessed, by the origin's own loads
// and stores or by its later calls. The session checks both (local_load, local_store, issue).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "model/rma/accumulate.h"
#include "model/rma/window_info.h"

namespace redsem::rma {

enum class lock_type : std::uint8_t { shared, exclusive };
using request_id = std::uint32_t;

struct issued {
  rma_outcome outcome;
  std::optional<request_id> request;  // request-based calls that were accepted
};

class session {
 public:
  // `ranks` processes, each exposing `window_bytes` of window memory (zero-filled).
  session(int ranks, std::int64_t window_bytes, std::int64_t disp_unit, window_info info, policy p);

  address_space& space() { return space_; }
  const address_space& space() const { return space_; }
  const window_geometry& geometry() const { return geometry_; }
  region_id window_memory(int rank) const { return geometry_.memory.at(static_cast<std::size_t>(rank)); }
  const window_info& info() const { return info_; }
  // Origin-side memory (origin, result, compare buffers) of some rank.
  region_id allocate(std::string name, std::size_t bytes) { return space_.allocate(std::move(name), bytes); }

  // MPI_Win_fence by every rank: completes every call, and calls may follow. It starts an access
  // epoch when another fence follows with RMA calls between (MPI-4.1 §13.5.1), which the caller
  // says, since the session cannot see ahead: a lock or start inside that epoch overlaps it (§13.5).
  rma_outcome fence(bool another_fence_follows = false);
  rma_outcome lock(int origin, int target, lock_type type);
  rma_outcome unlock(int origin, int target);
  rma_outcome lock_all(int origin);
  rma_outcome unlock_all(int origin);
  // PSCW, the origin's side (§13.5.2): MPI_Win_start with a group of targets opens an
  // active-target access epoch to each of them, MPI_Win_complete ends it and completes its calls.
  // Matching starts with posts is the caller's (sim/rma/scenario_buffers_sync.cpp).
  rma_outcome pscw_start(int origin, const std::set<int>& group);
  rma_outcome pscw_complete(int origin);
  // PSCW, the target's side: MPI_Win_post exposes the target's window until MPI_Win_wait (or an
  // MPI_Win_test that returns true). A lock on an exposed window is erroneous, either way round.
  rma_outcome pscw_post(int target);
  rma_outcome pscw_wait(int target);
  // MPI_Win_free by `rank` (§13.2.5): only once its RMA involvement on the window is over (no
  // lock or lock_all held, no start without complete, no post without wait, not between two
  // fences). After it, every RMA or synchronisation call of `rank` on the window is erroneous,
  // and so is a fence (every rank calls it). An erroneous free frees nothing.
  rma_outcome free_window(int rank);
  rma_outcome flush(int origin, int target);
  rma_outcome flush_all(int origin);
  rma_outcome flush_local(int origin, int target);
  rma_outcome flush_local_all(int origin);

  // Whether `origin` may now issue an RMA call (`call` names it in the evidence) to `target`:
  // inside an access epoch to it, a passive-target one for a request-based call (§13.3.5, §13.5).
  // issue checks this; puts and gets, which the session does not model, call it themselves.
  rma_outcome check_epoch(int origin, int target, std::string_view call, bool request_based) const;

  // `label` names the call in the evidence of later findings about its buffers.
  issued issue(const accumulate_call& call, std::string label = {});
  rma_outcome wait(request_id r);

  // MPI_Put from `local` or MPI_Get into it, MPI_Rput or MPI_Rget when `request_based` (the
  // explorer, not the session, models their effect at the target): checked for an access epoch
  // and against the origin's pending calls' buffers as issue checks a call, then tracked until
  // it completes at the origin, so that its buffer is not updated (put) or accessed (get) before
  // (§13.3). `local` may be empty (count 0) when the buffer is not followed.
  issued issue_transfer(int origin, int target, bool get, bool request_based, const buffer& local, std::string label);

  // `rank` loads or stores `bytes` of its own memory: erroneous when they belong to a buffer of
  // one of its calls that has not completed at the origin (a result buffer; for a store also an
  // origin or compare buffer). Nothing is written: the caller stores after a done outcome.
  rma_outcome local_load(int rank, const byte_range& bytes) const;
  rma_outcome local_store(int rank, const byte_range& bytes) const;

  // Calls issued by `origin` that have not yet taken effect at their target.
  std::size_t pending_at_target(int origin) const;
  // Whether request r has completed at the origin (MPI_Wait returned or the call completed).
  bool locally_complete(request_id r) const;

 private:
  struct pending_call {
    accumulate_call call;
    std::vector<std::byte> origin_snapshot, compare_snapshot;
    std::optional<request_id> request;
    std::string label;
    bool applied = false;
    bool locally_complete = false;  // its buffers are free again, though it may be pending at the target
    bool buffers_only = false;      // a put or get: tracked for its buffer, not applied at the target
  };
  struct origin_state {
    std::map<int, lock_type> locks;  // target → lock held
    bool lock_all = false;
    std::optional<std::set<int>> started;  // the group of its MPI_Win_start epoch
  };

  bool in_passive_epoch(int origin, int target) const;
  static rma_outcome inside_fence_epoch(std::string_view call, int origin);
  bool any_passive_epoch() const;
  rma_outcome check_rank(int rank, std::string_view role) const;
  // check_rank, and that `rank` has not freed the window before calling `call` on it.
  rma_outcome check_caller(int rank, std::string_view call) const;
  // Applies the pending calls that `which` selects, in issue order, and forgets them.
  template <class Which>
  void complete(Which which);
  // Completes at the origin the pending calls `which` selects: the fetching ones, and every
  // call of the same origin to the same target issued before one, are performed at the target.
  template <class Which>
  void complete_locally(Which which);
  // The first of rank's calls not yet complete at the origin with a buffer that `touched` (given
  // the buffer and whether it is a result buffer) returns bytes of; the finding naming them.
  template <class Touched>
  std::optional<rma_outcome> conflict_with_pending(int rank, Touched touched) const;
  std::optional<rma_outcome> clash_with_pending(const accumulate_call& call) const;

  address_space space_;
  window_geometry geometry_;
  window_info info_;
  policy policy_;
  bool fence_epoch_ = false;
  bool fence_access_epoch_ = false;  // the last fence starts an access epoch (another fence follows)
  std::vector<origin_state> origins_;
  std::vector<pending_call> pending_;
  std::vector<bool> request_done_;  // indexed by request_id
  std::vector<bool> exposed_;       // per rank: between its MPI_Win_post and MPI_Win_wait
  std::vector<bool> freed_;         // per rank: after its MPI_Win_free
};

}  // namespace redsem::rma
