// SPDX-License-Identifier: BSD-3-Clause
// The progress line (tools/cli/progress.h): its counts never pass their total, off a terminal
// nothing is drawn at all, and on one its three writers (a thread's updates, the caller's text,
// the once-a-second redraw) take turns.
#include "tools/cli/progress.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <sstream>
#include <string>
#include <thread>

namespace redsem::tools {
namespace {

TEST(Progress, ShowsCountsRateTimeAndLabel) {
  EXPECT_EQ(progress::line("fuzz --kernel sum", 1234, 20000, 20.0, ""), "[1234/20000] 61.7/s 20 s  fuzz --kernel sum");
  EXPECT_EQ(progress::line("fuzz --mpi openmpi", 14, 300, 2.0, "MPI_SUM on MPI_INT"),
            "[14/300] 7.0/s 2 s  fuzz --mpi openmpi  MPI_SUM on MPI_INT");
}

TEST(Progress, CountsNeverPassTheirTotal) {
  EXPECT_EQ(progress::line("verify", 3, 1, 1.0, ""), "[1/1] 1.0/s 1 s  verify");
}

TEST(Progress, AnUnknownTotalShowsTheCountAlone) {
  EXPECT_EQ(progress::line("laws", 14, 0, 2.0, ""), "[14] 7.0/s 2 s  laws");
}

TEST(Progress, LargeCountsAreReadAtAGlance) {
  EXPECT_EQ(progress::line("orders --procs 17", 3'000'000'000, 20'000'000'000, 10.0, ""),
            "[3e+09/2e+10] 3e+08/s 10 s  orders --procs 17");
}

TEST(Progress, DrawsNothingOffATerminal) {
  std::ostringstream err;
  {
    progress bar(err, false, "fuzz", 10);
    for (int i = 0; i <= 10; ++i) bar.update(static_cast<std::uint64_t>(i), 10, "case");
  }
  EXPECT_EQ(err.str(), "");
}

TEST(Progress, PrintsAboveTheLineAndOffATerminalPrintsOnlyTheText) {
  std::ostringstream err, out;
  {
    progress bar(err, false, "probe", 0);
    bar.update(1, 0, "case");
    bar.print(out, "header\n");
    bar.update(2, 0, "case");
  }
  EXPECT_EQ(out.str(), "header\n");
  EXPECT_EQ(err.str(), "");
}

TEST(Progress, ColourOnlyOnATerminalAndWithoutNoColor) {
  unsetenv("NO_COLOR");
  EXPECT_TRUE(colour_allowed(true));
  EXPECT_FALSE(colour_allowed(false));
  setenv("NO_COLOR", "", 1);  // empty: as if unset (no-color.org)
  EXPECT_TRUE(colour_allowed(true));
  setenv("NO_COLOR", "1", 1);
  EXPECT_FALSE(colour_allowed(true));
  unsetenv("NO_COLOR");
}

// As in `redsem check`: the record listener's thread updates the line while the main thread
// prints notes above it and the ticker redraws it every second; run for more than a second, so
// that the ticker draws too. Under the tsan preset, a write not under the line's mutex is a
// reported race; in any build, every note comes out whole, on a cleared line, and the line is
// cleared at the end.
TEST(Progress, UpdatesFromAThreadTextAndRedrawsTakeTurns) {
  setenv("REDSEM_PROGRESS_AFTER_MS", "0", 1);  // read once, at the first draw
  setenv("NO_COLOR", "1", 1);
  std::ostringstream err;
  int notes = 0;
  {
    progress bar(err, true, "check");
    std::jthread listener([&bar](std::stop_token stop) {
      for (std::uint64_t records = 1; !stop.stop_requested(); ++records)
        bar.update(records, 0, "records from 2 rank(s), the program running");
    });
    const auto started = std::chrono::steady_clock::now();
    while (std::chrono::steady_clock::now() - started < std::chrono::milliseconds(1500)) {
      bar.print(err, "note " + std::to_string(notes++) + "\n");
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    listener.request_stop();
    listener.join();
    bar.finish();
  }
  unsetenv("NO_COLOR");
  const std::string text = err.str();
  ASSERT_GT(notes, 0);
  for (int i = 0; i < notes; ++i) {
    const std::string note = "note " + std::to_string(i) + "\n";
    const auto at = text.find(note);
    ASSERT_NE(at, std::string::npos) << note;
    EXPECT_TRUE(at == 0 || text.compare(at - 4, 4, "\r\033[K") == 0 || text[at - 1] == '\n') << note;
  }
  EXPECT_NE(text.find("records from 2 rank(s)"), std::string::npos);
  EXPECT_EQ(text.substr(text.size() - 4), "\r\033[K");
}

}  // namespace
}  // namespace redsem::tools
