// SPDX-License-Identifier: BSD-3-Clause
// How fast the differential fuzzer compares a kernel with the model: element comparisons per
// second against a 2-operand integer kernel (MPI_SUM on int32 through the MPI_User_function
// ABI), for the comparison alone and for whole cases (generation included), in this process
// and in each MPI library's helper (`fuzz --kernel --mpi`, issue 19's target of 10 M/s).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <variant>

#include "props/fuzz/fuzz_run.h"
#include "props/fuzz/mpi_user_op.h"

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

// The campaign with the op in an MPI helper, as `fuzz --kernel LIB:sum_int32 --mpi LIBRARY`
// runs it: loaded after MPI_Init, called with the real MPI_INT handle, each case's buffers
// through the pipe and each call in a forked worker of the helper. Items are element
// comparisons over wall-clock time (the helper's CPU is not this process's), so
// items_per_second is the figure issue 19 asks for.
[[maybe_unused]] void campaign_in_mpi_helper(benchmark::State& state, const char* helper_path, const char* library) {
  mpi_helper helper(helper_path);
  const oracle o = predefined_oracle(op_id::sum, basic_type::int32);
  const mpi_user_op_spec spec{std::string(REDSEM_FUZZ_BENCH_OP) + ":sum_int32", false, true, basic_type::int32};
  const auto prepared = prepare_user_op(helper, spec);
  if (const auto* why = std::get_if<std::string>(&prepared)) {
    state.SkipWithError(why->c_str());
    return;
  }
  const differential d{o, mpi_user_op_kernel(helper, spec, o.type.extent(), library), policy{}};
  fuzz_options fo;
  fo.cases = 200;
  std::int64_t elements = 0;
  for (auto _ : state) {
    const fuzz_report r = run_fuzz(d, fo);
    if (r.first_failure) state.SkipWithError("the helper's op disagreed with the model");
    elements += r.elements_compared;
  }
  state.SetItemsProcessed(elements);
}
#ifdef REDSEM_MPI_HELPER_OPENMPI
BENCHMARK_CAPTURE(campaign_in_mpi_helper, openmpi, REDSEM_MPI_HELPER_OPENMPI, "openmpi")->Unit(benchmark::kMillisecond)->UseRealTime();
#endif
#ifdef REDSEM_MPI_HELPER_MPICH
BENCHMARK_CAPTURE(campaign_in_mpi_helper, mpich, REDSEM_MPI_HELPER_MPICH, "mpich")->Unit(benchmark::kMillisecond)->UseRealTime();
#endif

}  // namespace
