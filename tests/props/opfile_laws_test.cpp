// SPDX-License-Identifier: BSD-3-Clause
// Op files through the law engine predefined ops go through (props/smt/law_engine.h): the laws
// the predefined table has, decided alike for an op file that writes the same op, and their
// proofs cached under the op file's AST, so an edited file is decided again.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <tuple>

#include "model/opfile/concrete_op.h"
#include "props/laws/opfile_check.h"
#include "props/laws/opfile_prove.h"
#include "props/laws/opfile_table.h"
#include "props/laws/predefined_failure.h"
#include "props/laws/proof_cache.h"
#include "props/laws/prove.h"

namespace redsem::laws {
namespace {

opfile::typed_op instance(const std::string& text, const std::string& type = "") {
  const auto r = opfile::load_op_text(text, "t.op");
  if (!r.op) throw std::runtime_error(r.error.to_string());
  return *r.op->instance(type);
}

law_result decide(const std::string& text, law l, const std::string& type = "") {
  const opfile::concrete_op op(instance(text, type), policy{});
  return prove_opfile_law(op, l, prove_options{});
}

const std::string sum_op = "op S\nfield v : int32\ncommute true\nidentity v = 0\nresult v = a.v + b.v\n";
const std::string max_op = "op M\ntype T in {int32, uint8}\nfield v : T\ncommute true\nresult v = max(a.v, b.v)\n";
const std::string min_op = "op M\ntype T in {int32, uint8}\nfield v : T\ncommute true\nresult v = min(a.v, b.v)\n";

TEST(OpFileLaws, IdempotenceIsRefutedForSumAndProvedForMax) {
  const auto sum = decide(sum_op, law::idempotence);
  ASSERT_EQ(sum.outcome, verdict::refuted) << sum.reason;
  ASSERT_TRUE(sum.example);
  EXPECT_EQ(sum.example->lhs_expression, "x∘x");
  EXPECT_EQ(sum.operands.size(), 1u);  // the evidence in the op file's terms too
  EXPECT_EQ(decide(max_op, law::idempotence, "int32").outcome, verdict::proved);
  EXPECT_EQ(decide(max_op, law::idempotence, "uint8").outcome, verdict::proved);
}

// An op file that writes MPI_MIN or MPI_MAX has the absorbing element the predefined op has.
TEST(OpFileLaws, AbsorbingElementIsThePredefinedOnes) {
  for (const auto& [text, predefined] : {std::pair{min_op, op_id::min}, std::pair{max_op, op_id::max}}) {
    for (const auto& [type, basic] : {std::pair{"int32", basic_type::int32}, std::pair{"uint8", basic_type::uint8}}) {
      const auto expected = prove_predefined(predefined, basic, law::absorbing, policy{}, prove_options{});
      ASSERT_EQ(expected.outcome, verdict::proved) << to_string(predefined) << " " << type;
      const auto got = decide(text, law::absorbing, type);
      ASSERT_EQ(got.outcome, verdict::proved) << to_string(predefined) << " " << type << ": " << got.reason;
      ASSERT_TRUE(got.element);
      EXPECT_EQ(got.element->bytes, expected.element->bytes) << to_string(predefined) << " " << type;
    }
  }
  EXPECT_EQ(decide(sum_op, law::absorbing).outcome, verdict::refuted);
}

// MPI_MAXLOC and MPI_MINLOC written as op files (a value and an index field) have the identity
// the predefined ops have on MPI_2INT: a field at its type's limit, which neither the small grid
// nor random draws reach (the search's extreme corners do).
TEST(OpFileLaws, LocIdentityIsThePredefinedOne) {
  const std::string loc =
      "op L\nfield value : int32\nfield index : int32\ncommute true\n"
      "result value = OP(a.value, b.value)\n"
      "result index = if a.value CMP b.value then a.index else if b.value CMP a.value then b.index "
      "else min(a.index, b.index)\n";
  for (const auto& [fn, cmp, predefined] :
       {std::tuple{"max", ">", op_id::maxloc}, std::tuple{"min", "<", op_id::minloc}}) {
    std::string text = loc;
    text.replace(text.find("OP"), 2, fn);
    for (std::size_t at; (at = text.find("CMP")) != std::string::npos;) text.replace(at, 3, cmp);
    const auto expected = prove_predefined(predefined, basic_type::two_int, law::identity, policy{}, prove_options{});
    ASSERT_EQ(expected.outcome, verdict::proved) << to_string(predefined);
    const auto got = decide(text, law::identity);
    ASSERT_EQ(got.outcome, verdict::proved) << to_string(predefined) << ": " << got.reason;
    ASSERT_TRUE(got.element);
    EXPECT_EQ(got.element->bytes, expected.element->bytes) << to_string(predefined);
  }
}

TEST(OpFileLaws, ClosedNeedsARequireAndIsRefutedWithAnOperandPair) {
  EXPECT_EQ(decide(sum_op, law::closed).outcome, verdict::not_applicable);
  const std::string narrow = "op N\nfield v : int32\ncommute true\nrequire v < 100\nresult v = a.v + b.v\n";
  const auto r = decide(narrow, law::closed);
  ASSERT_EQ(r.outcome, verdict::refuted) << r.reason;
  EXPECT_EQ(r.operands.size(), 2u);
  EXPECT_NE(r.claim.find("breaks a 'require'"), std::string::npos) << r.claim;
}

// A float sum's associativity fails only as MPI_SUM on MPI_DOUBLE's does: a warning, which
// --strict-laws makes an error; a wrongly declared commutativity beside it stays an error.
TEST(OpFileLaws, FailingOnlyAsAPredefinedOpIsAWarningBesideRealErrors) {
  const std::string float_sum = "op F\nfield v : double\ncommute true\nresult v = a.v + b.v\n";
  const opfile::concrete_op op(instance(float_sum), policy{});
  law_report r = check_laws(op);
  ASSERT_EQ(r.at(law::associativity).outcome, verdict::refuted);
  EXPECT_TRUE(r.has_error());  // before it is marked: an error like any other
  mark_as_predefined(op, r);
  EXPECT_EQ(r.at(law::associativity).fails_as_predefined, "MPI_SUM on MPI_DOUBLE");
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].level, severity::warning);
  EXPECT_FALSE(r.has_error());

  auto laws = r.laws;
  laws[0].outcome = verdict::refuted;  // commutativity, declared true
  ASSERT_EQ(laws[0].which, law::commutativity);
  auto findings = findings_for(true, laws);
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].level, severity::error);
  EXPECT_EQ(findings[1].level, severity::warning);
  make_warnings_errors(findings);
  EXPECT_EQ(findings[1].level, severity::error);
}

// A difference is not associative even without rounding: no predefined op's failure excuses it.
TEST(OpFileLaws, ADifferenceStaysAnError) {
  const std::string difference = "op D\nfield v : double\ncommute false\nresult v = a.v - b.v\n";
  const opfile::concrete_op op(instance(difference), policy{});
  law_report r = check_laws(op);
  mark_as_predefined(op, r);
  EXPECT_EQ(r.at(law::associativity).outcome, verdict::refuted);
  EXPECT_TRUE(r.at(law::associativity).fails_as_predefined.empty());
  EXPECT_TRUE(r.has_error());
}

struct OpFileProofCache : ::testing::Test {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("redsem-opfile-cache-test-" + std::to_string(::getpid()));
  proof_cache cache{dir};
  void SetUp() override { std::filesystem::remove_all(dir); }
  void TearDown() override { std::filesystem::remove_all(dir); }

  law_result once(const std::string& text, law l) {
    const opfile::concrete_op op(instance(text), policy{});
    return opfile_law_row(op, {l}, prove_options{}, &cache).front();
  }
};

TEST_F(OpFileProofCache, ReusesAProofOfTheSameOpFile) {
  const auto first = once(sum_op, law::associativity);
  ASSERT_EQ(first.outcome, verdict::proved);
  EXPECT_EQ(first.reason.find("[from the proof cache]"), std::string::npos);
  const auto again = once(sum_op, law::associativity);
  EXPECT_EQ(again.outcome, verdict::proved);
  EXPECT_NE(again.reason.find("[from the proof cache]"), std::string::npos) << again.reason;
}

TEST_F(OpFileProofCache, AnEditedOpFileIsDecidedAgain) {
  ASSERT_EQ(once(sum_op, law::associativity).outcome, verdict::proved);
  // The same name, fields and law; one operator changed: not associative any more.
  std::string edited = sum_op;
  edited.replace(edited.find("a.v + b.v"), 9, "a.v - b.v");
  const auto r = once(edited, law::associativity);
  EXPECT_EQ(r.outcome, verdict::refuted);
  EXPECT_EQ(r.reason.find("[from the proof cache]"), std::string::npos) << r.reason;
  // A different type choice of one file is a different op too.
  EXPECT_EQ(once(max_op, law::idempotence).reason.find("[from the proof cache]"), std::string::npos);
}

// Someone who can write the cache plants "the declared identity 0 is not one", with a candidate
// and an operand that do refute each other (e = 5, x = 1) and a recomputed checksum: the replay
// uses the file's own candidate, 0, on which the law holds, so the entry is proved again.
TEST_F(OpFileProofCache, AForgedRefutationOfTheDeclaredIdentityIsProvedAgain) {
  const opfile::concrete_op op(instance(sum_op), policy{});
  const auto int_value = [&op](std::int32_t v) {
    shown_value s{std::vector<std::byte>(sizeof v), std::to_string(v), op.type()};
    std::memcpy(s.bytes.data(), &v, sizeof v);
    return s;
  };
  law_result forged;
  forged.which = law::identity;
  forged.outcome = verdict::refuted;
  forged.element = int_value(5);
  forged.example = counterexample{{{"x", int_value(1)}, {"e", int_value(5)}}, "e∘x", "x", int_value(6), int_value(1)};
  cache.store(op.op(), law::identity, op.semantics(), forged);
  EXPECT_FALSE(cache.find(op, law::identity).has_value());
  const auto r = opfile_law_row(op, {law::identity}, prove_options{}, &cache).front();
  EXPECT_EQ(r.outcome, verdict::proved) << r.reason;
}

}  // namespace
}  // namespace redsem::laws
