// SPDX-License-Identifier: BSD-3-Clause
// The verdicts of every example op file (examples/ops), one line each: the seed proposals
// as written and as fixed (docs/semantics.md §8), MINLOC/MAXLOC and the Open MPI man-page typo.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "model/opfile/typed_op.h"
#include "props/laws/opfile_check.h"

namespace redsem::opfile {
namespace {

using laws::check_laws;
using laws::law;
using laws::verdict;

constexpr verdict H = verdict::holds_on_samples;
constexpr verdict R = verdict::refuted;
constexpr verdict N = verdict::not_applicable;

struct expectation {
  const char* file;
  const char* type;
  verdict commutative, associative, identity, closed;
  bool error;  // what `redsem opcheck` reports as an error (exit 1)
};

// clang-format off
constexpr expectation examples[] = {
    {"segmented_sum.op",            "int32",  R, R, R, N, true},
    {"segmented_sum.op",            "double", R, R, R, N, true},
    {"segmented_sum_normalised.op", "int32",  R, H, N, N, false},
    {"segmented_sum_normalised.op", "uint32", R, H, N, N, false},
    {"segmented_sum_normalised.op", "double", R, R, N, N, true},   // rounding: floating SUM is not associative
    {"segmented_max.op",            "int32",  R, R, N, N, true},
    {"segmented_max_normalised.op", "int32",  R, H, H, H, false},
    {"segmented_max_normalised.op", "double", R, H, H, H, false},
    {"select_sum.op",               "int32",  R, H, N, N, true},
    {"select_sum_identity.op",      "int32",  H, H, H, H, false},
    {"select_sum_identity.op",      "int64",  H, H, H, H, false},
    {"all_min.op",                  "int32",  H, R, N, N, true},
    {"all_min.op",                  "double", H, R, N, N, true},
    {"all_max.op",                  "int32",  H, R, N, N, true},
    {"all_min_all_equal.op",        "int32",  H, H, N, H, false},
    {"all_min_all_equal.op",        "double", H, H, N, H, false},
    {"all_max_all_equal.op",        "int32",  H, H, N, H, false},
    {"all_min_count.op",            "int32",  H, H, H, N, false},
    {"all_min_count.op",            "double", H, R, H, N, true},   // NaN is unordered (§8.3 caveat)
    {"all_max_count.op",            "int32",  H, H, H, N, false},
    {"segscan_7_11_3.op",           "int32",  R, R, N, N, true},
    {"segscan_runs.op",             "int32",  R, H, N, N, false},
    {"minloc.op",                   "int32",  H, H, N, N, false},
    {"minloc.op",                   "int64",  H, H, N, N, false},
    {"maxloc.op",                   "int16",  H, H, N, N, false},
    {"minloc.op",                   "double", H, R, N, N, true},   // NaN: §2, the standard is silent
    {"minloc_openmpi_typo.op",      "int32",  H, R, N, N, true},
    {"matmul2x2.op",                "int64",  R, H, H, N, false},
    {"matmul2x2.op",                "uint32", R, H, H, N, false},
    {"matmul2x2.op",                "double", R, R, R, N, true},   // rounding; and 1·(−0) + 0·0 = +0
    {"segmented_sum_bool.op",       "int32",  R, H, H, N, false},
    {"segmented_sum_bool.op",       "double", R, R, R, N, true},   // rounding; 0 + (−0) = +0 (docs/semantics.md §9.3)
};
// clang-format on

class OpFileExample : public ::testing::TestWithParam<expectation> {};

// How long each takes is bench/opfile_bench.cpp's business, not a test's (sanitizer builds and
// a loaded machine would make a time limit fail for no fault).
TEST_P(OpFileExample, HasItsVerdicts) {
  const expectation& e = GetParam();
  const auto loaded = load_op_path(std::string(REDSEM_SOURCE_DIR) + "/examples/ops/" + e.file);
  ASSERT_TRUE(loaded.op) << loaded.error.to_string();
  const typed_op* op = loaded.op->instance(e.type);
  ASSERT_NE(op, nullptr);
  const auto report = check_laws(concrete_op(*op, policy{}));
  const std::pair<law, verdict> expected[] = {{law::commutativity, e.commutative},
                                              {law::associativity, e.associative},
                                              {law::identity, e.identity},
                                              {law::closed, e.closed}};
  for (const auto& [l, v] : expected)
    EXPECT_EQ(report.at(l).outcome, v) << e.file << " " << e.type << " " << to_string(l) << ": " << report.at(l).claim;
  EXPECT_EQ(report.has_error(), e.error);
}

INSTANTIATE_TEST_SUITE_P(Examples, OpFileExample, ::testing::ValuesIn(examples), [](const auto& info) {
  std::string name = std::string(info.param.file) + "_" + info.param.type;
  for (auto& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
});

}  // namespace
}  // namespace redsem::opfile
