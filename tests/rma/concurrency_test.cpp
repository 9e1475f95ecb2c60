// SPDX-License-Identifier: BSD-3-Clause
// MPI-4.1 §13.3 and §13.7: RMARaceBench-style programs get the right finding, correct ones none.
#include <gtest/gtest.h>

#include "model/rma/concurrency.h"

namespace redsem::rma {
namespace {

access make(int origin, int sequence, access_kind kind, op_id op, std::vector<std::pair<basic_type, std::int64_t>> at) {
  access a;
  a.origin = origin;
  a.sequence = sequence;
  a.kind = kind;
  a.op = op;
  a.label = "rank " + std::to_string(origin) + " #" + std::to_string(sequence);
  for (auto [type, offset] : at) a.elements.push_back(access_element{type, offset, {}, {}});
  return a;
}

std::vector<finding_kind> kinds(const std::vector<access>& accesses, const window_info& info = {}) {
  std::vector<finding_kind> out;
  for (const finding& f : analyse_concurrency(accesses, info)) out.push_back(f.kind);
  return out;
}

using K = access_kind;
constexpr auto I = basic_type::int_;
constexpr auto F = basic_type::float_;
constexpr auto D = basic_type::double_;
using list = std::vector<finding_kind>;

TEST(RmaConcurrency, SameOpSameTypeAccumulatesHaveNoFinding) {
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}, {I, 4}}), make(1, 0, K::accumulate, op_id::sum, {{I, 4}}),
                   make(2, 0, K::fetch_accumulate, op_id::sum, {{I, 0}})}),
            list{});
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{D, 0}}), make(1, 0, K::fetch_accumulate, op_id::no_op, {{D, 0}})}),
            list{});
  EXPECT_EQ(kinds({make(0, 0, K::compare_and_swap, op_id::replace, {{I, 0}}),
                   make(1, 0, K::compare_and_swap, op_id::replace, {{I, 0}}),
                   make(2, 0, K::fetch_accumulate, op_id::no_op, {{I, 0}})}),
            list{});
}

TEST(RmaConcurrency, AFlushBetweenOneOriginsCallsMakesThemNotConcurrent) {
  auto sum = make(0, 0, K::accumulate, op_id::sum, {{I, 0}});
  auto max = make(0, 1, K::accumulate, op_id::max, {{I, 0}});
  EXPECT_EQ(kinds({sum, max}), list{finding_kind::mixed_ops});
  max.completion_phase = 1;  // MPI_Win_flush between them (§13.5.4)
  EXPECT_EQ(kinds({sum, max}), list{});
  EXPECT_EQ(kinds({sum, max, make(1, 0, K::accumulate, op_id::max, {{I, 0}})}), list{finding_kind::mixed_ops})
      << "another origin's call is still concurrent with the first";
  auto store = make(0, 1, K::local_store, op_id::replace, {{I, 0}});
  store.completion_phase = 1;
  EXPECT_EQ(kinds({sum, store}), list{finding_kind::racing_access}) << "only remote accesses are ordered by a flush";
}

TEST(RmaConcurrency, SameElementThroughDifferentDatatypes) {
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}}), make(1, 0, K::accumulate, op_id::sum, {{F, 0}})}),
            list{finding_kind::mismatched_accumulates});
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::replace, {{D, 0}}), make(1, 0, K::accumulate, op_id::replace, {{I, 4}})}),
            list{finding_kind::mismatched_accumulates});
}

TEST(RmaConcurrency, OverlappingDisplacements) {
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}}), make(1, 0, K::accumulate, op_id::sum, {{I, 2}})}),
            list{finding_kind::mismatched_accumulates});
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}}), make(1, 0, K::accumulate, op_id::sum, {{I, 4}})}),
            list{}) << "adjacent elements do not overlap";
}

TEST(RmaConcurrency, MixedOpsOnOneLocationAreOutsideTheGuarantee) {
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}}), make(1, 0, K::accumulate, op_id::max, {{I, 0}})}),
            list{finding_kind::mixed_ops});
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}}), make(1, 0, K::fetch_accumulate, op_id::replace, {{I, 0}})}),
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
            list{finding_kind::racing_access}) << "one origin's puts in one epoch are not ordered";
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
  EXPECT_EQ(kinds({make(0, 0, K::compare_and_swap, op_id::replace, {{I, 0}}), make(1, 0, K::accumulate, op_id::sum, {{I, 0}})}),
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
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{I, 0}}), make(0, 1, K::accumulate, op_id::sum, {{I, 0}})}, none),
            list{});
  EXPECT_EQ(kinds({make(0, 0, K::accumulate, op_id::sum, {{D, 0}}), make(0, 1, K::accumulate, op_id::sum, {{D, 0}})}, none),
            list{finding_kind::unordered_same_origin});
  EXPECT_EQ(kinds({make(0, 0, K::fetch_accumulate, op_id::no_op, {{D, 0}}),
                   make(0, 1, K::fetch_accumulate, op_id::no_op, {{D, 0}})}, none),
            list{}) << "two reads";
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
