// SPDX-License-Identifier: BSD-3-Clause
// An MPI library's MPI_Reduce_local on the shared cases (bench_cases.h): the 2-operand form,
// and a copy followed by it (MPI has no 3-operand form). Built once per MPI library with its
// own compiler wrapper; run as a single process (MPI singleton initialisation).
#include <benchmark/benchmark.h>
#include <mpi.h>

#include <cstring>
#include <vector>

#include "bench_cases.h"

namespace {

MPI_Datatype mpi_type(bench::element e) {
  switch (e) {
    case bench::element::int8: return MPI_INT8_T;
    case bench::element::int32: return MPI_INT32_T;
    case bench::element::int64: return MPI_INT64_T;
    case bench::element::float_: return MPI_FLOAT;
    case bench::element::double_: return MPI_DOUBLE;
    case bench::element::double_complex: return MPI_C_DOUBLE_COMPLEX;
    case bench::element::double_int: return MPI_DOUBLE_INT;
    case bench::element::two_int: return MPI_2INT;
  }
  return MPI_DATATYPE_NULL;
}

MPI_Op mpi_op(const std::string& name) {
  if (name == "MPI_SUM") return MPI_SUM;
  if (name == "MPI_PROD") return MPI_PROD;
  if (name == "MPI_MAX") return MPI_MAX;
  if (name == "MPI_MIN") return MPI_MIN;
  if (name == "MPI_BAND") return MPI_BAND;
  if (name == "MPI_LAND") return MPI_LAND;
  if (name == "MPI_MAXLOC") return MPI_MAXLOC;
  if (name == "MPI_MINLOC") return MPI_MINLOC;
  return MPI_OP_NULL;
}

void run(benchmark::State& state, bench::bench_case c, std::int64_t n, bool copy_first) {
  const std::size_t bytes = static_cast<std::size_t>(n) * bench::describe(c.type).size;
  auto& [a, b, out] = bench::operands_for(c.type, n);
  const MPI_Datatype type = mpi_type(c.type);
  const MPI_Op op = mpi_op(c.op);
  for (auto _ : state) {
    if (copy_first) std::memcpy(out.data(), b.data(), bytes);
    MPI_Reduce_local(a.data(), out.data(), static_cast<int>(n), type, op);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * 3 * bytes));
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  for (const auto& c : bench::cases)
    for (const std::int64_t n : bench::sizes) {
      benchmark::RegisterBenchmark(bench::name("reduce_local", c, n).c_str(), run, c, n, false);
      benchmark::RegisterBenchmark(bench::name("copy_reduce_local", c, n).c_str(), run, c, n, true);
    }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  MPI_Finalize();
}
