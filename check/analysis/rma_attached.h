/* SPDX-License-Identifier: BSD-3-Clause */
// Memory attached to a dynamic window (MPI_Win_attach, MPI-4.1 §13.2.4), as the scenario sees
// it. On a dynamic window a call's target displacement is an address on the target (relative to
// MPI_BOTTOM); the scenario's window is the target's attached regions laid end to end, in address
// order, so each call's displacement becomes its offset there. Distinct regions never share a
// byte, so the layout keeps exactly the overlaps of the calls. A call reaching outside every
// region is erroneous: the target memory it names is not in the window.
//
// The regions are every one the target attached in the record, detached or not: an access to a
// region after its detach is not recognised as outside (never a false claim, possibly a miss).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace redsem::check {

struct attached_region {
  std::int64_t base = 0;  // its address, as MPI_Get_address gives it
  std::int64_t bytes = 0;
};

class attached_layout {
 public:
  explicit attached_layout(std::vector<attached_region> regions);

  // Whether the regions' sizes sum within 64 bits; else there is no layout to place calls in.
  bool fits() const { return fits_; }
  // Where the bytes [begin, end) (addresses) sit in the laid-out window: the offset of `begin`,
  // or nothing when they are not inside one region (or the layout does not fit).
  std::optional<std::int64_t> offset_of(std::int64_t begin, std::int64_t end) const;
  std::int64_t bytes() const { return bytes_; }
  // The regions, one sentence ("attached: 0x… (16 bytes), …").
  std::string text() const;

 private:
  std::vector<attached_region> regions_;  // by address
  std::vector<std::int64_t> offsets_;     // each region's first byte in the layout
  std::int64_t bytes_ = 0;
  bool fits_ = true;
};

}  // namespace redsem::check
