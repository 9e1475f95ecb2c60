// SPDX-License-Identifier: BSD-3-Clause
// The full law table (every legal op × type pair, all five laws) under the default policy:
// cold (no proof cache: every verdict decided now) and warm (all from the cache).
// Issue 3's target: cold under 60 s on the shared 2-core machine, with no unknown verdict.
//   build/bench/bench/laws_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>

#include "props/laws/law_table.h"
#include "props/laws/proof_cache.h"

namespace {

using namespace redsem::laws;

std::size_t count_unknown(const std::vector<table_entry>& table) {
  std::size_t n = 0;
  for (const auto& e : table)
    for (const auto& r : e.results) n += r.outcome == verdict::unknown;
  return n;
}

void full_table_cold(benchmark::State& state) {
  std::size_t unknown = 0, pairs = 0;
  for (auto _ : state) {
    const auto table = law_table(table_request{});
    unknown = count_unknown(table);
    pairs = table.size();
  }
  state.counters["pairs"] = static_cast<double>(pairs);
  state.counters["unknown"] = static_cast<double>(unknown);
  if (unknown != 0) state.SkipWithError("unknown verdicts in the full table");
}
BENCHMARK(full_table_cold)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

// The cache is filled once per process (a cold run), not once per repetition, and removed at exit.
struct filled_cache {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("redsem-laws-bench-" + std::to_string(::getpid()));
  filled_cache() {
    proof_cache cache(dir);
    table_request r;
    r.cache = &cache;
    law_table(r);
  }
  ~filled_cache() { std::filesystem::remove_all(dir); }
};

const std::filesystem::path& filled_cache_dir() {
  static const filled_cache cache;
  return cache.dir;
}

void full_table_warm(benchmark::State& state) {
  proof_cache cache(filled_cache_dir());
  table_request r;
  r.cache = &cache;
  for (auto _ : state) benchmark::DoNotOptimize(law_table(r));
}
BENCHMARK(full_table_warm)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
