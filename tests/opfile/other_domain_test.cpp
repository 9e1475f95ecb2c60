// SPDX-License-Identifier: BSD-3-Clause
// The op-file evaluator is generic over the value domain, as props/smt needs: here a domain
// whose values are the text of expressions, one C++ type for every field type (so the value
// variant has repeated alternatives). Evaluating an op in it shows the term a symbolic domain
// receives, built once per shared node.
#include <gtest/gtest.h>

#include <string>

#include "model/opfile/evaluate.h"

namespace redsem::opfile {
namespace {

struct text_domain {
  using boolean = std::string;
  template <class S>
  using value = std::string;

  template <class S>
  std::string constant(S c) const {
    if constexpr (std::is_same_v<S, bool>) return c ? "true" : "false";
    else return std::to_string(c);
  }
  static std::string call(const char* f, const std::string& x, const std::string& y) { return std::string(f) + "(" + x + ", " + y + ")"; }
  std::string select(const std::string& c, const std::string& x, const std::string& y) const { return "ite(" + c + ", " + x + ", " + y + ")"; }
  std::string add(const std::string& x, const std::string& y) const { return call("add", x, y); }
  std::string sub(const std::string& x, const std::string& y) const { return call("sub", x, y); }
  std::string mul(const std::string& x, const std::string& y) const { return call("mul", x, y); }
  std::string neg(const std::string& x) const { return "neg(" + x + ")"; }
  std::string lt(const std::string& x, const std::string& y) const { return call("lt", x, y); }
  std::string eq(const std::string& x, const std::string& y) const { return call("eq", x, y); }
  std::string is_nan(const std::string& x) const { return "is_nan(" + x + ")"; }
  std::string sign_bit(const std::string& x) const { return "sign_bit(" + x + ")"; }
  std::string band(const std::string& x, const std::string& y) const { return call("band", x, y); }
  std::string bor(const std::string& x, const std::string& y) const { return call("bor", x, y); }
  std::string bxor(const std::string& x, const std::string& y) const { return call("bxor", x, y); }
  std::string shl(const std::string& x, const std::string& y) const { return call("shl", x, y); }
  std::string shr(const std::string& x, const std::string& y) const { return call("shr", x, y); }
  std::string rotl(const std::string& x, const std::string& y) const { return call("rotl", x, y); }
  std::string rotr(const std::string& x, const std::string& y) const { return call("rotr", x, y); }
  std::string and_(const std::string& x, const std::string& y) const { return call("and", x, y); }
  std::string or_(const std::string& x, const std::string& y) const { return call("or", x, y); }
  std::string xor_(const std::string& x, const std::string& y) const { return call("xor", x, y); }
  std::string not_(const std::string& x) const { return "not(" + x + ")"; }
};

element<text_domain> operand(const std::string& name) {
  return {value<text_domain>(std::in_place_index<3>, name + ".value"), value<text_domain>(std::in_place_index<3>, name + ".index")};
}

TEST(OpFileOtherDomain, EvaluatesTheSameAstToTerms) {
  const auto r = load_op_path(std::string(REDSEM_SOURCE_DIR) + "/examples/ops/segmented_sum_normalised.op");
  ASSERT_TRUE(r.op) << r.error.to_string();
  const text_domain d;
  evaluator<text_domain> e(*r.op->instance("int32"), d, policy{});
  const auto out = e.combine(operand("a"), operand("b"));
  EXPECT_EQ(std::get<3>(out[0]), "ite(not(eq(b.index, 0)), b.value, add(a.value, b.value))");
  EXPECT_EQ(std::get<3>(out[1]), "ite(or(not(eq(a.index, 0)), not(eq(b.index, 0))), 1, 0)");
}

TEST(OpFileOtherDomain, MinIsMpiMinFromOpDefinitions) {
  const auto r = load_op_path(std::string(REDSEM_SOURCE_DIR) + "/examples/ops/all_min.op");
  ASSERT_TRUE(r.op) << r.error.to_string();
  const text_domain d;
  evaluator<text_domain> e(*r.op->instance("int32"), d, policy{});
  EXPECT_EQ(std::get<3>(e.combine(operand("a"), operand("b"))[0]), "ite(lt(a.value, b.value), a.value, b.value)");
  EXPECT_EQ(e.legal(operand("x")), "true");  // no `require`
}

}  // namespace
}  // namespace redsem::opfile
