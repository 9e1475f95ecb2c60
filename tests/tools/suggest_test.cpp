// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/suggest.h"

#include <gtest/gtest.h>

namespace redsem::tools {
namespace {

TEST(EditDistance, CountsInsertionsDeletionsSubstitutionsAndSwaps) {
  EXPECT_EQ(edit_distance("verify", "verify"), 0u);
  EXPECT_EQ(edit_distance("verfy", "verify"), 1u);    // a letter left out
  EXPECT_EQ(edit_distance("verrify", "verify"), 1u);  // one too many
  EXPECT_EQ(edit_distance("varify", "verify"), 1u);   // one wrong
  EXPECT_EQ(edit_distance("vreify", "verify"), 1u);   // two swapped: one edit, not two
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("SUM", "sum"), 0u);  // MPI names are case-insensitive
}

TEST(ClosestWord, SuggestsATypoButNotAnotherWord) {
  const std::vector<std::string> commands{"verify", "opcheck", "fuzz", "laws", "emit-c", "orders", "rma", "probe"};
  EXPECT_EQ(closest_word("verfy", commands), "verify");
  EXPECT_EQ(closest_word("ordres", commands), "orders");
  EXPECT_EQ(closest_word("lwas", commands), "laws");
  EXPECT_EQ(closest_word("xyzzy", commands), std::nullopt);
  EXPECT_EQ(closest_word("ab", commands), std::nullopt);  // two letters off a three-letter word
}

TEST(ClosestWord, AllowsMoreEditsInLongerWords) {
  const std::vector<std::string> keys{"minmax_nan", "minmax_zero", "complex_prod"};
  EXPECT_EQ(closest_word("mimax_nna", keys), "minmax_nan");  // two edits in nine letters
  EXPECT_EQ(closest_word("mn", keys), std::nullopt);
}

TEST(ClosestWord, PrefersTheNearestAndThenTheFirst) {
  EXPECT_EQ(closest_word("--op", {"--ops", "--op"}), "--op");
  EXPECT_EQ(closest_word("--o", {"--op", "--on"}), "--op");
}

TEST(DidYouMean, NamesTheWordOrSaysNothing) {
  EXPECT_EQ(did_you_mean("--jsno", {"--json", "--op"}), "; did you mean '--json'?");
  EXPECT_EQ(did_you_mean("--frobnicate", {"--json", "--op"}), "");
}

}  // namespace
}  // namespace redsem::tools
