// SPDX-License-Identifier: BSD-3-Clause
// The model's op × type validity, cell by cell, against the standard's table transcribed
// here independently from MPI-4.1 §7.9.2–7.9.4 (by type name, not through the model's groups).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "model/validity_table.h"

namespace redsem {
namespace {

// The op columns of §7.9.2, by MPI name.
const std::set<std::string> minmax{"MPI_MAX", "MPI_MIN"}, arith{"MPI_SUM", "MPI_PROD"},
    logical{"MPI_LAND", "MPI_LOR", "MPI_LXOR"}, bitwise{"MPI_BAND", "MPI_BOR", "MPI_BXOR"},
    loc{"MPI_MAXLOC", "MPI_MINLOC"};

std::set<std::string> join(std::initializer_list<std::set<std::string>> sets) {
  std::set<std::string> all;
  for (const auto& s : sets) all.insert(s.begin(), s.end());
  return all;
}

// Every type the standard lists, with the reduction ops it allows.
std::map<std::string, std::set<std::string>> standard_table() {
  std::map<std::string, std::set<std::string>> t;
  for (const char* c : {"MPI_INT", "MPI_LONG", "MPI_SHORT", "MPI_UNSIGNED_SHORT", "MPI_UNSIGNED", "MPI_UNSIGNED_LONG",
                        "MPI_LONG_LONG_INT", "MPI_UNSIGNED_LONG_LONG", "MPI_SIGNED_CHAR", "MPI_UNSIGNED_CHAR",
                        "MPI_INT8_T", "MPI_INT16_T", "MPI_INT32_T", "MPI_INT64_T", "MPI_UINT8_T", "MPI_UINT16_T",
                        "MPI_UINT32_T", "MPI_UINT64_T"})
    t[c] = join({minmax, arith, logical, bitwise});
  for (const char* f : {"MPI_INTEGER", "MPI_INTEGER1", "MPI_INTEGER2", "MPI_INTEGER4", "MPI_INTEGER8"})
    t[f] = join({minmax, arith, bitwise});
  for (const char* f : {"MPI_FLOAT", "MPI_DOUBLE", "MPI_LONG_DOUBLE", "MPI_REAL", "MPI_DOUBLE_PRECISION", "MPI_REAL4",
                        "MPI_REAL8"})
    t[f] = join({minmax, arith});
  for (const char* l : {"MPI_LOGICAL", "MPI_C_BOOL", "MPI_CXX_BOOL"}) t[l] = logical;
  for (const char* c : {"MPI_C_COMPLEX", "MPI_C_DOUBLE_COMPLEX", "MPI_C_LONG_DOUBLE_COMPLEX", "MPI_CXX_FLOAT_COMPLEX",
                        "MPI_CXX_DOUBLE_COMPLEX", "MPI_CXX_LONG_DOUBLE_COMPLEX", "MPI_COMPLEX", "MPI_DOUBLE_COMPLEX",
                        "MPI_COMPLEX8", "MPI_COMPLEX16"})
    t[c] = arith;
  t["MPI_BYTE"] = bitwise;
  for (const char* m : {"MPI_AINT", "MPI_OFFSET", "MPI_COUNT"}) t[m] = join({minmax, arith, bitwise});
  for (const char* p : {"MPI_FLOAT_INT", "MPI_DOUBLE_INT", "MPI_LONG_INT", "MPI_2INT", "MPI_SHORT_INT",
                        "MPI_LONG_DOUBLE_INT", "MPI_2REAL", "MPI_2DOUBLE_PRECISION", "MPI_2INTEGER"})
    t[p] = loc;
  for (const char* c : {"MPI_CHAR", "MPI_WCHAR", "MPI_CHARACTER"}) t[c] = {};
  return t;
}

TEST(validity_table, every_cell_matches_the_standard) {
  const auto expected = standard_table();
  const auto table = validity_table();
  ASSERT_EQ(table.size(), expected.size()) << "the model and the standard list different types";
  int cells = 0;
  for (const auto& row : table) {
    const std::string type(to_string(row.front().type));
    ASSERT_TRUE(expected.count(type)) << type << " is not in the standard's table";
    const auto& allowed = expected.at(type);
    for (const auto& cell : row) {
      const std::string op(to_string(cell.op));
      ++cells;
      if (op == "MPI_REPLACE" || op == "MPI_NO_OP") {
        EXPECT_EQ(cell.verdict, cell_verdict::rma_only) << op << " on " << type;
        EXPECT_EQ(cell.reason, rule::rma_only_op);
      } else if (allowed.count(op)) {
        EXPECT_EQ(cell.verdict, cell_verdict::valid) << op << " on " << type << " must be valid";
      } else {
        EXPECT_EQ(cell.verdict, cell_verdict::erroneous) << op << " on " << type << " must be erroneous";
      }
    }
  }
  EXPECT_EQ(cells, 59 * 14);
}

TEST(validity_table, characters_are_rejected_by_their_own_rule) {
  for (const auto& row : validity_table()) {
    if (group_of(row.front().type) != type_group::character) continue;
    EXPECT_EQ(row[static_cast<std::size_t>(op_id::sum)].reason, rule::character_type) << to_string(row.front().type);
  }
}

TEST(validity_table, only_replace_and_no_op_are_rma_only) {
  for (std::size_t o = 0; o < op_count; ++o) {
    const auto op = static_cast<op_id>(o);
    EXPECT_EQ(usage_of(op) == op_usage::rma_only, op == op_id::replace || op == op_id::no_op) << to_string(op);
    EXPECT_EQ(is_commutative(op), usage_of(op) == op_usage::reduction) << to_string(op);
  }
}

}  // namespace
}  // namespace redsem
