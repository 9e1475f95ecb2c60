// SPDX-License-Identifier: BSD-3-Clause
// Every file of the fuzz corpus (tests/opfile/corpus, grown by libFuzzer) through the reader
// in the ordinary build: it loads, or fails with a located message; a loaded op evaluates.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "model/opfile/concrete_op.h"

namespace redsem::opfile {
namespace {

TEST(OpFileCorpus, EveryFileLoadsOrSaysWhereItIsWrong) {
  std::size_t files = 0, loaded = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(REDSEM_SOURCE_DIR) + "/tests/opfile/corpus")) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const auto r = load_op_text(text.str(), entry.path().filename().string());
    ++files;
    if (!r.op) {
      EXPECT_FALSE(r.error.message.empty()) << entry.path();
      EXPECT_GE(r.error.loc.line, 1);
      EXPECT_GE(r.error.loc.col, 1);
      continue;
    }
    ++loaded;
    for (const auto& instance : r.op->instances) {
      const concrete_op op(instance, policy{});
      std::vector<std::byte> x(op.size(), std::byte{1}), out(op.size());
      op.combine(x.data(), x.data(), out.data());
    }
  }
  EXPECT_GT(files, 100u);
  EXPECT_GT(loaded, 10u);
}

}  // namespace
}  // namespace redsem::opfile
