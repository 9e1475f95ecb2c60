// SPDX-License-Identifier: BSD-3-Clause
// What an op file may say and what its searches cover: identities are constants, depth
// counts through lets, literals round once to their type, an empty domain is an error, the
// exhaustive phase keeps to its budget, and the domain check draws and rejects elements.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>

#include "model/opfile/op_domain.h"
#include "model/opfile/typed_op.h"
#include "props/laws/opfile_check.h"

namespace redsem::opfile {
namespace {

using laws::check_laws;
using laws::check_options;
using laws::law;
using laws::verdict;

load_result load(const std::string& body, const std::string& fields = "field v : int32\n") {
  return load_op_text("op X\n" + fields + "commute true\n" + body, "t.op");
}

std::string error_of(const std::string& body, const std::string& fields = "field v : int32\n") {
  const auto r = load(body, fields);
  return r.op ? std::string("accepted") : r.error.to_string();
}

// The CPU time this process spent since `t0` (std::clock), in seconds.
double cpu_seconds_since(std::clock_t t0) { return double(std::clock() - t0) / CLOCKS_PER_SEC; }

// `count` lets, each adding one level to the last: x0 = a.v + b.v is 2 deep, x<i> is 2 + i.
std::string let_chain(int count) {
  std::string s = "let x0 = a.v + b.v\n";
  for (int i = 1; i <= count; ++i) s += "let x" + std::to_string(i) + " = x" + std::to_string(i - 1) + " + 0\n";
  return s + "result v = x" + std::to_string(count) + "\n";
}

TEST(OpFileIdentity, UsesConstantsOnlyNotLets) {
  EXPECT_EQ(error_of("let x = a.v + b.v\nresult v = x\nidentity v = x\n"),
            "t.op:6:14: error: identity values are constants: 'x' cannot appear here");
  EXPECT_EQ(error_of("let x = a.v + b.v\nresult v = x\nidentity v = 0\n"), "accepted");
}

TEST(OpFileDepth, CountsThroughLetChains) {
  EXPECT_EQ(error_of(let_chain(198)), "accepted");
  EXPECT_EQ(error_of(let_chain(199)),
            "t.op:203:5: error: let 'x199' nests 201 levels deep once the lets it uses are written out, more than 200 "
            "(a chain of lets counts as one expression)");
  // Refused at the bound, not after writing out 33,000 levels: a bound on the CPU time spent (never
  // the wall clock, which the machine's load decides) catches a check that walks the whole chain.
  const std::clock_t t0 = std::clock();
  EXPECT_NE(error_of(let_chain(33'000)).find("let 'x199' nests 201 levels"), std::string::npos);
  EXPECT_LT(cpu_seconds_since(t0), 30.0);
}

TEST(OpFileDepth, LargeSetsStayShallow) {
  // Sets of 1000 alternatives nested 90 deep: as chains of 'or' they would be 90,000 levels
  // deep for the evaluator; as balanced disjunctions they are about 900.
  std::string numbers = "{", truths = "{";
  for (int k = 0; k < 1000; ++k) {
    numbers += (k ? ", " : "") + std::to_string(k);
    truths += k ? ", true" : "true";
  }
  std::string cond = "(v in " + numbers + "})";
  for (int k = 0; k < 89; ++k) cond = "(" + cond + " in " + truths + "})";
  const auto r = load("require " + cond + "\nresult v = max(a.v, b.v)\n");
  ASSERT_TRUE(r.op) << r.error.to_string();
  const concrete_op op(r.op->instances.front(), policy{});
  EXPECT_TRUE(op.legal({value<concrete_domain>(std::in_place_index<3>, std::int32_t{5})}));
  EXPECT_FALSE(op.legal({value<concrete_domain>(std::in_place_index<3>, std::int32_t{1000})}));
}

TEST(OpFileLiterals, RoundOnceToTheirType) {
  const auto r = load("require v == 1.0000000596046447753906250001\nresult v = a.v\n", "field v : float\n");
  ASSERT_TRUE(r.op) << r.error.to_string();
  bool found = false;
  for (const auto& n : r.op->instances.front().nodes)
    if (n.op == code::constant && n.type == field_type::f32) {
      EXPECT_EQ(std::bit_cast<std::uint32_t>(std::get<float>(n.value)), 0x3f800001u);
      found = true;
    }
  EXPECT_TRUE(found);
  EXPECT_EQ(error_of("result v = a.v\nidentity v = 1e39\n", "field v : float\n"),
            "t.op:5:14: error: floating-point literal '1e39' is out of range for float (largest finite magnitude "
            "3.40282347e+38)");
  EXPECT_EQ(error_of("result v = a.v\nidentity v = 1e39\n", "field v : double\n"), "accepted");
}

TEST(OpFileDomain, ConstantFalseRequireIsAnError) {
  EXPECT_EQ(error_of("require false\nresult v = a.v\n"),
            "t.op:4:1: error: this 'require' uses no field and is false, so no element satisfies it: the op's domain "
            "is empty");
  EXPECT_EQ(error_of("require 2 < 1\nresult v = a.v\n").substr(0, 46),
            "t.op:4:1: error: this 'require' uses no field ");
  EXPECT_EQ(error_of("require true\nresult v = a.v\n"), "accepted");
}

TEST(OpFileDomain, UnsatisfiableRequireIsAnEmptyDomain) {
  const auto r = load("require v < 0 && v > 0\nresult v = a.v + b.v\n");
  ASSERT_TRUE(r.op);
  const concrete_op op(r.op->instances.front(), policy{});
  const auto report = check_laws(op);
  EXPECT_TRUE(report.empty_domain);
  EXPECT_NE(empty_domain_message(report).find("the op's domain is empty"), std::string::npos);
  EXPECT_TRUE(op_domain(std::make_shared<const concrete_op>(r.op->instances.front(), policy{})).empty());
}

TEST(OpFileLaws, ManyFieldsKeepToTheBudget) {
  std::string fields, body;
  for (int f = 0; f < 20; ++f) {
    fields += "field f" + std::to_string(f) + " : int32\n";
    body += "result f" + std::to_string(f) + " = a.f" + std::to_string(f) + " + b.f" + std::to_string(f) + "\n";
  }
  const auto r = load(body, fields);
  ASSERT_TRUE(r.op);
  const concrete_op op(r.op->instances.front(), policy{});
  check_options o;
  o.random_cases = 100;
  // The budget is the counts below; a bound on the CPU time spent (never the wall clock, which the
  // machine's load decides) only catches a search that ignores them.
  const std::clock_t t0 = std::clock();
  const auto report = check_laws(op, o);
  EXPECT_LT(cpu_seconds_since(t0), 60.0);
  EXPECT_FALSE(report.exhaustive.complete());
  EXPECT_EQ(report.exhaustive.enumerated, o.max_enumerated);
  EXPECT_EQ(report.exhaustive.kept, o.max_small_elements);
  EXPECT_EQ(report.exhaustive.describe(), "sampled: 40 of 4096 legal elements among 4096 of 2^20 small-value elements");
  EXPECT_FALSE(report.has_error());
}

TEST(OpFileLaws, FewFieldsAreExhaustive) {
  const auto r = load("result v = a.v + b.v\n", "field v : int8\n");
  ASSERT_TRUE(r.op);
  const auto report = check_laws(concrete_op(r.op->instances.front(), policy{}));
  EXPECT_TRUE(report.exhaustive.complete());
  EXPECT_EQ(report.exhaustive.describe(), "exhaustive over all 4 small-value elements in the domain (of 4)");
}

TEST(OpFileDomain, DrawsInsideTheDomain) {
  const auto r = load("require v == 12345 || v == -7\nresult v = max(a.v, b.v)\n");
  ASSERT_TRUE(r.op);
  const op_domain domain(std::make_shared<const concrete_op>(r.op->instances.front(), policy{}));
  ASSERT_FALSE(domain.empty());
  domain_draws stats;
  std::int32_t x = 0;
  std::uint64_t next = 0;
  for (int k = 0; k < 50; ++k) {
    domain.draw(
        [&](std::byte* out) {
          const auto v = static_cast<std::int32_t>(next++);
          std::memcpy(out, &v, 4);
        },
        static_cast<std::uint64_t>(k), reinterpret_cast<std::byte*>(&x), stats, 4);
    EXPECT_TRUE(x == 12345 || x == -7) << x;
    EXPECT_TRUE(domain.contains(reinterpret_cast<const std::byte*>(&x)));
  }
  EXPECT_EQ(stats.rejected, 200u);
  EXPECT_EQ(stats.fallbacks, 50u);
  const std::int32_t outside = 3;
  EXPECT_FALSE(domain.contains(reinterpret_cast<const std::byte*>(&outside)));
}

}  // namespace
}  // namespace redsem::opfile
