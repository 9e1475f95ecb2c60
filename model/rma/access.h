/* SPDX-License-Identifier: BSD-3-Clause */
// One access to a target window during an epoch, at basic-element granularity: what the
// concurrency rules (MPI-4.1 §13.3, §13.7) and the interleaving explorer reason about.
// Accumulate-family calls become accesses through access_of(); puts, gets and the target's
// own loads and stores are written directly.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/rma/accumulate.h"

namespace redsem::rma {

enum class access_kind : std::uint8_t {
  accumulate,        // MPI_Accumulate, MPI_Raccumulate: writes
  fetch_accumulate,  // MPI_Get_accumulate, MPI_Rget_accumulate, MPI_Fetch_and_op: reads, and writes unless MPI_NO_OP
  compare_and_swap,  // MPI_Compare_and_swap: reads, may write
  put,               // MPI_Put: writes, not atomic
  get,               // MPI_Get: reads, not atomic
  local_store,       // the target process stores to its window memory
  local_load,        // the target process loads from it
};
std::string_view to_string(access_kind k);

constexpr bool is_accumulate_family(access_kind k) {
  return k == access_kind::accumulate || k == access_kind::fetch_accumulate || k == access_kind::compare_and_swap;
}

inline constexpr std::size_t max_element_bytes = 32;  // MPI_LONG_DOUBLE_INT, MPI_C_LONG_DOUBLE_COMPLEX
using element_bytes = std::array<std::byte, max_element_bytes>;

struct access_element {
  basic_type type;
  std::int64_t offset;    // bytes from the start of the target's window
  element_bytes origin{};   // the origin (or stored) value; unused by reads
  element_bytes compare{};  // compare-and-swap only
};

struct access {
  int origin = 0;       // issuing rank (the target itself for local loads and stores)
  int sequence = 0;     // position in the origin's program order within the epoch
  // How many completions at the target (MPI_Win_flush, flush_all, unlock) of the origin's calls
  // came before it in the origin's program order: two of one origin's remote accesses with
  // different counts are not concurrent, the earlier having completed at the target (§13.5.4).
  int completion_phase = 0;
  // How many MPI_Win_fence calls came before it: accesses in different fence epochs, of any
  // process, are not concurrent (§13.5.1).
  int fence_epoch = 0;
  // The passive-target epoch (MPI_Win_lock or MPI_Win_lock_all … unlock) it was issued in: an id
  // unique in the program, increasing in each origin's program order; -1 outside any. An
  // exclusive lock excludes the other origins' epochs on its target (§13.5.3): their accesses
  // are never concurrent with its accesses, one epoch running wholly before the other.
  int lock_epoch = -1;
  bool exclusive = false;  // lock_epoch holds an exclusive lock
  // Where it falls among the target's MPI_Win_post and MPI_Win_wait calls, counted from 1 in
  // the target's program order (§13.5.2): an origin's access in a start epoch matched to a post
  // lies in [the post, its wait); a target's own load or store after k of those calls in
  // [k, k + 1). -1 for accesses the target's post and wait do not order.
  int exposure_begin = -1, exposure_end = -1;
  access_kind kind = access_kind::accumulate;
  op_id op = op_id::sum;  // accumulate family; MPI_REPLACE for put and store, MPI_NO_OP for get and load
  int target = 0;
  std::vector<access_element> elements;
  std::string label;  // how the user names it, e.g. "rank 1, line 7: MPI_Accumulate(MPI_SUM)"

  bool reads() const;   // observes the target's value (returns it, or compares it)
  bool writes() const;  // may change the target's value
};

// The access a checked accumulate-family call makes, with origin and compare values read
// from `space` as they are now.
access access_of(const address_space& space, const window_geometry& w, const accumulate_call& c, int sequence,
                 std::string label);

// The bytes [begin, end) of element e in the target window.
inline std::int64_t end_of(const access_element& e) { return e.offset + info(e.type).size; }

}  // namespace redsem::rma
