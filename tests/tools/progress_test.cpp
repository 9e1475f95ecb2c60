// SPDX-License-Identifier: BSD-3-Clause
// The progress line (tools/cli/progress.h): its counts never pass their total, and off a
// terminal nothing is drawn at all.
#include "tools/cli/progress.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <sstream>

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

}  // namespace
}  // namespace redsem::tools
