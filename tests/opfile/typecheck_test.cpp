// SPDX-License-Identifier: BSD-3-Clause
// Type checking op files: literals take their context's type and must fit it, there are no
// implicit conversions, and each error names file:line:col (and the type choice it is in).
#include <gtest/gtest.h>

#include <string>

#include "model/opfile/typed_op.h"

namespace redsem::opfile {
namespace {

std::string error_of(const std::string& body, const std::string& fields = "field v : int32\n") {
  const auto r = load_op_text("op X\n" + fields + "commute true\n" + body, "t.op");
  return r.op ? std::string("accepted") : r.error.to_string();
}

TEST(OpFileTypes, LiteralsTakeTheTypeOfTheOtherOperand) {
  EXPECT_EQ(error_of("result v = a.v + 1\n"), "accepted");
  EXPECT_EQ(error_of("result v = 1 + a.v\n"), "accepted");
  EXPECT_EQ(error_of("result v = if a.v < 0 then -128 else 127\n", "field v : int8\n"), "accepted");
  EXPECT_EQ(error_of("result v = a.v + 128\n", "field v : int8\n"), "t.op:4:18: error: integer literal 128 does not fit in type int8");
  EXPECT_EQ(error_of("result v = a.v + -1\n", "field v : uint16\n"), "t.op:4:19: error: integer literal -1 does not fit in type uint16");
  EXPECT_EQ(error_of("result v = a.v + 1.5\n"), "t.op:4:18: error: floating-point literal where type int32 is expected");
  EXPECT_EQ(error_of("result v = a.v * 0.5\n", "field v : float\n"), "accepted");
}

TEST(OpFileTypes, HasNoImplicitConversions) {
  EXPECT_EQ(error_of("result v = a.v + b.w\nresult w = a.w\n", "field v : int32\nfield w : int64\n"),
            "t.op:5:16: error: operands of '+' have types int32 and int64 (there are no implicit conversions)");
  EXPECT_EQ(error_of("result v = a.v < b.v\n"), "t.op:4:16: error: the result for field 'v' has type bool, expected int32");
  EXPECT_EQ(error_of("result v = if a.v then 1 else 2\n"), "t.op:4:15: error: the condition of 'if' has type int32, expected bool");
}

TEST(OpFileTypes, OperatorsTakeTheirKindsOfOperands) {
  EXPECT_EQ(error_of("result v = a.v & b.v\n", "field v : double\n"), "t.op:4:16: error: '&' needs integers or bools, found double");
  EXPECT_EQ(error_of("result v = rotl(a.v, 1)\n", "field v : float\n"), "t.op:4:12: error: 'rotl' needs integers, found float");
  EXPECT_EQ(error_of("result v = a.v < b.v\n", "field v : bool\n"),
            "t.op:4:16: error: '<' needs numbers (bools compare only with == and !=), found bool");
  EXPECT_EQ(error_of("result v = a.v ^ b.v\n", "field v : bool\n"), "accepted");
  EXPECT_EQ(error_of("result v = isnan(a.v)\n", "field v : int32\n"), "t.op:4:12: error: 'isnan' needs a floating-point number, found int32");
}

TEST(OpFileTypes, NamesResolveWhereTheyMayAppear) {
  EXPECT_EQ(error_of("require a.v > 0\nresult v = a.v\n"),
            "t.op:4:9: error: a 'require' is about one element: write the field name alone ('v'), not a.v");
  EXPECT_EQ(error_of("result v = v\n"), "t.op:4:12: error: write a.v or b.v for a field of an operand");
  EXPECT_EQ(error_of("result v = a.w\n"), "t.op:4:12: error: 'w' is not a field");
  EXPECT_EQ(error_of("let s = t\nlet t = a.v\nresult v = s\n"), "t.op:4:9: error: 't' is not a let name defined above");
  EXPECT_EQ(error_of("let s = a.v\nresult v = s + b.v\n"), "accepted");
  EXPECT_EQ(error_of("identity v = a.v\nresult v = a.v\n"), "t.op:4:14: error: identity values are constants: operands cannot appear here");
  EXPECT_EQ(error_of(""), "t.op:2:7: error: no result for field 'v'");
  EXPECT_EQ(error_of("result v = a.v\nresult v = b.v\n"), "t.op:5:8: error: second result for field 'v'");
}

TEST(OpFileTypes, ErrorsOfOneTypeChoiceSayWhichChoice) {
  const auto r = load_op_text("op X\ntype T in {int32, double}\nfield v : T\ncommute true\nresult v = a.v | b.v\n", "g.op");
  ASSERT_FALSE(r.op);
  EXPECT_EQ(r.error.to_string(), "g.op:5:16: error: with T=double: '|' needs integers or bools, found double");
}

TEST(OpFileTypes, ChoosesInstancesByTypeName) {
  const auto r = load_op_text("op X\ntype T in {int32, double}\nfield v : T\ncommute true\nresult v = a.v + b.v\n", "g.op");
  ASSERT_TRUE(r.op) << r.error.to_string();
  EXPECT_EQ(r.op->instance("")->instance, "T=int32");
  EXPECT_EQ(r.op->instance("double")->instance, "T=double");
  EXPECT_EQ(r.op->instance("T=double")->instance, "T=double");
  EXPECT_EQ(r.op->instance("int")->instance, "T=int32");  // a C name of the same type
  EXPECT_EQ(r.op->instance("float"), nullptr);
}

}  // namespace
}  // namespace redsem::opfile
