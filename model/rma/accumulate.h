/* SPDX-License-Identifier: BSD-3-Clause */
// The accumulate-family calls of MPI-4.1 §13.3.4 and §13.3.5 as data, the checks of every
// datatype, op and buffer rule, and the application of a checked call at its target.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "model/buffer.h"
#include "model/policy.h"
#include "model/rma/rma_outcome.h"
#include "model/user_op.h"

namespace redsem::rma {

enum class call_kind : std::uint8_t {
  accumulate, raccumulate, get_accumulate, rget_accumulate, fetch_and_op, compare_and_swap,
};
std::string_view to_string(call_kind k);  // "MPI_Accumulate", …
constexpr bool is_request_based(call_kind k) {
  return k == call_kind::raccumulate || k == call_kind::rget_accumulate;
}
constexpr bool fetches(call_kind k) {
  return k != call_kind::accumulate && k != call_kind::raccumulate;
}

// The target side of a call: `count` entries of `type` at `disp` displacement units into the
// target rank's window.
struct target_spec {
  int rank = 0;
  std::int64_t disp = 0;
  std::int64_t count = 0;
  datatype type = datatype::predefined(basic_type::int_);
};

struct accumulate_call {
  call_kind kind = call_kind::accumulate;
  int origin_rank = 0;
  buffer origin;                  // ignored when op is MPI_NO_OP
  std::optional<buffer> result;   // the fetching calls
  std::optional<buffer> compare;  // compare-and-swap
  target_spec target;
  op_ref op = op_id::sum;  // not used by compare-and-swap
};

// MPI_Fetch_and_op / MPI_Compare_and_swap: one element of `type` in every buffer.
accumulate_call fetch_and_op_call(int origin_rank, region_id origin_region, std::int64_t origin_offset,
                                  region_id result_region, std::int64_t result_offset, const datatype& type,
                                  int target_rank, std::int64_t target_disp, op_id op);
accumulate_call compare_and_swap_call(int origin_rank, region_id origin_region, std::int64_t origin_offset,
                                      region_id compare_region, std::int64_t compare_offset, region_id result_region,
                                      std::int64_t result_offset, const datatype& type, int target_rank,
                                      std::int64_t target_disp);

// Whether the call's op is MPI_NO_OP, so its origin buffer is ignored (§13.3.4.2).
bool is_no_op(const accumulate_call& c);

// Where the window lives: one region of the address space per rank, all `bytes` long.
struct window_geometry {
  std::vector<region_id> memory;  // indexed by rank
  std::int64_t bytes = 0;
  std::int64_t disp_unit = 1;
};

// The target buffer lies inside the window: displacement and count non-negative, and every
// byte it spans (disp × disp_unit, the datatype's true bounds, count − 1 extents on) in
// [0, window bytes), computed without overflow. Call it before target_buffer on unchecked input.
rma_outcome check_target_bounds(const window_geometry& w, const target_spec& t);

// The target buffer a call names, as a buffer in the target rank's window region.
buffer target_buffer(const window_geometry& w, const target_spec& t);

// The one predefined type all of a checked call's datatypes are built from (nullopt when
// the call moves no element).
std::optional<basic_type> call_basic_type(const accumulate_call& c);

// Every argument rule of §13.3.4 (and the bounds of the address space); does not look at epochs.
rma_outcome check_call(const address_space& space, const window_geometry& w, const accumulate_call& c);

// Applies a checked call at its target, element by element in typemap order: result[k] :=
// target[k] (fetching calls), then target[k] := f(target[k], origin[k]) (or the CAS rule).
// Origin and compare elements are read from the snapshots (copies of their regions taken when
// the call was issued), so that a later change of an origin buffer has no effect.
void apply_call(address_space& space, const window_geometry& w, const accumulate_call& c,
                std::span<const std::byte> origin_snapshot, std::span<const std::byte> compare_snapshot,
                const policy& p);

}  // namespace redsem::rma
