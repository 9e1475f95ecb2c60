// SPDX-License-Identifier: BSD-3-Clause
// Laws everyone knows, decided through the one op definition: integer arithmetic, bitwise
// ops and MIN/MAX are associative and commutative; floating SUM and PROD are not associative;
// MINLOC/MAXLOC on integer pairs are associative and commutative.
#include <gtest/gtest.h>

#include "tests/props/laws_replay.h"

namespace redsem::laws {
namespace {

using testing::decide;

std::vector<basic_type> integer_types() {
  std::vector<basic_type> out;
  for (std::size_t t = 0; t < basic_type_count; ++t) {
    const auto type = static_cast<basic_type>(t);
    const auto g = group_of(type);
    if (g == type_group::c_integer || g == type_group::fortran_integer || g == type_group::multi_language) out.push_back(type);
  }
  return out;
}

TEST(LawsKnownTruths, IntegerOpsAreAssociativeAndCommutative) {
  for (basic_type type : integer_types())
    for (op_id op : {op_id::sum, op_id::prod, op_id::band, op_id::bor, op_id::bxor, op_id::min, op_id::max})
      for (law l : {law::associativity, law::commutativity}) {
        const auto r = decide(op, type, l);
        EXPECT_EQ(r.outcome, verdict::proved) << to_string(op) << " " << to_string(type) << " " << to_string(l) << ": " << r.reason;
      }
}

TEST(LawsKnownTruths, FloatingSumAndProdAreNotAssociative) {
  for (basic_type type : {basic_type::float_, basic_type::double_, basic_type::long_double})
    for (op_id op : {op_id::sum, op_id::prod}) {
      const auto r = decide(op, type, law::associativity);
      EXPECT_EQ(r.outcome, verdict::refuted) << to_string(op) << " " << to_string(type);
      ASSERT_TRUE(r.example.has_value());
      EXPECT_EQ(r.example->inputs.size(), 3u);
      // Floats are shown in decimal and in hex.
      EXPECT_NE(r.example->inputs[0].second.text.find("[0x"), std::string::npos) << r.example->inputs[0].second.text;
    }
}

TEST(LawsKnownTruths, FloatingSumAndProdAreCommutative) {
  for (basic_type type : {basic_type::float_, basic_type::double_, basic_type::long_double, basic_type::c_double_complex})
    for (op_id op : {op_id::sum, op_id::prod}) {
      const auto r = decide(op, type, law::commutativity);
      EXPECT_EQ(r.outcome, verdict::proved) << to_string(op) << " " << to_string(type) << ": " << r.reason;
    }
}

TEST(LawsKnownTruths, SolverCounterexamplesAreReplayedToo) {
  // Without the concrete pre-search the refutation must come from the solver's model, decoded
  // and replayed through the model.
  prove_options o;
  o.pre_search = false;
  const auto r = prove_predefined(op_id::sum, basic_type::float_, law::associativity, {}, o);
  ASSERT_EQ(r.outcome, verdict::refuted) << r.reason;
  EXPECT_NE(r.reason.find("solver"), std::string::npos) << r.reason;
  testing::expect_replay_differs(op_id::sum, basic_type::float_, law::associativity, r, {});
  policy c_ternary;
  c_ternary.minmax_nan = nan_rule::c_ternary;
  const auto m = prove_predefined(op_id::max, basic_type::double_, law::commutativity, c_ternary, o);
  ASSERT_EQ(m.outcome, verdict::refuted) << m.reason;
  testing::expect_replay_differs(op_id::max, basic_type::double_, law::commutativity, m, c_ternary);
}

TEST(LawsKnownTruths, LocOpsOnIntegerPairsAreAssociativeAndCommutative) {
  for (basic_type type : {basic_type::two_int, basic_type::short_int, basic_type::long_int, basic_type::two_integer})
    for (op_id op : {op_id::minloc, op_id::maxloc})
      for (law l : {law::associativity, law::commutativity}) {
        const auto r = decide(op, type, l);
        EXPECT_EQ(r.outcome, verdict::proved) << to_string(op) << " " << to_string(type) << " " << to_string(l) << ": " << r.reason;
      }
}

TEST(LawsKnownTruths, ReplaceIsAssociativeButNotCommutative) {
  EXPECT_EQ(decide(op_id::replace, basic_type::int_, law::associativity).outcome, verdict::proved);
  EXPECT_EQ(decide(op_id::replace, basic_type::int_, law::commutativity).outcome, verdict::refuted);
}

}  // namespace
}  // namespace redsem::laws
