// SPDX-License-Identifier: BSD-3-Clause
// Op files: the full concrete law table of each example (the issue asks < 2 s each), and the
// interpreted kernel's throughput through its MPI_User_function.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "model/opfile/user_function.h"
#include "props/laws/opfile_check.h"

namespace {

using namespace redsem::opfile;

std::shared_ptr<const concrete_op> example(const std::string& file, const std::string& type) {
  const auto r = load_op_path(std::string(REDSEM_SOURCE_DIR) + "/examples/ops/" + file);
  if (!r.op) throw std::runtime_error(r.error.to_string());
  return std::make_shared<const concrete_op>(*r.op->instance(type), redsem::policy{});
}

void law_table(benchmark::State& state, const char* file, const char* type) {
  const auto op = example(file, type);
  for (auto _ : state) benchmark::DoNotOptimize(check_laws(*op));
}
BENCHMARK_CAPTURE(law_table, all_min_int32, "all_min.op", "int32")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(law_table, select_sum_identity_int32, "select_sum_identity.op", "int32")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(law_table, segscan_runs_int32, "segscan_runs.op", "int32")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(law_table, segscan_runs_double, "segscan_runs.op", "double")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(law_table, all_min_count_double, "all_min_count.op", "double")->Unit(benchmark::kMillisecond);

// Elements per second through the trampoline, as MPI would call it on a 4096-element buffer.
void user_function_minloc(benchmark::State& state) {
  const auto op = example("minloc.op", "int32");
  const user_function_binding fn(op);
  struct pair {
    int value, index;
  };
  std::vector<pair> in(4096), inout(4096);
  for (int i = 0; i < 4096; ++i) {
    in[static_cast<std::size_t>(i)] = {(i * 7919) % 101, i};
    inout[static_cast<std::size_t>(i)] = {(i * 104729) % 103, i + 1};
  }
  int len = 4096;
  for (auto _ : state) {
    fn.op().function(in.data(), inout.data(), &len, nullptr);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * len);
}
BENCHMARK(user_function_minloc);

}  // namespace

BENCHMARK_MAIN();
