// SPDX-License-Identifier: BSD-3-Clause
// Every algorithm's schedule: its trees are legal where the algorithm claims rank order,
// flagged where it reorders ranks, and the values it computes are among the results some
// legal order gives (an independent search over all orders).
#include "sim/schedule.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "model/element_op.h"
#include "sim/example_ops.h"
#include "sim/order_results.h"
#include "sim/simulate.h"
#include "sim_fixture.h"

namespace redsem::sim {
namespace {

struct algorithm_case {
  collective kind;
  std::string name;
};

std::vector<algorithm_case> all_algorithms() {
  std::vector<algorithm_case> out;
  for (collective c : all_collectives)
    for (const auto& a : algorithms_of(c)) out.push_back({c, std::string(a.name)});
  return out;
}

// The algorithms that keep ranks in order when told the op is non-commutative.
bool keeps_rank_order(const algorithm_case& a) {
  if (a.kind == collective::scan || a.kind == collective::exscan) return true;
  if (a.kind == collective::reduce) return a.name != "rabenseifner" && a.name != "pipeline";
  if (a.name == "reduce_then_scatter") return true;  // a rank-order reduce, then blocks moved
  return a.kind == collective::allreduce && (a.name == "recursive_doubling" || a.name == "binomial_bcast");
}

schedule build(const algorithm_case& a, int procs, bool commutative, int count = 0, int root = 0) {
  schedule_request r;
  r.kind = a.kind;
  r.algorithm = a.name;
  r.procs = procs;
  r.commutative = commutative;
  r.count = a.kind == collective::reduce_scatter_block && count % procs != 0 ? procs * 2 : count;
  r.root = root;
  const schedule_outcome s = build_schedule(r);
  EXPECT_TRUE(s.value.has_value()) << s.error;
  return *s.value;
}

std::string name_of(const algorithm_case& a, int procs) {
  return std::string(to_string(a.kind)) + "/" + a.name + " on " + std::to_string(procs) + " ranks";
}

TEST(SimSchedule, CommutativeTreesCombineEveryRequiredRankOnce) {
  for (const auto& a : all_algorithms())
    for (int procs = 1; procs <= 13; ++procs)
      for (int root : {0, procs - 1}) {
        if (root != 0 && a.kind != collective::reduce) continue;
        for (int count : {0, 2 * procs + 1}) {
          const schedule s = build(a, procs, true, count, root);
          EXPECT_TRUE(check_schedule(s).empty()) << name_of(a, procs) << ": " << check_schedule(s)[0].check.evidence;
        }
      }
}

TEST(SimSchedule, NonCommutativeOpsFlagExactlyTheReorderingAlgorithms) {
  for (const auto& a : all_algorithms()) {
    bool flagged = false;
    for (int procs = 1; procs <= 9; ++procs) {
      const auto problems = check_schedule(build(a, procs, false, 2 * procs));
      for (const auto& p : problems) EXPECT_EQ(p.check.verdict, tree_legality::reordered_ranks) << name_of(a, procs);
      flagged = flagged || !problems.empty();
    }
    EXPECT_EQ(flagged, !keeps_rank_order(a)) << to_string(a.kind) << "/" << a.name;
  }
}

TEST(SimSchedule, ResultsHaveTheShapeOfTheCollective) {
  const schedule reduce = build({collective::reduce, "binomial"}, 5, true, 3, 2);
  for (int rank = 0; rank < 5; ++rank) EXPECT_EQ(reduce.ranks[static_cast<std::size_t>(rank)].trees.size(), rank == 2 ? 3u : 0u);
  const schedule exscan = build({collective::exscan, "recursive_doubling"}, 4, false, 1);
  EXPECT_TRUE(exscan.ranks[0].trees.empty());
  EXPECT_NE(exscan.ranks[0].note.find("undefined"), std::string::npos);
  EXPECT_EQ(to_string(exscan.ranks[1].trees[0]), "0");  // rank 1 receives x_0 as is
  const schedule rs = build({collective::reduce_scatter, "ring"}, 4, true, 10);
  std::size_t total = 0;
  for (const auto& r : rs.ranks) total += r.trees.size();
  EXPECT_EQ(total, 10u);
  EXPECT_FALSE(build_schedule({collective::reduce, "binomial", 4, 4}).value.has_value());  // root out of range
  EXPECT_FALSE(build_schedule({collective::allreduce, "nonesuch", 4}).value.has_value());
}

// Each rank's value is one that some legal order of its required ranks gives.
void expect_values_are_legal(const algorithm_case& a, int procs, const element_op& op,
                             const std::vector<element>& per_rank_input) {
  const schedule s = build(a, procs, op.commutative, 1);
  if (!check_schedule(s).empty()) return;  // a reordering algorithm: its trees are not legal orders
  rank_inputs inputs;
  for (const auto& e : per_rank_input) inputs.push_back(std::vector<element>(static_cast<std::size_t>(s.request.count), e));
  const auto values = run_schedule(s, op, inputs);
  for (int rank = 0; rank < procs; ++rank) {
    const auto& res = s.ranks[static_cast<std::size_t>(rank)];
    if (res.trees.empty()) continue;
    const std::vector<int> needed = required_ranks(a.kind, rank, procs);
    if (needed.empty()) continue;
    std::vector<element> sub;
    for (int r : needed) sub.push_back(per_rank_input[static_cast<std::size_t>(r)]);
    bool legal = false;
    for (const auto& d : all_order_results(op, sub).results) legal = legal || d.value == values[static_cast<std::size_t>(rank)].values[0];
    EXPECT_TRUE(legal)
        << name_of(a, procs) << " rank " << rank << ": " << to_string(res.trees[0]);
    EXPECT_EQ(values[static_cast<std::size_t>(rank)].values[0], evaluate(res.trees[0], op, per_rank_input));
  }
}

TEST(SimSchedule, ValuesAreAmongTheLegalResults) {
  std::mt19937 rng(4);
  std::uniform_real_distribution<float> dist(-1e4f, 1e4f);
  const element_op sum = predefined_element_op(op_id::sum, basic_type::float_, {});
  const element_op seg = segmented_scan_element_op();
  for (const auto& a : all_algorithms())
    for (int procs = 1; procs <= 7; ++procs) {
      std::vector<float> xs;
      std::vector<element> segs;
      for (int r = 0; r < procs; ++r) {
        xs.push_back(dist(rng) * static_cast<float>(1 << (rng() % 12)));
        segs.push_back(segmented_scan_value(1 << r, static_cast<int>(rng() % 2)));
      }
      expect_values_are_legal(a, procs, sum, testing::elements_of(xs));
      expect_values_are_legal(a, procs, seg, segs);
    }
}

TEST(SimSchedule, SegmentedScanTableOfTheStandard) {
  // MPI-4.1 §7.11.3: values a…h with logicals 0 0 1 1 1 0 0 1 scan to a, a+b, c, c+d, c+d+e, f, f+g, h.
  const std::vector<int> logs{0, 0, 1, 1, 1, 0, 0, 1};
  const std::vector<double> vals{1, 2, 4, 8, 16, 32, 64, 128};
  const std::vector<double> table{1, 3, 4, 12, 28, 32, 96, 128};
  rank_inputs inputs;
  for (int r = 0; r < 8; ++r) inputs.push_back({segmented_scan_value(vals[static_cast<std::size_t>(r)], logs[static_cast<std::size_t>(r)])});
  const element_op op = segmented_scan_element_op();
  const schedule linear = build({collective::scan, "linear"}, 8, false, 1);
  const schedule doubling = build({collective::scan, "recursive_doubling"}, 8, false, 1);
  const auto lv = run_schedule(linear, op, inputs);
  const auto dv = run_schedule(doubling, op, inputs);
  int differing = 0;
  for (int r = 0; r < 8; ++r) {
    EXPECT_EQ(lv[static_cast<std::size_t>(r)].values[0], segmented_scan_value(table[static_cast<std::size_t>(r)], logs[static_cast<std::size_t>(r)])) << "rank " << r;
    differing += lv[static_cast<std::size_t>(r)].values[0] != dv[static_cast<std::size_t>(r)].values[0];
  }
  EXPECT_GT(differing, 0);  // the op is not associative, so regrouping shows
}

TEST(SimSchedule, AllreduceRankIdentityBreaksWhenACommutativeOpIsNot) {
  // MAX with the C-ternary NaN rule is declared commutative but max(NaN, 1) = 1, max(1, NaN) = NaN.
  policy ternary;
  ternary.minmax_nan = nan_rule::c_ternary;
  const element_op op = predefined_element_op(op_id::max, basic_type::double_, ternary);
  rank_inputs inputs{{testing::elements_of<double>({NAN})[0]}, {testing::elements_of<double>({1.0})[0]}};
  const schedule rd = build({collective::allreduce, "recursive_doubling"}, 2, true, 1);
  const auto brk = find_rank_identity_break(rd, op, run_schedule(rd, op, inputs));
  ASSERT_TRUE(brk.has_value());
  EXPECT_NE(to_string(brk->tree_a), to_string(brk->tree_b));
  const schedule ring = build({collective::allreduce, "ring"}, 2, true, 1);
  EXPECT_FALSE(find_rank_identity_break(ring, op, run_schedule(ring, op, inputs)).has_value());
}

TEST(SimSchedule, SegmentSizeDoesNotChangeAnElementsTree) {
  for (int segment : {1, 2, 3, 7}) {
    schedule_request r{collective::reduce, "pipeline", 5, 3, false, true, 7, segment};
    const schedule s = *build_schedule(r).value;
    r.segment = 0;
    const schedule whole = *build_schedule(r).value;
    for (std::size_t k = 0; k < 7; ++k) EXPECT_EQ(to_string(s.ranks[3].trees[k]), to_string(whole.ranks[3].trees[k]));
  }
}

}  // namespace
}  // namespace redsem::sim

namespace redsem::sim {
namespace {

TEST(SimSchedule, InPlaceNotesSayWhatTheBufferHolds) {
  schedule_request r{collective::exscan, "linear", 4, 0, true, true, 1, 0};
  const schedule exscan = *build_schedule(r).value;
  EXPECT_NE(exscan.ranks[0].note.find("unchanged"), std::string::npos);
  EXPECT_EQ(to_string(exscan.ranks[1].trees[0]), "0");
  EXPECT_EQ(to_string(exscan.ranks[3].trees[0]), "((0∘1)∘2)");
  r = {collective::reduce, "binomial", 4, 2, true, true, 1, 0};
  const schedule reduce = *build_schedule(r).value;
  EXPECT_NE(reduce.ranks[2].note.find("MPI_IN_PLACE"), std::string::npos);
  EXPECT_TRUE(reduce.ranks[0].trees.empty());
}

TEST(SimSchedule, NonZeroRootReordersOnlyCommutativeBinomialTrees) {
  schedule_request r{collective::reduce, "binomial", 5, 3, false, true, 1, 0};
  const schedule commutative = *build_schedule(r).value;
  // Relative ranks 0…4 are ranks 3, 4, 0, 1, 2; each parent applies received ∘ own.
  EXPECT_EQ(to_string(commutative.ranks[3].trees[0]), "(2∘((1∘0)∘(4∘3)))");
  r.commutative = false;
  const schedule ordered = *build_schedule(r).value;
  EXPECT_EQ(leaves(ordered.ranks[3].trees[0]), rank_range(0, 4));
}

}  // namespace
}  // namespace redsem::sim

namespace redsem::sim {
namespace {

// Open MPI libnbc's binomial tree, as its MPI_Ireduce gives it (traced by `redsem probe`): the
// root and rank 0 swap virtual ranks, and each receiver applies own ∘ received.
TEST(SimSchedule, LibnbcBinomialSwapsTheRootForRankZero) {
  schedule_request r{collective::reduce, "binomial_swapped_root", 4, 3, false, true, 1, 0};
  EXPECT_EQ(to_string(build_schedule(r).value->ranks[3].trees[0]), "((3∘1)∘(2∘0))");
  r.procs = 5, r.root = 2;
  EXPECT_EQ(to_string(build_schedule(r).value->ranks[2].trees[0]), "(((2∘1)∘(0∘3))∘4)");
  r.commutative = false;  // in rank order at rank 0, then sent to the root
  EXPECT_EQ(to_string(build_schedule(r).value->ranks[2].trees[0]), "(((0∘1)∘(2∘3))∘4)");
  // Allreduce and Reduce_scatter reduce the same way to rank 0: every rank, every block.
  const schedule all = *build_schedule({collective::allreduce, "binomial_bcast", 5, 0, false, true, 2, 0}).value;
  const schedule blocks = *build_schedule({collective::reduce_scatter_block, "reduce_then_scatter", 5, 0, false, true, 10, 0}).value;
  for (int rank = 0; rank < 5; ++rank) {
    EXPECT_EQ(to_string(all.ranks[static_cast<std::size_t>(rank)].trees[1]), "(((0∘1)∘(2∘3))∘4)");
    ASSERT_EQ(blocks.ranks[static_cast<std::size_t>(rank)].trees.size(), 2u);
    EXPECT_EQ(to_string(blocks.ranks[static_cast<std::size_t>(rank)].trees[0]), "(((0∘1)∘(2∘3))∘4)");
  }
}

}  // namespace
}  // namespace redsem::sim

namespace redsem::sim {
namespace {

TEST(SimSchedule, ReduceScatterTakesTheCallersBlockCounts) {
  schedule_request r{collective::reduce_scatter, "ring", 3, 0, false, true, 4, 0, {1, 2, 1}};
  const schedule s = *build_schedule(r).value;
  EXPECT_EQ(s.ranks[0].element_index, std::vector<int>{0});
  EXPECT_EQ(s.ranks[1].element_index, (std::vector<int>{1, 2}));
  EXPECT_EQ(s.ranks[2].element_index, std::vector<int>{3});
  for (const std::vector<int>& bad : {std::vector<int>{1, 2}, {1, 2, 2}, {3, 2, -1}}) {
    r.block_counts = bad;
    EXPECT_FALSE(build_schedule(r).value.has_value());
  }
  r.kind = collective::reduce_scatter_block, r.count = 3, r.block_counts = {1, 1, 1};
  EXPECT_FALSE(build_schedule(r).value.has_value());  // its blocks are equal by definition
}

}  // namespace
}  // namespace redsem::sim
