// SPDX-License-Identifier: BSD-3-Clause
// Standard output's buffer (tools/cli/standard_output.h): what is printed reaches the descriptor
// whole, and a failed write keeps its reason for the exit status.
#include "tools/cli/standard_output.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <ostream>
#include <string>

namespace redsem::tools {
namespace {

TEST(StandardOutput, WhatIsPrintedReachesTheDescriptorWhole) {
  int ends[2];
  ASSERT_EQ(pipe(ends), 0);
  {
    descriptor_buffer buffer(ends[1]);
    std::ostream out(&buffer);
    out << "verdict: " << 'h' << "olds\n" << std::string(1000, 'x');
    out.flush();
    EXPECT_TRUE(out.good());
    EXPECT_EQ(buffer.error(), 0);
  }
  close(ends[1]);
  std::string got;
  char chunk[512];
  for (ssize_t n; (n = read(ends[0], chunk, sizeof chunk)) > 0;) got.append(chunk, static_cast<std::size_t>(n));
  close(ends[0]);
  EXPECT_EQ(got, "verdict: holds\n" + std::string(1000, 'x'));
}

TEST(StandardOutput, AFullDeviceKeepsItsReasonAndStopsTheStream) {
  const int fd = open("/dev/full", O_WRONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  descriptor_buffer buffer(fd);
  std::ostream out(&buffer);
  out << std::string(1 << 17, 'x');  // past the buffer: the write fails before any flush
  EXPECT_EQ(buffer.error(), ENOSPC);
  out << "more" << std::flush;
  EXPECT_FALSE(out.good());
  EXPECT_EQ(buffer.error(), ENOSPC);
  close(fd);
}

}  // namespace
}  // namespace redsem::tools
