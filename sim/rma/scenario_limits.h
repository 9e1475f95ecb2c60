// Bounds on the numbers a scenario file may write. A scenario is one epoch small enough to
// explore every interleaving, so a number past these is a typing error, not a workload; the
// bounds also keep every displacement the model computes from them (count × extent, disp ×
// disp_unit, plus a typemap's bounds) inside 64 bits, and every buffer the session allocates
// small.
#pragma once

#include <cstdint>

namespace redsem::sim::rma {

inline constexpr std::int64_t max_window_bytes = std::int64_t{1} << 20;       // one rank's window
inline constexpr std::int64_t max_all_windows_bytes = std::int64_t{1} << 26;  // ranks × window
inline constexpr std::int64_t max_rank = 4095;                                // ranks, target, rank R
inline constexpr std::int64_t max_disp_unit = std::int64_t{1} << 20;
// A call's count=, a datatype constructor's count, blocklength and stride in elements, and the
// entries of one datatype or of one call's buffer.
inline constexpr std::int64_t max_count = std::int64_t{1} << 20;
// |disp|, a stride or displacement in bytes, resized's lb and extent, and a datatype's bounds.
inline constexpr std::int64_t max_offset = std::int64_t{1} << 40;

}  // namespace redsem::sim::rma
