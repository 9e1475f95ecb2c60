// SPDX-License-Identifier: BSD-3-Clause
// The table: selection, shared proofs across types with one element representation, and
// the proof cache.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

#include "props/laws/law_table.h"
#include "props/laws/proof_cache.h"

namespace redsem::laws {
namespace {

TEST(LawsTable, SelectsOnlyLegalPairs) {
  table_request r;
  r.op = op_id::land;
  for (const auto& [op, type] : selected_pairs(r)) EXPECT_TRUE(op_allows(op, type)) << to_string(type);
  r.type = basic_type::float_;
  EXPECT_TRUE(selected_pairs(r).empty());
}

TEST(LawsTable, TypesWithOneRepresentationShareVerdicts) {
  EXPECT_EQ(representation_key(basic_type::int_), representation_key(basic_type::integer4));
  EXPECT_NE(representation_key(basic_type::c_complex), representation_key(basic_type::two_real));
  table_request r;
  r.op = op_id::sum;
  const auto table = law_table(r);
  const table_entry* int_entry = nullptr;
  const table_entry* int32_entry = nullptr;
  for (const auto& e : table) {
    if (e.type == basic_type::int_) int_entry = &e;
    if (e.type == basic_type::int32) int32_entry = &e;
    for (const auto& res : e.results) EXPECT_NE(res.outcome, verdict::unknown) << to_string(e.type) << ": " << res.reason;
  }
  ASSERT_TRUE(int_entry && int32_entry);
  for (std::size_t i = 0; i < int_entry->results.size(); ++i)
    EXPECT_EQ(int_entry->results[i].outcome, int32_entry->results[i].outcome);
}

TEST(LawsTable, TheCacheReturnsWhatWasProved) {
  const auto dir = std::filesystem::temp_directory_path() / ("redsem-laws-cache-test-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  proof_cache cache(dir);
  table_request r;
  r.op = op_id::sum;
  r.type = basic_type::float_;
  r.cache = &cache;
  const auto cold = law_table(r);
  const auto warm = law_table(r);
  ASSERT_EQ(cold.size(), 1u);
  for (std::size_t i = 0; i < cold[0].results.size(); ++i) {
    const auto &a = cold[0].results[i], &b = warm[0].results[i];
    EXPECT_EQ(a.outcome, b.outcome);
    EXPECT_NE(b.reason.find("proof cache"), std::string::npos) << b.reason;
    EXPECT_EQ(a.example.has_value(), b.example.has_value());
    if (a.example && b.example) {
      EXPECT_EQ(a.example->lhs.bytes, b.example->lhs.bytes);
    }
  }
  // A different policy is a different key.
  r.semantics.minmax_nan = nan_rule::c_ternary;
  EXPECT_FALSE(cache.find(op_id::sum, basic_type::float_, law::associativity, r.semantics).has_value());
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace redsem::laws
