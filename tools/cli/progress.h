/* SPDX-License-Identifier: BSD-3-Clause */
// Progress of a long run: a bar redrawn in place on a terminal, plain lines otherwise (logs, CI).
#pragma once

#include <chrono>
#include <ostream>
#include <string_view>

namespace redsem::tools {

class progress {
 public:
  progress(std::ostream& out, bool terminal, std::size_t total) : out_(out), terminal_(terminal), total_(total) {}
  // Starts step `label`; the previous step, if any, is finished.
  void start(std::string_view label);
  // Finishes the last step.
  void finish();

 private:
  void end_step();
  std::ostream& out_;
  bool terminal_;
  std::size_t total_;
  std::size_t done_ = 0;
  bool running_ = false;
  std::string label_;
  std::chrono::steady_clock::time_point started_;
};

}  // namespace redsem::tools
