// How fast the differential fuzzer compares a kernel with the model: element comparisons per
// second against a 2-operand integer kernel (MPI_SUM on int32 through the MPI_User_function
// ABI), for the comparison alone and for whole cases (generation included).
#include <benchmark/benchmark.h>

#include <cstdint>

#include "props/fuzz/fuzz_run.h"

namespace {

using namespace redsem;
using namespace redsem::fuzz;

void sum_int32(void* in, void* inout, int* len, void*) {
  const auto* a = static_cast<const std::uint32_t*>(in);
  auto* b = static_cast<std::uint32_t*>(inout);
  for (int i = 0; i < *len; ++i) b[i] += a[i];
}

differential int32_sum() {
  const auto o = predefined_oracle(op_id::sum, basic_type::int32);
  return {o, user_function_kernel("sum_int32", &sum_int32, o.type), policy{}};
}

// One case of `length` elements checked again and again: kernel run, model, comparison.
void check_one_case(benchmark::State& state) {
  const differential d = int32_sum();
  generation_limits limits;
  limits.max_length = state.range(0);
  fuzz_case c;
  for (std::uint64_t seed = 1; c.count != state.range(0); ++seed) c = generate_case(d.oracle_used().type, limits, seed);
  c.chunks = {c.count};
  for (auto _ : state) {
    const case_result r = d.check(c);
    benchmark::DoNotOptimize(r.differing.data());
  }
  state.SetItemsProcessed(state.iterations() * c.count);
}
BENCHMARK(check_one_case)->Arg(1024)->Arg(3000);

// A whole campaign as `redsem fuzz` runs it: generation, misalignment, chunking, comparison.
void campaign(benchmark::State& state) {
  const differential d = int32_sum();
  fuzz_options o;
  o.cases = 200;
  std::int64_t elements = 0;
  for (auto _ : state) {
    const fuzz_report r = run_fuzz(d, o);
    elements += r.elements_compared;
    benchmark::DoNotOptimize(r.cases_run);
  }
  state.SetItemsProcessed(elements);
}
BENCHMARK(campaign)->Unit(benchmark::kMillisecond);

}  // namespace
