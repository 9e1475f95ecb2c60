// SPDX-License-Identifier: BSD-3-Clause
// Scenario files: what they build, and the file:line errors they give.
#include "sim/rma/scenario.h"

#include <gtest/gtest.h>

#include <cstring>

namespace redsem::sim::rma {
namespace {

std::string error_of(const std::string& text) {
  std::string error;
  EXPECT_FALSE(parse_scenario(text, "s.rma", &error).has_value());
  return error;
}

TEST(RmaScenario, BuildsAccessesFromCallsWithDerivedDatatypes) {
  std::string error;
  const auto s = parse_scenario(
      "window 32 disp_unit=4\ninit int 1 2 3 4 5 6 7 8\n"
      "rank 2: accumulate op=sum type=vector(2,1,3,int) disp=1 origin=10,20  # elements 1 and 4\n"
      "local: load type=int disp=4\n",
      "s.rma", &error);
  ASSERT_TRUE(s.has_value()) << error;
  EXPECT_EQ(s->ranks, 3);
  ASSERT_EQ(s->program.accesses.size(), 2u);
  const auto& a = s->program.accesses[0];
  ASSERT_EQ(a.elements.size(), 2u);
  EXPECT_EQ(a.elements[0].offset, 4);
  EXPECT_EQ(a.elements[1].offset, 16);
  EXPECT_EQ(s->access_lines, (std::vector<int>{3, 4}));
  EXPECT_EQ(s->program.accesses[1].kind, redsem::rma::access_kind::local_load);
}

TEST(RmaScenario, ErroneousCallsAreKeptAsRejectedNotExplored) {
  std::string error;
  const auto s = parse_scenario("window 8\nrank 0: compare_and_swap type=double disp=0 origin=1 compare=0\n", "s.rma", &error);
  ASSERT_TRUE(s.has_value()) << error;
  EXPECT_TRUE(s->program.accesses.empty());
  ASSERT_EQ(s->rejected.size(), 1u);
  EXPECT_EQ(s->rejected[0].line, 2);
  EXPECT_EQ(s->rejected[0].outcome.broken_rule(), redsem::rma::rma_rule::cas_type_not_allowed);
}

TEST(RmaScenario, BadInputNamesFileAndLine) {
  EXPECT_EQ(error_of("init int 1\n"), "s.rma:1: the scenario needs a 'window BYTES' line");
  EXPECT_EQ(error_of("window 8\n\nfrobnicate\n"), "s.rma:3: unknown directive 'frobnicate'");
  EXPECT_EQ(error_of("window 8\nrank 0: accumulate op=sum type=int origin=x\n"), "s.rma:2: origin: 'x' is not a valid int32 (decimal digits, or 0x and hex digits)");
  EXPECT_EQ(error_of("window 8\nrank 0: accumulate op=summ type=int origin=1\n"), "s.rma:2: unknown op 'summ'");
  EXPECT_EQ(error_of("window 8\ninfo accumulate_ops=any\n"), "s.rma:2: accumulate_ops: 'any' is not same_op_no_op or same_op");
  EXPECT_EQ(error_of("window 8\nrank 0: put type=int count=2 origin=1\n"),
            "s.rma:2: origin= needs one value per target element (2)");
  EXPECT_EQ(error_of("window 8\nexpect finding nonsense\n"), "s.rma:2: unknown name 'nonsense' in expect");
  EXPECT_EQ(error_of("window 8\nexpect outcomes 0\n"), "s.rma:2: expect outcomes N needs a positive count");
  EXPECT_EQ(error_of("window 8\nexpect outcomes two\n"), "s.rma:2: outcomes=two is not an integer");
  EXPECT_EQ(error_of("window 8\nrank 0: accumulate op=sum type=vector(2,int) origin=1\n").rfind("s.rma:2: bad datatype", 0), 0u);
}

using redsem::rma::rma_rule;

std::vector<std::pair<int, rma_rule>> rejected_rules(const scenario& s) {
  std::vector<std::pair<int, rma_rule>> out;
  for (const auto& r : s.rejected) out.emplace_back(r.line, r.outcome.broken_rule());
  return out;
}

std::optional<scenario> parsed(const std::string& text) {
  std::string error;
  auto s = parse_scenario(text, "s.rma", &error);
  EXPECT_TRUE(s.has_value()) << error;
  return s;
}

// Origin-side buffers (MPI-4.1 §13.3): a named buffer's values at the call, stores after
// completion, and the findings for updating or reading it before.
TEST(RmaScenario, ANamedOriginBufferHoldsItsValuesAtTheCall) {
  const auto s = parsed(
      "window 16 disp_unit=4\nepoch lock_all\n"
      "rank 1: buffer a int 4 = 1,2,3,4\n"
      "rank 1: accumulate op=sum type=int disp=0 count=2 origin=@a[2]\n"
      "rank 1: flush_local\n"
      "rank 1: store @a[2] 30\n"
      "rank 1: accumulate op=sum type=int disp=0 origin=@a[2]\n");
  ASSERT_TRUE(s.has_value());
  EXPECT_TRUE(s->rejected.empty());
  ASSERT_EQ(s->program.accesses.size(), 2u);
  const auto value = [&](std::size_t a, std::size_t e) {
    int v = 0;
    std::memcpy(&v, s->program.accesses[a].elements[e].origin.data(), sizeof v);
    return v;
  };
  EXPECT_EQ(value(0, 0), 3);
  EXPECT_EQ(value(0, 1), 4);
  EXPECT_EQ(value(1, 0), 30) << "the store after flush_local took effect";
}

TEST(RmaScenario, UpdatingOrReadingABufferBeforeCompletionIsErroneous) {
  const auto s = parsed(
      "window 16 disp_unit=4\nepoch lock_all\n"
      "rank 1: buffer a int 2 = 1,2\nrank 1: buffer r int 2\nrank 1: buffer c long 1\nrank 1: buffer n long 1\n"
      "rank 1: get_accumulate op=sum type=int disp=0 count=2 origin=@a result=@r\n"  // line 7
      "rank 1: store @a[1] 5\n"                                                      // its origin
      "rank 1: load @r[1]\n"                                                         // its result
      "rank 1: accumulate op=sum type=int disp=2 origin=@r[0]\n"                     // a call reading the result
      "rank 1: compare_and_swap type=long disp=1 origin=@n compare=@c result=@n\n"   // origin and result alias
      "rank 1: fetch_and_op op=sum type=int disp=3 origin=1 result=@a[0]\n"          // writes a pending origin
      "rank 1: store @c 7\n"                                                         // compare of no accepted call
      "rank 1: flush_all\nrank 1: store @a[1] 5\nrank 1: load @r\n");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(rejected_rules(*s), (std::vector<std::pair<int, rma_rule>>{
                                    {8, rma_rule::origin_buffer_updated_before_completion},
                                    {9, rma_rule::result_buffer_accessed_before_completion},
                                    {10, rma_rule::result_buffer_accessed_before_completion},
                                    {11, rma_rule::origin_result_overlap},
                                    {12, rma_rule::origin_buffer_updated_before_completion},
                                }))
      << "line 13 stores into the compare buffer of no accepted call; lines 15 and 16 follow flush_all";
  EXPECT_EQ(s->rejected[0].outcome.evidence(),
            "bytes [4, 8) of rank 1 buffer a are in the origin buffer of line 7 (rank 1 MPI_Get_accumulate MPI_SUM), "
            "not yet complete at the origin");
}

TEST(RmaScenario, WaitCompletesOnlyItsRequest) {
  const auto s = parsed(
      "window 16 disp_unit=4\nepoch lock_all\nrank 1: buffer a int 2 = 1,2\n"
      "rank 1: raccumulate op=sum type=int disp=0 origin=@a[0] req=q\n"
      "rank 1: raccumulate op=sum type=int disp=1 origin=@a[1] req=p\n"
      "rank 1: wait q\nrank 1: store @a[0] 3\nrank 1: store @a[1] 3\n");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(rejected_rules(*s),
            (std::vector<std::pair<int, rma_rule>>{{8, rma_rule::origin_buffer_updated_before_completion}}));
}

TEST(RmaScenario, PutsAndGetsUseNamedBuffersToo) {
  const auto s = parsed(
      "window 16 disp_unit=4\nepoch lock_all\nrank 1: buffer a int 2 = 7,8\nrank 1: buffer r int 2\n"
      "rank 1: put type=int disp=0 count=2 origin=@a\n"        // line 5
      "rank 1: store @a[1] 9\n"                                // its origin
      "rank 1: get type=int disp=2 count=2 result=@r\n"        // line 7
      "rank 1: load @r[0]\n"                                   // its result
      "rank 1: get type=int disp=2 count=2 result=@a\n"        // writes line 5's origin
      "rank 1: put type=int disp=3 origin=@r[1]\n"             // reads line 7's result
      "rank 1: put type=int disp=0 count=2 origin=@a[1]\n"     // beyond a
      "rank 1: flush_local\nrank 1: load @r\nrank 1: store @a 5,6\n");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(rejected_rules(*s), (std::vector<std::pair<int, rma_rule>>{
                                    {6, rma_rule::origin_buffer_updated_before_completion},
                                    {8, rma_rule::result_buffer_accessed_before_completion},
                                    {9, rma_rule::origin_buffer_updated_before_completion},
                                    {10, rma_rule::result_buffer_accessed_before_completion},
                                    {11, rma_rule::buffer_out_of_bounds},
                                }));
  ASSERT_EQ(s->program.accesses.size(), 2u);
  int second = 0;
  std::memcpy(&second, s->program.accesses[0].elements[1].origin.data(), sizeof second);
  EXPECT_EQ(second, 8) << "the put's values are the buffer's at the call";
  EXPECT_EQ(error_of("window 8\nrank 1: buffer a double 1\nrank 1: put type=int origin=@a\n"),
            "s.rma:3: origin=@a: buffer a holds MPI_DOUBLE, the target type is MPI_INT");
}

TEST(RmaScenario, RequestBasedPutsAndGetsCompleteAtTheirWait) {
  const auto s = parsed(
      "window 16 disp_unit=4\nepoch lock_all\nrank 1: buffer a int 1 = 7\nrank 1: buffer r int 1\n"
      "rank 1: rput type=int disp=0 origin=@a req=p\n"
      "rank 1: rget type=int disp=1 result=@r req=g\n"
      "rank 1: rput type=int disp=2 origin=3 req=l\n"  // literal values: a request, no buffer
      "rank 1: wait p\nrank 1: store @a 8\n"
      "rank 1: load @r\nrank 1: wait g\nrank 1: load @r\nrank 1: wait l\n");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(rejected_rules(*s),
            (std::vector<std::pair<int, rma_rule>>{{10, rma_rule::result_buffer_accessed_before_completion}}));
  EXPECT_EQ(s->program.accesses.size(), 3u);
  const auto fence = parsed("window 8 disp_unit=4\nrank 1: rget type=int disp=0 req=g\nrank 1: wait g\n");
  ASSERT_TRUE(fence.has_value());
  EXPECT_EQ(rejected_rules(*fence), (std::vector<std::pair<int, rma_rule>>{
                                        {2, rma_rule::request_outside_passive_epoch}, {3, rma_rule::unknown_request}}));
  EXPECT_EQ(error_of("window 8\nrank 1: put type=int origin=1 req=q\n"),
            "s.rma:2: req= names the request of raccumulate, rget_accumulate, rput or rget only");
}

// One origin's SUM and MAX on one location: mixed_ops where they count as concurrent
// (ordered_accumulates=concurrent; the default lets accumulate_ordering order them).
TEST(RmaScenario, AFlushOrdersOneOriginsCallsAtTheTarget) {
  const std::string calls =
      "window 8 disp_unit=4\nepoch lock_all\npolicy ordered_accumulates=concurrent\n"
      "rank 1: accumulate op=sum type=int disp=0 origin=1\n";
  const std::string max = "rank 1: accumulate op=max type=int disp=0 origin=5\n";
  const auto concurrent = parsed(calls + max);
  const auto flushed = parsed(calls + "rank 1: flush\n" + max);
  const auto only_local = parsed(calls + "rank 1: flush_local\n" + max);
  ASSERT_TRUE(concurrent && flushed && only_local);
  const auto findings = [](const scenario& s) { return explore(s.program, explore_options{}).findings.size(); };
  EXPECT_EQ(findings(*concurrent), 1u);
  EXPECT_EQ(findings(*flushed), 0u);
  EXPECT_EQ(findings(*only_local), 1u) << "flush_local completes at the origin only";
}

TEST(RmaScenario, CompletionsOutsideAPassiveTargetEpochAreErroneous) {
  const auto s = parsed(
      "window 8 disp_unit=4\nrank 1: accumulate op=sum type=int disp=0 origin=1\n"
      "rank 1: flush\nrank 1: flush_local 0\nrank 1: flush_all\nrank 1: flush_local_all\nrank 1: unlock_all\n"
      "rank 1: raccumulate op=sum type=int disp=0 origin=1 req=q\nrank 1: wait q\n");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(rejected_rules(*s), (std::vector<std::pair<int, rma_rule>>{
                                    {3, rma_rule::flush_outside_passive_epoch},
                                    {4, rma_rule::flush_outside_passive_epoch},
                                    {5, rma_rule::flush_outside_passive_epoch},
                                    {6, rma_rule::flush_outside_passive_epoch},
                                    {7, rma_rule::unlock_without_lock},
                                    {8, rma_rule::request_outside_passive_epoch},
                                    {9, rma_rule::unknown_request},
                                }));
}

TEST(RmaScenario, EpochsOpenedByARanksOwnLockLines) {
  const auto s = parsed(
      "window 8 disp_unit=4\nepoch none\n"
      "rank 1: put type=int disp=0 origin=1\n"                // no epoch
      "rank 1: accumulate op=sum type=int disp=0 origin=1\n"  // no epoch
      "rank 1: lock 0 shared\nrank 1: lock shared\n"          // the second is erroneous
      "rank 1: accumulate op=sum type=int disp=0 origin=1\n"
      "rank 1: unlock\nrank 1: unlock 0\n"  // the second is erroneous
      "rank 1: lock_all\nrank 1: accumulate op=max type=int disp=0 origin=1\nrank 1: get type=int disp=1\n");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(rejected_rules(*s), (std::vector<std::pair<int, rma_rule>>{
                                    {3, rma_rule::no_access_epoch},
                                    {4, rma_rule::no_access_epoch},
                                    {6, rma_rule::lock_already_held},
                                    {9, rma_rule::unlock_without_lock},
                                }));
  ASSERT_EQ(s->program.accesses.size(), 3u);
  EXPECT_EQ(s->program.accesses[0].completion_phase, 0);
  EXPECT_EQ(s->program.accesses[1].completion_phase, 1) << "after the unlock";
  EXPECT_TRUE(explore(s->program, explore_options{}).findings.empty()) << "the unlock orders SUM before MAX";
  EXPECT_EQ(error_of("window 8\nepoch none\nrank 1: lock 0\n"), "s.rma:3: rank R: lock [TARGET] shared|exclusive");
}

TEST(RmaScenario, StartAndCompleteBoundAnActiveTargetEpoch) {
  const auto s = parsed(
      "window 8 disp_unit=4\nepoch none\n"
      "rank 1: complete\n"                                     // no start
      "rank 1: start\nrank 1: start 0\n"                       // the second overlaps the first
      "rank 1: accumulate op=sum type=int disp=0 origin=1\n"
      "rank 1: lock 0 shared\nrank 1: lock_all\n"              // locks inside a start epoch
      "rank 1: flush\n"                                        // not a passive-target epoch
      "rank 1: raccumulate op=sum type=int disp=1 origin=1\n"  // request-based: passive only
      "rank 1: complete\n"
      "rank 1: accumulate op=max type=int disp=0 origin=1\n"   // after complete: no epoch
      "rank 1: start\nrank 1: accumulate op=max type=int disp=0 origin=1\nrank 1: complete\nrank 1: complete\n");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(rejected_rules(*s), (std::vector<std::pair<int, rma_rule>>{
                                    {3, rma_rule::complete_without_start},
                                    {5, rma_rule::overlapping_access_epochs},
                                    {7, rma_rule::overlapping_access_epochs},
                                    {8, rma_rule::overlapping_access_epochs},
                                    {9, rma_rule::flush_outside_passive_epoch},
                                    {10, rma_rule::request_outside_passive_epoch},
                                    {12, rma_rule::no_access_epoch},
                                    {16, rma_rule::complete_without_start},
                                }));
  ASSERT_EQ(s->program.accesses.size(), 2u);
  EXPECT_TRUE(explore(s->program, explore_options{}).findings.empty()) << "complete orders SUM before MAX";
}

TEST(RmaScenario, AFenceSeparatesEpochsAndCompletesEveryCall) {
  const auto s = parsed(
      "window 8 disp_unit=4\nrank 1: buffer r int 1\n"
      "rank 1: get_accumulate op=sum type=int disp=0 origin=1 result=@r\n"
      "local: store type=int disp=1 origin=5\n"
      "fence\n"
      "rank 1: load @r\n"                                     // complete at the fence
      "rank 2: accumulate op=max type=int disp=0 origin=9\n"  // another op, another epoch
      "local: load type=int disp=1\n"
      "rank 1: lock_all\nfence\n");                           // a lock inside the fence's access epoch
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(rejected_rules(*s), (std::vector<std::pair<int, rma_rule>>{{9, rma_rule::overlapping_access_epochs}}));
  ASSERT_EQ(s->program.accesses.size(), 4u);
  EXPECT_EQ(s->program.accesses[2].fence_epoch, 1);
  const auto x = explore(s->program, explore_options{});
  EXPECT_TRUE(x.findings.empty());
  EXPECT_EQ(x.final_states, 1.0) << "one order: the epochs run one after the other";
  EXPECT_EQ(error_of("window 8\nfence now\n"), "s.rma:2: fence (a line of its own: every rank calls MPI_Win_fence)");
}

TEST(RmaScenario, OriginBufferSyntaxErrorsNameFileAndLine) {
  const std::string head = "window 16 disp_unit=4\nepoch lock_all\nrank 1: buffer a int 2\n";
  EXPECT_EQ(error_of(head + "rank 1: accumulate op=sum type=int origin=@b\n"),
            "s.rma:4: origin= @b: rank 1 has no buffer 'b' declared before this line (rank R: buffer NAME TYPE N)");
  EXPECT_EQ(error_of(head + "rank 2: accumulate op=sum type=int origin=@a\n"),
            "s.rma:4: origin= @a: rank 2 has no buffer 'a' declared before this line (rank R: buffer NAME TYPE N)");
  EXPECT_EQ(error_of(head + "rank 1: store @a[2] 1\n"),
            "s.rma:4: store @a[2]: index out of range; buffer a has 2 elements");
  EXPECT_EQ(error_of(head + "rank 1: store @a[1] 1,2\n"),
            "s.rma:4: @a: 2 value(s) from element 1 do not fit its 2 elements");
  EXPECT_EQ(error_of(head + "rank 1: load @a[x]\n"), "s.rma:4: index=x is not an integer");
  EXPECT_EQ(error_of(head + "rank 1: wait q\n"), "s.rma:4: wait q: no earlier call of rank 1 names req=q");
  EXPECT_EQ(error_of(head + "rank 1: wait\n"),
            "s.rma:4: rank R: wait REQ (the req= of an earlier raccumulate or rget_accumulate)");
  EXPECT_EQ(error_of(head + "rank 1: accumulate op=sum type=int origin=1 req=q\n"),
            "s.rma:4: req= names the request of raccumulate, rget_accumulate, rput or rget only");
  EXPECT_EQ(error_of(head + "rank 1: accumulate op=sum type=double origin=@a\n"),
            "s.rma:4: origin=@a: buffer a holds MPI_INT, the call's origin type is MPI_DOUBLE");
  EXPECT_EQ(error_of(head + "rank 1: buffer a int 1\n"), "s.rma:4: rank 1 already has a buffer 'a'");
  EXPECT_EQ(error_of(head + "rank 1: buffer b int 0\n"),
            "s.rma:4: buffer b needs 1 or more elements, and the buffers of all ranks at most 1048576 bytes");
  EXPECT_EQ(error_of(head + "rank 1: flush_all 0\n"), "s.rma:4: rank R: flush_all");
}

}  // namespace
}  // namespace redsem::sim::rma
