/* SPDX-License-Identifier: BSD-3-Clause */
// What MPI promises about concurrent accesses within one epoch (MPI-4.1 §13.3, §13.7.1, §13.7.2),
// as findings with evidence. A correct program gets no finding: its accumulates to one location
// use one predefined type and one op (or MPI_NO_OP), and the outcome is as if they ran in some
// serial order, element by element.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/policy.h"
#include "model/rma/access.h"
#include "model/rma/window_info.h"

namespace redsem::rma {

// How much MPI says about the outcome.
enum class guarantee : std::uint8_t {
  undefined,          // conflicting accesses: MPI states no outcome (not erroneous since MPI-3)
  outside_guarantee,  // the window's accumulate_ops assertion is broken: no atomicity promised
  unspecified,        // MPI does not say (compare-and-swap against accumulates, mpi-issues #114)
  either_order,       // atomic, but the two may take effect in either order
};
std::string_view to_string(guarantee g);

enum class finding_kind : std::uint8_t {
  racing_access,          // a put, get or local access races an overlapping access it conflicts with
  mismatched_accumulates, // accumulates overlap through different predefined types or displacements
  mixed_ops,              // different ops on one location, beyond what accumulate_ops allows
  cas_with_accumulate,    // compare-and-swap and an accumulate with an op on one location
  unordered_same_origin,  // one origin's accumulates to one location, ordering relaxed by accumulate_ordering
};
inline constexpr std::size_t finding_kind_count = 5;

struct finding_info {
  std::string_view name;
  std::string_view section;
  guarantee level;
  std::string_view text;
};
const finding_info& describe(finding_kind k);

struct finding {
  finding_kind kind;
  std::size_t first, second;  // indices into the analysed accesses, first < second
  int target;
  std::int64_t begin, end;    // the first window bytes both touch
  std::string evidence;
};

// Every pair of overlapping accesses in `accesses` (all concurrent except for accumulate_ordering
// between one origin's accumulates, one origin's accesses a flush separates, accesses a fence
// separates, and epochs an exclusive lock keeps apart) whose outcome MPI does not fully define.
// One finding per pair, the most severe. Under `ordered_accumulates=sequential` (the default), one
// origin's accumulates that accumulate_ordering keeps in order are not concurrent for
// accumulate_ops: their ops may differ.
std::vector<finding> analyse_concurrency(const std::vector<access>& accesses, const window_info& info, const policy& p);

// Whether x and y are one origin's remote accesses with a completion at the target (a flush or
// unlock of that origin) between them in its program order, or any two accesses a fence
// separates: then they are not concurrent.
bool separated_by_completion(const access& x, const access& y);

// Whether x and y lie in two origins' passive-target epochs on one target, one of them under an
// exclusive lock (§13.5.3): one epoch runs wholly before the other, so they are not concurrent.
bool mutually_excluded(const access& x, const access& y);

// Whether the target's MPI_Win_post and MPI_Win_wait order `first` wholly before `second`: a
// load or store before the post, the accesses of the exposure epoch, a load or store after the
// wait (§13.5.2), and the accesses of an earlier exposure epoch before those of a later one.
bool ordered_by_exposure(const access& first, const access& second);

// Whether accumulate_ordering keeps `first` before `second` (same origin and target, first
// issued earlier): every read/write pairing between them is in the ordering set.
bool ordered_by_info(const access& first, const access& second, const accumulate_ordering& order);

}  // namespace redsem::rma
