// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/progress.h"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

namespace redsem::tools {
namespace {

using clock = std::chrono::steady_clock;
// A shorter run draws nothing. REDSEM_PROGRESS_AFTER_MS changes it (the pseudo-terminal tests
// set 0, so that whether a line is drawn does not depend on how fast the machine runs).
std::chrono::milliseconds first_draw() {
  static const std::chrono::milliseconds after = [] {
    const char* text = std::getenv("REDSEM_PROGRESS_AFTER_MS");
    char* end = nullptr;
    const long ms = text ? std::strtol(text, &end, 10) : -1;
    return std::chrono::milliseconds(text && *text && end && *end == '\0' && ms >= 0 ? ms : 1000);
  }();
  return after;
}
constexpr auto least_between_draws = std::chrono::milliseconds(100);  // updates faster than this are not all drawn

// A count as read at a glance: "1234", "1.23e+09" past a million.
std::string count_text(double n) { return n < 1e6 ? fmt::format("{:.0f}", n) : fmt::format("{:.3g}", n); }

std::string rate_text(double per_second) {
  return per_second < 100 ? fmt::format("{:.1f}/s", per_second) : count_text(per_second) + "/s";
}

// Columns of the terminal on standard error; 0 when not known.
std::size_t terminal_columns() {
  winsize size{};
  return ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 ? size.ws_col : 0;
}

}  // namespace

bool stderr_is_terminal() { return isatty(STDERR_FILENO) != 0; }

bool colour_allowed(bool terminal) {
  const char* no_colour = std::getenv("NO_COLOR");
  return terminal && (no_colour == nullptr || *no_colour == '\0');
}

progress::progress(std::ostream& out, bool terminal, std::string label, std::uint64_t total)
    : out_(out), terminal_(terminal), colour_(colour_allowed(terminal)), label_(std::move(label)), total_(total) {
  if (terminal_) ticker_ = std::jthread([this](std::stop_token stop) { tick(stop); });
}

progress::~progress() { finish(); }

std::string progress::line(std::string_view label, std::uint64_t done, std::uint64_t total, double seconds,
                           std::string_view detail) {
  if (total) done = std::min(done, total);
  const std::string counts =
      total ? fmt::format("[{}/{}]", count_text(static_cast<double>(done)), count_text(static_cast<double>(total)))
            : fmt::format("[{}]", count_text(static_cast<double>(done)));
  std::string s =
      fmt::format("{} {} {:.0f} s  {}", counts, rate_text(seconds > 0 ? done / seconds : 0.0), seconds, label);
  if (!detail.empty()) s += fmt::format("  {}", detail);
  return s;
}

void progress::update(std::uint64_t done, std::uint64_t total, std::string_view detail) {
  if (!terminal_) return;
  const std::lock_guard lock(mutex_);
  done_ = done;
  total_ = total;
  detail_ = detail;
  if (clock::now() - last_draw_ >= least_between_draws) draw();
}

void progress::draw() {
  const auto now = clock::now();
  if (finished_ || now - started_ < first_draw()) return;
  std::string text = line(label_, done_, total_, std::chrono::duration<double>(now - started_).count(), detail_);
  // One line: a line wider than the terminal wraps, and \r then redraws only its last part.
  if (const std::size_t columns = terminal_columns(); columns > 1 && text.size() >= columns) {
    std::size_t cut = columns - 1;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    text.resize(cut);
  }
  if (const auto counts_end = text.find(']'); colour_ && counts_end != std::string::npos)
    text = "\033[1;32m" + text.substr(0, counts_end + 1) + "\033[0m" + text.substr(counts_end + 1);
  out_ << "\r\033[K" << text << std::flush;
  drawn_ = true;
  last_draw_ = now;
}

void progress::print(std::ostream& to, std::string_view text) {
  const std::lock_guard lock(mutex_);
  if (drawn_) out_ << "\r\033[K" << std::flush;
  to << text << std::flush;
  if (drawn_) draw();
}

void progress::tick(std::stop_token stop) {
  std::unique_lock lock(mutex_);
  while (!stop.stop_requested()) {
    wake_.wait_for(lock, stop, std::chrono::seconds(1), [] { return false; });
    if (!stop.stop_requested()) draw();
  }
}

void progress::finish() {
  if (ticker_.joinable()) {
    ticker_.request_stop();
    ticker_.join();
  }
  const std::lock_guard lock(mutex_);
  if (finished_) return;
  finished_ = true;
  if (drawn_) out_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

}  // namespace redsem::tools
