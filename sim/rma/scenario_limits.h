/* SPDX-License-Identifier: BSD-3-Clause */
// The bounds a scenario file is read within (docs/commands/rma.md, the limits). Each is checked
// before anything of that size is allocated or iterated, so every file gets an answer or one
// message naming the limit, in bounded time and memory. Byte quantities are bounded well
// below 2^63 so that sums and products of a few of them cannot overflow.
#pragma once

#include <cstddef>
#include <cstdint>

namespace redsem::sim::rma {

struct scenario_limits {
  std::size_t max_file_bytes = std::size_t{1} << 20;  // the file, refused before it is parsed
  std::int64_t max_window_bytes = 1 << 16;            // each rank's window
  int max_ranks = 1024;                               // the window's group
  std::int64_t max_elements = 1 << 14;                // basic elements of a datatype, and of all calls together
  std::int64_t max_byte_reach = std::int64_t{1} << 40;  // |displacement, stride, lb, extent| in bytes
  int max_type_depth = 64;                            // nesting of datatype constructors
  std::int64_t max_buffer_bytes = 1 << 20;            // the named origin-side buffers of all ranks together
};

}  // namespace redsem::sim::rma
