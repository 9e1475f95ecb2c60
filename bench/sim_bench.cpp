// SPDX-License-Identifier: BSD-3-Clause
// Every legal order of a reduction: float SUM's distinct results over all (2P−3)!! trees for
// P = 12 and 16 (targets: < 5 s and < 60 s), and an integer op's order-invariance for P = 64
// (target: < 1 s).
#include <benchmark/benchmark.h>

#include <cstring>
#include <random>

#include "model/element_op.h"
#include "sim/invariance.h"
#include "sim/order_results.h"

namespace {

using namespace redsem;

// One element per rank, each make(rng) as its bytes.
template <class Make>
std::vector<sim::element> random_elements(int procs, std::uint64_t seed, Make make) {
  std::mt19937_64 rng(seed);
  std::vector<sim::element> out;
  for (int r = 0; r < procs; ++r) {
    const auto x = make(rng);
    sim::element e(sizeof x);
    std::memcpy(e.data(), &x, sizeof x);
    out.push_back(e);
  }
  return out;
}

std::vector<sim::element> random_floats(int procs, std::uint64_t seed) {
  std::uniform_real_distribution<float> dist(-1, 1);
  return random_elements(procs, seed, [&](std::mt19937_64& rng) { return dist(rng); });
}

std::vector<sim::element> random_ints(int procs, std::uint64_t seed) {
  return random_elements(procs, seed, [](std::mt19937_64& rng) { return static_cast<int>(rng()); });
}

void float_sum_distinct(benchmark::State& state) {
  const int procs = static_cast<int>(state.range(0));
  const policy p;
  const auto inputs = random_floats(procs, 42);
  const element_op op = predefined_element_op(op_id::sum, basic_type::float_, p);
  std::size_t distinct = 0;
  for (auto _ : state) {
    const auto r = sim::all_order_results(op, inputs, sim::predefined_pair{op_id::sum, basic_type::float_, p});
    distinct = r.results.size();
    benchmark::DoNotOptimize(distinct);
  }
  state.counters["distinct"] = static_cast<double>(distinct);
  state.counters["trees"] = sim::legal_tree_count(procs, true);
}
BENCHMARK(float_sum_distinct)->Arg(12)->Arg(16)->Unit(benchmark::kMillisecond);

void int_sum_invariance(benchmark::State& state) {
  const int procs = static_cast<int>(state.range(0));
  const policy p;
  const std::vector<sim::element> inputs = random_ints(procs, 7);
  const element_op op = predefined_element_op(op_id::sum, basic_type::int_, p);
  const sim::op_laws laws = sim::known_laws(op_id::sum, basic_type::int_, p);
  for (auto _ : state) {
    const auto v = sim::decide_invariance(op, inputs, laws, sim::predefined_pair{op_id::sum, basic_type::int_, p});
    benchmark::DoNotOptimize(v.verdict);
  }
}
BENCHMARK(int_sum_invariance)->Arg(64)->Unit(benchmark::kMicrosecond);

// Without laws, a non-commutative search over rank intervals still settles 64 ranks.
void int_sum_interval_search(benchmark::State& state) {
  const int procs = static_cast<int>(state.range(0));
  const policy p;
  const std::vector<sim::element> inputs = random_ints(procs, 9);
  element_op op = predefined_element_op(op_id::sum, basic_type::int_, p);
  op.commutative = false;  // search bracketings only: 2^64 subsets are out of reach
  std::size_t distinct = 0;
  for (auto _ : state) {
    const auto v = sim::decide_invariance(op, inputs, {}, sim::predefined_pair{op_id::sum, basic_type::int_, p});
    distinct = v.search ? v.search->results.size() : 0;
    benchmark::DoNotOptimize(distinct);
  }
  state.counters["distinct"] = static_cast<double>(distinct);
}
BENCHMARK(int_sum_interval_search)->Arg(64)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
