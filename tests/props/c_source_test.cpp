// SPDX-License-Identifier: BSD-3-Clause
// The IR front end of `opcheck --source` without clang: hand-written IR in clang 14's form,
// parsed (props/csource/ir.h) and proved (props/laws/c_prove.h). What the executor does not
// model must come back as `unknown` naming the construct and its line, never dropped.
#include <gtest/gtest.h>

#include "props/csource/ir.h"
#include "props/laws/c_prove.h"

namespace redsem {
namespace {

// int32 elements (or another IR element type: "float"); the body between the loop header's
// load of an element pair and the store.
std::string int_op(const std::string& body, const std::string& element = "i32") {
  std::string ir = R"(source_filename = "op.c"
define dso_local void @op(i8* nocapture noundef readonly %0, i8* nocapture noundef %1, i32* nocapture noundef readonly %2, i32* nocapture noundef readonly %3) local_unnamed_addr #0 !dbg !5 {
  %5 = bitcast i8* %0 to ELT*, !dbg !7
  %6 = bitcast i8* %1 to ELT*
  %7 = load i32, i32* %2, align 4, !dbg !8
  %8 = icmp sgt i32 %7, 0
  br i1 %8, label %9, label %11

9:                                                ; preds = %4
  %10 = zext i32 %7 to i64
  br label %12

11:                                               ; preds = %12, %4
  ret void

12:                                               ; preds = %9, %12
  %13 = phi i64 [ 0, %9 ], [ %19, %12 ]
  %14 = getelementptr inbounds ELT, ELT* %5, i64 %13
  %15 = load ELT, ELT* %14, align 4
  %16 = getelementptr inbounds ELT, ELT* %6, i64 %13
  %17 = load ELT, ELT* %16, align 4
)" + body +
                   R"(
  store ELT %18, ELT* %16, align 4, !dbg !9
  %19 = add nuw nsw i64 %13, 1
  %20 = icmp eq i64 %19, %10
  br i1 %20, label %11, label %12, !dbg !8
}
!5 = distinct !DISubprogram(name: "op", scope: !1, file: !1, line: 3, type: !6)
!7 = !DILocation(line: 4, column: 3, scope: !5)
!8 = !DILocation(line: 5, column: 3, scope: !5)
!9 = !DILocation(line: 6, column: 7, scope: !5)
!10 = !DILocation(line: 7, column: 9, scope: !5)
)";
  for (auto at = ir.find("ELT"); at != std::string::npos; at = ir.find("ELT", at)) ir.replace(at, 3, element);
  return ir;
}

laws::c_report prove(const std::string& ir, bool commute = true, basic_type type = basic_type::int32,
                     opfile::field_type field = opfile::field_type::i32) {
  const datatype t = datatype::predefined(type);
  laws::c_source_op op{ir,       "define dso_local i32 @redsem_handle() {\n  ret i32 7\n}\n",
                       "op",     t,
                       {field},  {0},
                       policy{}, std::nullopt,
                       commute};
  return laws::prove_c_op(op, {});
}

const laws::law_result& law_of(const laws::c_report& r, laws::law l) {
  for (const auto& x : r.laws)
    if (x.which == l) return x;
  throw std::runtime_error("no such law");
}

TEST(c_source_ir, parses_blocks_phis_switches_and_lines) {
  const auto m = csource::parse_ir(int_op("  %18 = add nsw i32 %17, %15") +
                                   "define void @s(i32 %0) {\n  switch i32 %0, label %3 [\n    i32 1, label %2\n"
                                   "    i32 2, label %3\n  ]\n\n2:\n  ret void\n\n3:\n  ret void\n}\n");
  const auto& f = m.functions.at("op");
  EXPECT_EQ(f.params.size(), 4u);
  EXPECT_EQ(f.line, 3);
  ASSERT_EQ(f.blocks.size(), 4u);
  EXPECT_EQ(f.blocks[0].label, "4");
  EXPECT_EQ(f.blocks[0].instrs[0].line, 4);
  EXPECT_EQ(f.blocks[3].instrs[0].op, "phi");
  EXPECT_EQ(f.blocks[3].instrs[0].pairs.size(), 2u);
  EXPECT_EQ(m.functions.at("s").blocks[0].instrs[0].pairs.size(), 2u);
  EXPECT_EQ(m.source_file, "op.c");
}

TEST(c_source_ir, lays_out_structs_as_x86_64_does) {
  csource::ir_type d, i, s;
  d.k = csource::ir_type::kind::f64;
  i.k = csource::ir_type::kind::integer;
  i.bits = 32;
  s.k = csource::ir_type::kind::structure;
  s.elems = {std::make_shared<csource::ir_type>(d), std::make_shared<csource::ir_type>(i)};
  EXPECT_EQ(csource::field_offset(s, 1), 8u);
  EXPECT_EQ(csource::size_of(s), 16u);
}

TEST(c_source_prove, proves_a_sum) {
  const auto r = prove(int_op("  %18 = add nsw i32 %17, %15"));
  EXPECT_EQ(law_of(r, laws::law::commutativity).outcome, laws::verdict::proved);
  EXPECT_EQ(law_of(r, laws::law::associativity).outcome, laws::verdict::proved);
  EXPECT_EQ(r.element_wise, laws::verdict::proved);
}

TEST(c_source_prove, refutes_a_difference_with_a_replayed_counterexample) {
  const auto r = prove(int_op("  %18 = sub i32 %15, %17"));
  const auto& c = law_of(r, laws::law::commutativity);
  ASSERT_EQ(c.outcome, laws::verdict::refuted);
  EXPECT_EQ(c.operands.size(), 2u);
  EXPECT_NE(c.claim.find(" but "), std::string::npos);
}

TEST(c_source_prove, a_possible_division_by_zero_is_not_modelled_and_named) {
  const auto r = prove(int_op("  %18 = sdiv i32 %17, %15, !dbg !10"));
  EXPECT_EQ(law_of(r, laws::law::associativity).outcome, laws::verdict::unknown);
  EXPECT_NE(r.not_modelled.find("division by zero"), std::string::npos) << r.not_modelled;
  EXPECT_NE(r.not_modelled.find("op.c:7"), std::string::npos) << r.not_modelled;
}

TEST(c_source_prove, an_unknown_instruction_is_not_modelled_and_named) {
  const auto r = prove(int_op("  %18 = atomicrmw add i32* %16, i32 %15 seq_cst, !dbg !10"));
  EXPECT_EQ(law_of(r, laws::law::commutativity).outcome, laws::verdict::unknown);
  EXPECT_NE(r.not_modelled.find("atomicrmw"), std::string::npos) << r.not_modelled;
}

TEST(c_source_prove, a_line_the_reader_cannot_parse_is_named_by_its_text) {
  const auto r = prove(int_op("  %18 = add i32 %17, !dbg !10"));
  EXPECT_EQ(law_of(r, laws::law::commutativity).outcome, laws::verdict::unknown);
  EXPECT_NE(r.not_modelled.find("cannot parse: %18 = add i32 %17"), std::string::npos) << r.not_modelled;
}

// A float sum fails associativity only as MPI_SUM on MPI_FLOAT does, proved equal to it for every
// input; a float difference (or a sum with a twist) equals no predefined op and stays refuted plainly.
laws::c_report prove_float(const std::string& body) {
  return prove(int_op(body, "float"), true, basic_type::float_, opfile::field_type::f32);
}

TEST(c_source_prove, a_float_sum_is_proved_equal_to_mpi_sum) {
  const auto r = prove_float("  %18 = fadd float %15, %17");
  const auto& a = law_of(r, laws::law::associativity);
  EXPECT_EQ(a.outcome, laws::verdict::refuted);
  EXPECT_EQ(a.fails_as_predefined, "MPI_SUM on MPI_FLOAT");
  EXPECT_TRUE(a.equals_predefined);
}

TEST(c_source_prove, a_float_difference_or_twisted_sum_is_no_predefined_op) {
  for (const std::string body :
       {"  %18 = fsub float %15, %17",
        "  %s = fadd float %15, %17\n  %z = fmul float %15, 0.000000e+00\n  %18 = fadd float %s, %z"}) {
    const auto r = prove_float(body);
    const auto& a = law_of(r, laws::law::associativity);
    EXPECT_EQ(a.outcome, laws::verdict::refuted) << body;
    EXPECT_TRUE(a.fails_as_predefined.empty()) << body;
    EXPECT_FALSE(a.equals_predefined) << body;
  }
}

TEST(c_source_prove, a_function_that_is_not_a_user_function_is_refused) {
  const std::string ir = "define void @op(i8* %0) {\n  ret void\n}\n";
  EXPECT_THROW(prove(ir), std::runtime_error);
}

}  // namespace
}  // namespace redsem
