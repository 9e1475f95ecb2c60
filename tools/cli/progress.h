/* SPDX-License-Identifier: BSD-3-Clause */
// Progress of a long run, as ninja and cargo show it: one status line redrawn in place on a
// terminal, "[1234/20000] 61.7/s 12 s  fuzz --kernel sum_int32  MPI_SUM on MPI_INT". Nothing is
// drawn when the stream is not a terminal (a log or a pipe gets only the command's output), nor
// in the run's first second (a short run leaves no trace); the line is cleared when the run
// ends. Between updates the line is redrawn every second, so a long step still shows its time.
// Colour only on a terminal and only when NO_COLOR is unset or empty (no-color.org).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>

namespace redsem::tools {

// Whether standard error is a terminal: where a progress line may be drawn.
bool stderr_is_terminal();
// Whether output to a terminal may be coloured: `terminal` and NO_COLOR unset or empty.
bool colour_allowed(bool terminal);

class progress {
 public:
  // `label` names the run ("fuzz --kernel sum_int32"); `total` 0: not known yet.
  progress(std::ostream& out, bool terminal, std::string label, std::uint64_t total = 0);
  ~progress();
  progress(const progress&) = delete;
  progress& operator=(const progress&) = delete;

  // `done` of `total` so far (shown no larger than `total`), and what the run is at now.
  void update(std::uint64_t done, std::uint64_t total, std::string_view detail = {});
  // Writes `text` to `to` (standard output, which may be the same terminal) above the line: the
  // line is cleared first and drawn again after, as ninja prints a step's output.
  void print(std::ostream& to, std::string_view text);
  // Clears the line; nothing is drawn after it.
  void finish();

  // The status line for these counts after `seconds` (without colour, not cut to a width).
  static std::string line(std::string_view label, std::uint64_t done, std::uint64_t total, double seconds,
                          std::string_view detail);

 private:
  void draw();  // with mutex_ held
  void tick(std::stop_token stop);

  std::ostream& out_;
  const bool terminal_, colour_;
  const std::string label_;
  std::uint64_t done_ = 0, total_;
  std::string detail_;
  bool drawn_ = false, finished_ = false;
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_draw_{};
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::jthread ticker_;  // last: started once everything it reads is
};

}  // namespace redsem::tools
