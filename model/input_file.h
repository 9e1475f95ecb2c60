/* SPDX-License-Identifier: BSD-3-Clause */
// Reading a user's input file (an op file, an RMA scenario) whole, its size capped before
// anything is read: a directory, a device that never ends (/dev/zero) or a huge file gets one
// message naming the path and the limit instead of exhausting memory, and a FIFO that no one
// writes reads as empty instead of blocking.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace redsem {

struct input_file {
  std::optional<std::string> text;  // the whole file, when it could be read within the cap
  std::string error;                // otherwise why not ("is a directory", "larger than N bytes", …)
};

// At most max_bytes of `path`; a longer input is refused after reading max_bytes + 1.
input_file read_input_file(const std::string& path, std::size_t max_bytes);

}  // namespace redsem
