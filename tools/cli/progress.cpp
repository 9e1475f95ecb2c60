// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/progress.h"

#include <fmt/format.h>

namespace redsem::tools {

void progress::start(std::string_view label) {
  end_step();
  label_ = label;
  running_ = true;
  started_ = std::chrono::steady_clock::now();
  if (terminal_) {
    constexpr std::size_t width = 30;
    const std::size_t filled = total_ ? width * done_ / total_ : width;
    out_ << fmt::format("\r\033[K[{}{}] {}/{} {}", std::string(filled, '#'), std::string(width - filled, ' '), done_,
                        total_, label_)
         << std::flush;
  }
}

void progress::end_step() {
  if (!running_) return;
  running_ = false;
  ++done_;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  if (!terminal_) out_ << fmt::format("verify: [{}/{}] {} ({:.1f} s)\n", done_, total_, label_, seconds) << std::flush;
}

void progress::finish() {
  end_step();
  if (terminal_) out_ << "\r\033[K" << std::flush;
}

}  // namespace redsem::tools
