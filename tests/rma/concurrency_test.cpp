// SPDX-License-Identifier: BSD-3-Clause
// MPI-4.1 §13.3 and §13.7: RMARaceBench-style programs get the right finding, correct ones none.
#include "model/rma/concurrency.h"

#include <gtest/gtest.h>

#include "tests/rma/explorer_fixture.h"

namespace redsem::rma {
namespace {

access make(int origin, int sequence, access_kind kind, op_id op, std::vector<std::pair<basic_type, std::int64_t>> at) {
  access a = sim::rma::testing::access_of(origin, sequence, kind, op);
  for (auto [type, offset] : at) a.elements.push_back(access_element{type, offset, {}, {}});
  return a;
}

std::vector<finding_kind> kinds(const std::vector<access>& accesses, const window_info& info = {},
                                const policy& p = {}) {
  std::vector<finding_kind> out;
  for (const finding& f : analyse_concurrency(accesses, info, p)) out.push_back(f.kind);
  return out;
}

using K = access_kind;
constexpr auto I = basic_type::int_;
constexpr auto F = basic_type::float_;
constexpr auto D = basic_type::double_;
using list = std::vector<finding_kind>;

TEST(RmaConcurrency, SameOpSameTypeAccumulatesHaveNoFinding) {
  EXPECT_EQ(
      kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}, {I, 4}}), make(1, 0, K::accumulate, op_id::sum, {{I, 4}}),
             make(2, 0, K::fetch_accumulate, op_id::sum, {{I, 0}})}),
      list{});
  EXPECT_EQ(
      kinds({make(0, 0, K::accumulate, op_id::sum, {{D, 0}}), make(1, 0, K::fetch_accumulate, op_id::no_op, {{D, 0}})}),
      list{});
  EXPECT_EQ(kinds({make(0, 0, K::compare_and_swap, op_id::replace, {{I, 0}}),
                   make(1, 0, K::compare_and_swap, op_id::replace, {{I, 0}}),
                   make(2, 0, K::fetch_accumulate, op_id::no_op, {{I, 0}})}),
            list{});
}

// With ordered_accumulates=concurrent, where one origin's accumulates of one epoch count as
// concurrent for accumulate_ops.
TEST(RmaConcurrency, AFlushBetweenOneOriginsCallsMakesThemNotConcurrent) {
  policy concurrent;
  concurrent.ordered_accumulates = ordered_accumulates_rule::concurrent;
  auto sum = make(0, 0, K::accumulate, op_id::sum, {{I, 0}});
  auto max = make(0, 1, K::accumulate, op_id::max, {{I, 0}});
  EXPECT_EQ(kinds({sum, max}, {}, concurrent), list{finding_kind::mixed_ops});
  max.completion_phase = 1;  // MPI_Win_flush between them (§13.5.4)
  EXPECT_EQ(kinds({sum, max}, {}, concurrent), list{});
  EXPECT_EQ(kinds({sum, max, make(1, 0, K::accumulate, op_id::max, {{I, 0}})}, {}, concurrent),
            list{finding_kind::mixed_ops})
      << "another origin's call is still concurrent with the first";
  auto store = make(0, 1, K::local_store, op_id::replace, {{I, 0}});
  store.completion_phase = 1;
  EXPECT_EQ(kinds({sum, store}), list{finding_kind::racing_access}) << "only remote accesses are ordered by a flush";
}

TEST(RmaConcurrency, SameElementThroughDifferentDatatypes) {
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}}), make(1, 0, K::accumulate, op_id::sum, {{F, 0}})}),
            list{finding_kind::mismatched_accumulates});
  EXPECT_EQ(
      kinds({make(0, 0, K::accumulate, op_id::replace, {{D, 0}}), make(1, 0, K::accumulate, op_id::replace, {{I, 4}})}),
      list{finding_kind::mismatched_accumulates});
}

// ARMCI-MPI's put (MPI_REPLACE on MPI_BYTE) then an MPI_SUM on MPI_INT over the same bytes, from
// one origin in one epoch: mismatched under ordering_types=same (the default, §13.7.2's "per-datatype
// granularity"), ordered by accumulate_ordering under ordering_types=any; another origin's stay
// mismatched either way.
TEST(RmaConcurrency, OneOriginsAccumulatesOfDifferentTypesFollowThePolicy) {
  constexpr auto B = basic_type::byte;
  const auto bytes = make(0, 0, K::accumulate, op_id::replace, {{B, 0}, {B, 1}, {B, 2}, {B, 3}});
  const auto sum = make(0, 1, K::accumulate, op_id::sum, {{I, 0}});
  EXPECT_EQ(kinds({bytes, sum}), list{finding_kind::mismatched_accumulates});
  policy any;
  any.ordering_types = ordering_types_rule::any;
  EXPECT_EQ(kinds({bytes, sum}, {}, any), list{});
  window_info unordered;
  unordered.ordering = accumulate_ordering{false, false, false, false};
  EXPECT_EQ(kinds({bytes, sum}, unordered, any), list{finding_kind::mismatched_accumulates})
      << "accumulate_ordering=none keeps nothing in order";
  EXPECT_EQ(kinds({bytes, make(1, 0, K::accumulate, op_id::sum, {{I, 0}})}, {}, any),
            list{finding_kind::mismatched_accumulates});
}

TEST(RmaConcurrency, OverlappingDisplacements) {
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}}), make(1, 0, K::accumulate, op_id::sum, {{I, 2}})}),
            list{finding_kind::mismatched_accumulates});
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}}), make(1, 0, K::accumulate, op_id::sum, {{I, 4}})}),
            list{})
      << "adjacent elements do not overlap";
}

TEST(RmaConcurrency, MixedOpsOnOneLocationAreOutsideTheGuarantee) {
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}}), make(1, 0, K::accumulate, op_id::max, {{I, 0}})}),
            list{finding_kind::mixed_ops});
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}}),
                   make(1, 0, K::fetch_accumulate, op_id::replace, {{I, 0}})}),
            list{finding_kind::mixed_ops});
  EXPECT_EQ(describe(finding_kind::mixed_ops).level, guarantee::outside_guarantee);
}

TEST(RmaConcurrency, NoOpMixesOnlyUnderSameOpNoOp) {
  const std::vector<access> a{make(0, 0, K::accumulate, op_id::sum, {{I, 0}}),
                              make(1, 0, K::fetch_accumulate, op_id::no_op, {{I, 0}})};
  EXPECT_EQ(kinds(a), list{});
  window_info same_op;
  same_op.ops = accumulate_ops_info::same_op;
  EXPECT_EQ(kinds(a, same_op), list{finding_kind::mixed_ops});
}

TEST(RmaConcurrency, AccumulateRacingAPutOrAGetIsUndefined) {
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}}), make(1, 0, K::put, op_id::replace, {{I, 0}})}),
            list{finding_kind::racing_access});
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}}), make(1, 0, K::get, op_id::no_op, {{I, 0}})}),
            list{finding_kind::racing_access});
  EXPECT_EQ(kinds({make(0, 0, K::put, op_id::replace, {{I, 0}}), make(0, 1, K::put, op_id::replace, {{I, 0}})}),
            list{finding_kind::racing_access})
      << "one origin's puts in one epoch are not ordered";
  EXPECT_EQ(kinds({make(0, 0, K::get, op_id::no_op, {{I, 0}}), make(1, 0, K::local_store, op_id::replace, {{I, 0}})}),
            list{finding_kind::racing_access});
  EXPECT_EQ(kinds({make(0, 0, K::get, op_id::no_op, {{I, 0}}), make(1, 0, K::get, op_id::no_op, {{I, 0}})}), list{});
}

TEST(RmaConcurrency, ReadsNeverConflictWithReads) {
  // MPI-4.1 §13.7: a conflict needs an update. MPI_NO_OP fetches read only.
  const access get = make(0, 0, K::get, op_id::no_op, {{I, 0}});
  const access fetch = make(1, 0, K::fetch_accumulate, op_id::no_op, {{I, 0}});
  const access load = make(2, 0, K::local_load, op_id::no_op, {{I, 0}});
  EXPECT_EQ(kinds({get, fetch}), list{});
  EXPECT_EQ(kinds({fetch, load}), list{});
  EXPECT_EQ(kinds({get, fetch, load}), list{});
  EXPECT_EQ(kinds({fetch, make(3, 0, K::fetch_accumulate, op_id::no_op, {{F, 0}})}), list{})
      << "two reads through different types do not conflict either";
  EXPECT_EQ(kinds({get, make(1, 0, K::fetch_accumulate, op_id::sum, {{I, 0}})}), list{finding_kind::racing_access})
      << "a fetch that updates still conflicts with a get";
  EXPECT_EQ(describe(finding_kind::racing_access).level, guarantee::undefined);
}

TEST(RmaConcurrency, CompareAndSwapAgainstAnAccumulateIsUnspecified) {
  EXPECT_EQ(kinds({make(0, 0, K::compare_and_swap, op_id::replace, {{I, 0}}),
                   make(1, 0, K::accumulate, op_id::sum, {{I, 0}})}),
            list{finding_kind::cas_with_accumulate});
}

TEST(RmaConcurrency, AccumulateOrderingRelaxesOneOriginsOrder) {
  const std::vector<access> fetches{make(0, 0, K::fetch_accumulate, op_id::sum, {{I, 0}}),
                                    make(0, 1, K::fetch_accumulate, op_id::sum, {{I, 0}})};
  EXPECT_EQ(kinds(fetches), list{});
  window_info none;
  none.ordering = accumulate_ordering{false, false, false, false};
  EXPECT_EQ(kinds(fetches, none), list{finding_kind::unordered_same_origin});
  window_info no_raw;
  no_raw.ordering.raw = false;
  EXPECT_EQ(kinds(fetches, no_raw), list{finding_kind::unordered_same_origin});
  // Integer SUMs that fetch nothing commute exactly; float SUMs round in order.
  EXPECT_EQ(
      kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}}), make(0, 1, K::accumulate, op_id::sum, {{I, 0}})}, none),
      list{});
  EXPECT_EQ(
      kinds({make(0, 0, K::accumulate, op_id::sum, {{D, 0}}), make(0, 1, K::accumulate, op_id::sum, {{D, 0}})}, none),
      list{finding_kind::unordered_same_origin});
  EXPECT_EQ(kinds({make(0, 0, K::fetch_accumulate, op_id::no_op, {{D, 0}}),
                   make(0, 1, K::fetch_accumulate, op_id::no_op, {{D, 0}})},
                  none),
            list{})
      << "two reads";
}

// MPICH's acc_ordering test: MPI_MAXLOC then MPI_REPLACE from one origin to one location in one
// epoch. Under the default accumulate_ordering they are applied in program order (§13.7.2), and so
// are not the "concurrent accumulate calls" accumulate_ops restricts (§13.2.1): no finding under
// the default ordered_accumulates=sequential. Where the window relaxes the ordering of the pair,
// or under ordered_accumulates=concurrent, they are mixed_ops; another origin's call always is.
TEST(RmaConcurrency, OneOriginsOrderedAccumulatesMayMixOps) {
  const access maxloc = make(1, 0, K::accumulate, op_id::maxloc, {{basic_type::two_int, 0}});
  const access replace = make(1, 1, K::accumulate, op_id::replace, {{basic_type::two_int, 0}});
  const access cas = make(1, 2, K::compare_and_swap, op_id::replace, {{I, 16}});
  const access sum = make(1, 3, K::accumulate, op_id::sum, {{I, 16}});
  EXPECT_EQ(kinds({maxloc, replace}), list{});
  EXPECT_EQ(kinds({cas, sum}), list{}) << "compare-and-swap is an accumulate-style call, ordered alike";
  window_info no_waw;
  no_waw.ordering.waw = false;
  EXPECT_EQ(kinds({maxloc, replace}, no_waw), list{finding_kind::mixed_ops});
  policy concurrent;
  concurrent.ordered_accumulates = ordered_accumulates_rule::concurrent;
  EXPECT_EQ(kinds({maxloc, replace}, {}, concurrent), list{finding_kind::mixed_ops});
  EXPECT_EQ(kinds({cas, sum}, {}, concurrent), list{finding_kind::cas_with_accumulate});
  EXPECT_EQ(kinds({maxloc, make(2, 0, K::accumulate, op_id::replace, {{basic_type::two_int, 0}})}),
            list{finding_kind::mixed_ops});
  EXPECT_EQ(to_string(policy{}).find("ordered_accumulates"), std::string::npos) << "printed only when changed";
  EXPECT_EQ(parse_policy("ordered_accumulates=concurrent", nullptr), concurrent);
}

TEST(RmaConcurrency, InfoKeysParse) {
  window_info info;
  std::string error;
  EXPECT_TRUE(set_info_key(info, "accumulate_ordering", "rar, waw", &error));
  EXPECT_EQ(to_string(info.ordering), "rar,waw");
  EXPECT_TRUE(set_info_key(info, "accumulate_ordering", "none", &error));
  EXPECT_EQ(to_string(info.ordering), "none");
  EXPECT_TRUE(set_info_key(info, "accumulate_ops", "same_op", &error));
  EXPECT_EQ(info.ops, accumulate_ops_info::same_op);
  EXPECT_FALSE(set_info_key(info, "accumulate_ordering", "raw,xyz", &error));
  EXPECT_NE(error.find("xyz"), std::string::npos);
  EXPECT_FALSE(set_info_key(info, "accumulate_ops", "any_op", &error));
  EXPECT_FALSE(set_info_key(info, "no_locks", "true", &error));
}

}  // namespace
}  // namespace redsem::rma
