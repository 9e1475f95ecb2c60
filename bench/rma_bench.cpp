// SPDX-License-Identifier: BSD-3-Clause
// The RMA explorer's speed on the model SPIN was measured on (N origins, each issuing one
// accumulate-family call over M elements of one target): states per second of the unreduced
// search on 3 × 4, and the time and partial-order-reduction savings of 4 × 6.
#include <benchmark/benchmark.h>

#include <cstring>
#include <numeric>

#include "kernels/atomic/atomic_accumulate.h"
#include "sim/rma/explorer.h"
#include "sim/thread_shares.h"

namespace {

using namespace redsem;
using namespace redsem::sim::rma;

// Each origin o issues one call of `kind` with `op` over all M elements; values differ per origin
// and element so that every order of fetches and float sums can be told apart.
template <class T>
rma_program grid(int origins, int elements, access_kind kind, basic_type type) {
  rma_program p;
  p.window.resize(sizeof(T) * static_cast<std::size_t>(elements));
  for (int e = 0; e < elements; ++e) {
    const T v = static_cast<T>(0.1 + e);
    std::memcpy(p.window.data() + sizeof(T) * static_cast<std::size_t>(e), &v, sizeof(T));
  }
  for (int o = 0; o < origins; ++o) {
    redsem::rma::access a;
    a.origin = o;
    a.kind = kind;
    a.op = op_id::sum;
    a.label = "rank " + std::to_string(o);
    for (int e = 0; e < elements; ++e) {
      redsem::rma::access_element el{type, static_cast<std::int64_t>(sizeof(T)) * e, {}, {}};
      const T v = static_cast<T>(1.0 / (o + 3) + 7 * e + 1);
      std::memcpy(el.origin.data(), &v, sizeof(T));
      a.elements.push_back(el);
    }
    p.accesses.push_back(a);
  }
  return p;
}

// One search over the whole window (all groups in one state space).
void whole_window(benchmark::State& state, const rma_program& p, reduction mode) {
  const auto steps = program_steps(p, non_atomic_elements(p), false);
  std::vector<std::size_t> all(steps.size());
  std::iota(all.begin(), all.end(), 0);
  const search_space sp = make_search_space(p, steps, all);
  search_stats last;
  for (auto _ : state) {
    last = run_search(sp, {mode, 200'000'000, {}}).stats;
    benchmark::DoNotOptimize(last.states);
  }
  state.counters["states"] = static_cast<double>(last.states);
  state.counters["states_per_s"] =
      benchmark::Counter(static_cast<double>(last.states), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["transitions"] = static_cast<double>(last.transitions);
  state.counters["state_bytes"] = sp.state_bytes;
  state.counters["memory_MB"] = static_cast<double>(last.memory_bytes) / 1e6;
}

// The same search split over `shares` threads (what redsem-mpi does over processes): breadth
// first, each state owned by one share, successors exchanged level by level.
void split_window(benchmark::State& state, const rma_program& p, reduction mode, int shares) {
  const auto steps = program_steps(p, non_atomic_elements(p), false);
  std::vector<std::size_t> all(steps.size());
  std::iota(all.begin(), all.end(), 0);
  const search_space sp = make_search_space(p, steps, all);
  search_stats last;
  for (auto _ : state)
    redsem::sim::thread_shares(shares).run([&](const redsem::sim::search_share& share) {
      const search_stats s = run_split_search(sp, {mode, 200'000'000, share}).stats;
      if (share.index == 0) last = s;
    });
  state.counters["states"] = static_cast<double>(last.states);
  state.counters["states_per_s"] =
      benchmark::Counter(static_cast<double>(last.states), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_whole_window_3x4_fetch_double_full(benchmark::State& s) {
  whole_window(s, grid<double>(3, 4, access_kind::fetch_accumulate, basic_type::double_), reduction::none);
}
void BM_whole_window_3x4_fetch_double_reduced(benchmark::State& s) {
  whole_window(s, grid<double>(3, 4, access_kind::fetch_accumulate, basic_type::double_), reduction::partial_order);
}
void BM_whole_window_3x4_int_sum_full(benchmark::State& s) {
  whole_window(s, grid<int>(3, 4, access_kind::accumulate, basic_type::int_), reduction::none);
}
void BM_whole_window_3x5_fetch_double_full(benchmark::State& s) {
  whole_window(s, grid<double>(3, 5, access_kind::fetch_accumulate, basic_type::double_), reduction::none);
}

void BM_split_window_3x5_fetch_double_full(benchmark::State& s) {
  split_window(s, grid<double>(3, 5, access_kind::fetch_accumulate, basic_type::double_), reduction::none,
               static_cast<int>(s.range(0)));
}

// The explorer as `redsem rma` runs it: per group, reduced, unreduced and serial searches.
void explore_grid(benchmark::State& state, const rma_program& p) {
  exploration last;
  for (auto _ : state) {
    last = explore(p, explore_options{});
    benchmark::DoNotOptimize(last.final_states);
  }
  state.counters["final_states"] = last.final_states;
  state.counters["executions_total"] = last.executions_total;
  state.counters["executions_reduced"] = last.executions_reduced;
  state.counters["states_total"] = last.states_total;
  state.counters["states_explored"] = last.states_explored;
  state.counters["state_equivalents_per_s"] =
      benchmark::Counter(last.states_total, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_explore_4x6_fetch_double(benchmark::State& s) {
  explore_grid(s, grid<double>(4, 6, access_kind::fetch_accumulate, basic_type::double_));
}
void BM_explore_4x6_int_sum(benchmark::State& s) {
  explore_grid(s, grid<int>(4, 6, access_kind::accumulate, basic_type::int_));
}
void BM_explore_3x4_fetch_double(benchmark::State& s) {
  explore_grid(s, grid<double>(3, 4, access_kind::fetch_accumulate, basic_type::double_));
}

BENCHMARK(BM_whole_window_3x4_fetch_double_full)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_whole_window_3x4_fetch_double_reduced)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_whole_window_3x4_int_sum_full)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_whole_window_3x5_fetch_double_full)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_split_window_3x5_fetch_double_full)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_explore_3x4_fetch_double)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_explore_4x6_fetch_double)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_explore_4x6_int_sum)->Unit(benchmark::kMillisecond);

// The native engine: every thread fetch-and-adds into one shared element of `type`.
template <class T>
void atomic_fetch_add(benchmark::State& state, basic_type type, T one) {
  alignas(32) static T shared{};
  T old{};
  for (auto _ : state)
    kernels::atomic::accumulate(type, op_id::sum, policy{}, reinterpret_cast<std::byte*>(&shared),
                                reinterpret_cast<const std::byte*>(&one), reinterpret_cast<std::byte*>(&old), 1);
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(std::string(kernels::atomic::to_string(kernels::atomic::method_for(type, op_id::sum, &shared))));
}
void BM_atomic_fetch_add_long(benchmark::State& s) { atomic_fetch_add<long>(s, basic_type::long_, 1); }
void BM_atomic_fetch_add_double(benchmark::State& s) { atomic_fetch_add<double>(s, basic_type::double_, 1.0); }
void BM_atomic_fetch_add_double_complex(benchmark::State& s) {
  atomic_fetch_add<complex_val<double>>(s, basic_type::c_double_complex, {1.0, 1.0});
}
BENCHMARK(BM_atomic_fetch_add_long)->Threads(1)->Threads(2);
BENCHMARK(BM_atomic_fetch_add_double)->Threads(1)->Threads(2);
BENCHMARK(BM_atomic_fetch_add_double_complex)->Threads(1)->Threads(2);

}  // namespace

BENCHMARK_MAIN();
