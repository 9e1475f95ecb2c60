// SPDX-License-Identifier: BSD-3-Clause
// The op-file parser: what it accepts, and the file:line:col and expectation it reports otherwise.
#include <gtest/gtest.h>

#include <string>

#include "model/opfile/parser.h"

namespace redsem::opfile {
namespace {

constexpr const char* segmented_sum = R"(# Träff's segmented sum
op SEGMENTED_SUM
description "segmented sum, flag normalised"
type T in {int32, double}
field value : T
field flag : int32
require flag in {0, 1}
identity value = 0, flag = 0
commute false
let starts = b.flag != 0
result value = if starts then b.value else a.value + b.value
result flag = if a.flag != 0 || starts then 1 else 0
)";

std::string error_of(const std::string& text) {
  const auto r = parse_op_text(text, "t.op");
  return r.op ? std::string("accepted") : r.error.to_string();
}

TEST(OpFileParser, ReadsEveryStatement) {
  const auto r = parse_op_text(segmented_sum, "seg.op");
  ASSERT_TRUE(r.op) << r.error.to_string();
  const op_syntax& op = *r.op;
  EXPECT_EQ(op.name, "SEGMENTED_SUM");
  EXPECT_EQ(op.description, "segmented sum, flag normalised");
  ASSERT_TRUE(op.param);
  EXPECT_EQ(op.param->name, "T");
  EXPECT_EQ(op.param->choices, (std::vector<field_type>{field_type::i32, field_type::f64}));
  ASSERT_EQ(op.fields.size(), 2u);
  EXPECT_EQ(op.fields[0].type_name, "T");
  EXPECT_EQ(op.requires_.size(), 1u);
  EXPECT_EQ(op.identity.size(), 2u);
  EXPECT_EQ(op.lets.size(), 1u);
  EXPECT_EQ(op.results.size(), 2u);
  EXPECT_EQ(op.commute, false);
  EXPECT_EQ(op.name_loc.line, 2);
  EXPECT_EQ(op.name_loc.col, 4);
}

TEST(OpFileParser, NamesFileLineColumnAndWhatWasExpected) {
  EXPECT_EQ(error_of("op X\nfield v : int\ncommute true\nresult v = a.v +\n"),
            "t.op:5:1: error: expected an expression, found end of file");
  EXPECT_EQ(error_of("op X\nfield v : int\ncommute maybe\n"), "t.op:3:9: error: expected 'true' or 'false' after 'commute', found 'maybe'");
  EXPECT_EQ(error_of("op X\nfield v : int\ncommute true\nresult v = a.v $ 1"), "t.op:4:16: error: unexpected '$'");
  EXPECT_EQ(error_of("op X\nfield v : int\ncommute true\nresult v = a.v < 1 < 2"),
            "t.op:4:20: error: comparisons do not chain: use && between them, or parentheses");
  EXPECT_EQ(error_of("field v : int\ncommute true\n"), "t.op:3:1: error: expected 'op NAME' somewhere in the file");
  EXPECT_EQ(error_of("op X\nfield v : int\nfield v : int\n"), "t.op:3:7: error: field 'v' declared twice");
  EXPECT_EQ(error_of("op X\ndescription \"open\n"), "t.op:2:13: error: string not closed by '\"' on its line");
  EXPECT_EQ(error_of("op X\nresult v = 99999999999999999999999"),
            "t.op:2:12: error: integer literal 99999999999999999999999 does not fit in 64 bits");
}

TEST(OpFileParser, RefusesDeepNestingInsteadOfOverflowingTheStack) {
  const std::string deep = "op X\nfield v : int\ncommute true\nresult v = " + std::string(100000, '(') + "1";
  EXPECT_NE(error_of(deep).find("nested deeper than 200 levels"), std::string::npos);
  std::string chain = "op X\nfield v : int\ncommute true\nresult v = 1";
  for (int i = 0; i < 100000; ++i) chain += "+1";
  EXPECT_NE(error_of(chain).find("nested deeper than 200 levels"), std::string::npos);
  EXPECT_NE(error_of("op X\nresult v = " + std::string(100000, '-') + "1").find("nested deeper"), std::string::npos);
}

TEST(OpFileParser, RefusesOversizedFiles) {
  parse_limits small;
  small.max_bytes = 10;
  EXPECT_EQ(parse_op_text("op X # a comment that is too long", "t.op", small).error.to_string(),
            "t.op:1:1: error: file larger than 10 bytes");
}

}  // namespace
}  // namespace redsem::opfile
