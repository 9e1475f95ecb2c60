// SPDX-License-Identifier: BSD-3-Clause
// Op files through Z3 (props/smt/opfile_laws.cpp, the shared law engine): the laws the samples cannot refute are
// proved over every legal input, and a counterexample the samples miss is found by the
// solver and replayed in the concrete op.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include "props/laws/opfile_prove.h"

namespace redsem::opfile {
namespace {

using laws::check_laws;
using laws::law;
using laws::verdict;

std::vector<laws::law_result> prove(const std::string& text, const std::string& type = "") {
  const auto r = load_op_text(text, "t.op");
  if (!r.op) throw std::runtime_error(r.error.to_string());
  const concrete_op op(*r.op->instance(type), policy{});
  return laws::prove_opfile(op, check_laws(op), laws::prove_options{});
}

std::string file(const std::string& name) {
  std::ifstream in(std::string(REDSEM_SOURCE_DIR) + "/examples/ops/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

verdict of(const std::vector<laws::law_result>& proofs, law l) {
  for (const auto& p : proofs)
    if (p.which == l) return p.outcome;
  throw std::runtime_error("law not decided");
}

TEST(OpFileProof, ProvesTheFixedProposals) {
  const auto select = prove(file("select_sum_identity.op"), "int32");
  for (law l : {law::commutativity, law::associativity, law::identity, law::closed}) EXPECT_EQ(of(select, l), verdict::proved);
  EXPECT_EQ(of(prove(file("segscan_runs.op"), "int32"), law::associativity), verdict::proved);
  EXPECT_EQ(of(prove(file("all_min_count.op"), "int32"), law::associativity), verdict::proved);
  EXPECT_EQ(of(prove(file("all_min_all_equal.op"), "double"), law::associativity), verdict::proved);
  EXPECT_EQ(of(prove(file("matmul2x2.op"), "int64"), law::associativity), verdict::proved);
}

TEST(OpFileProof, ProvesMinlocAndKeepsTheConcreteRefutations) {
  const auto minloc = prove(file("minloc.op"), "int32");
  EXPECT_EQ(of(minloc, law::commutativity), verdict::proved);
  EXPECT_EQ(of(minloc, law::associativity), verdict::proved);
  const auto all_min = prove(file("all_min.op"), "int32");
  EXPECT_EQ(of(all_min, law::commutativity), verdict::proved);
  EXPECT_EQ(of(all_min, law::associativity), verdict::refuted);
}

TEST(OpFileProof, FindsACounterexampleTheSamplesMiss) {
  // a·7 = 1000003 (mod 2^32) has one solution, which no sample hits: only the solver finds it.
  const std::string op = "op X\nfield v : int32\ncommute true\nresult v = if a.v * 7 == 1000003 then 0 else a.v + b.v\n";
  const auto concrete = [&] {
    const auto r = load_op_text(op, "t.op");
    return check_laws(concrete_op(*r.op->instance(""), policy{}));
  }();
  EXPECT_EQ(concrete.at(law::commutativity).outcome, laws::verdict::holds_on_samples);
  const auto proofs = prove(op);
  ASSERT_EQ(of(proofs, law::commutativity), laws::verdict::refuted);
  const auto& p = proofs[0];
  ASSERT_EQ(p.operands.size(), 2u);
  const std::int32_t a = std::get<std::int32_t>(p.operands[0][0]), b = std::get<std::int32_t>(p.operands[1][0]);
  EXPECT_TRUE(static_cast<std::int32_t>(static_cast<std::uint32_t>(a) * 7u) == 1000003 ||
              static_cast<std::int32_t>(static_cast<std::uint32_t>(b) * 7u) == 1000003);
  EXPECT_NE(p.claim.find("but b∘a"), std::string::npos) << p.claim;
}

TEST(OpFileProof, ShiftsAndRotationsMeanTheSameToTheSolver) {
  // Identities that hold exactly when the symbolic shifts match the concrete ones.
  EXPECT_EQ(of(prove("op X\nfield v : uint8\ncommute true\nresult v = rotl(rotr(a.v, b.v), b.v) ^ rotr(rotl(b.v, a.v), a.v)\n"),
               law::commutativity),
            verdict::proved);
  // 0 is an identity only if shifts by the width or more give 0 (or the sign, for >>), and a
  // rotation by the width is none: the samples and the solver must both see it so.
  for (const std::string type : {"uint8", "int8"}) {
    const std::string op = "op X\nfield v : " + type + "\ncommute false\nidentity v = 0\n"
                           "result v = a.v + b.v + (b.v << 8) + (a.v >> 8) - (a.v >> 8) + (b.v >> 9) - (b.v >> 100)"
                           " + rotl(a.v, 8) - a.v + rotr(b.v, 16) - b.v\n";
    const auto r = load_op_text(op, "t.op");
    ASSERT_TRUE(r.op) << r.error.to_string();
    EXPECT_EQ(check_laws(concrete_op(*r.op->instance(""), policy{})).at(law::identity).outcome, laws::verdict::holds_on_samples) << type;
    EXPECT_EQ(of(prove(op), law::identity), verdict::proved) << type;
  }
}

laws::equivalence same_as(const std::string& name, const std::string& type, op_id op, basic_type pair) {
  const auto r = load_op_text(file(name), name);
  if (!r.op) throw std::runtime_error(r.error.to_string());
  return laws::prove_same_as_predefined(concrete_op(*r.op->instance(type), policy{}), op, pair, laws::prove_options{});
}

TEST(OpFileProof, MinlocAndMaxlocFilesAreThePredefinedOps) {
  EXPECT_EQ(same_as("minloc.op", "int32", op_id::minloc, basic_type::two_int).outcome, verdict::proved);
  EXPECT_EQ(same_as("maxloc.op", "int32", op_id::maxloc, basic_type::two_int).outcome, verdict::proved);
  EXPECT_EQ(same_as("minloc.op", "int16", op_id::minloc, basic_type::short_int).outcome, verdict::proved);
  EXPECT_EQ(same_as("maxloc.op", "int64", op_id::maxloc, basic_type::long_int).outcome, verdict::proved);
  // The typo is not MINLOC, and the file's MINLOC differs from the predefined one only where
  // MPI says nothing: a NaN value (the default policy makes NaN the extreme value).
  EXPECT_EQ(same_as("minloc_openmpi_typo.op", "int32", op_id::minloc, basic_type::two_int).outcome, verdict::refuted);
  const auto with_nan = same_as("minloc.op", "double", op_id::minloc, basic_type::double_int);
  ASSERT_EQ(with_nan.outcome, verdict::refuted);
  EXPECT_TRUE(std::isnan(std::get<double>(with_nan.operands[0][0])) || std::isnan(std::get<double>(with_nan.operands[1][0])));
  EXPECT_EQ(same_as("minloc.op", "int32", op_id::maxloc, basic_type::two_int).outcome, verdict::refuted);
}

}  // namespace
}  // namespace redsem::opfile
