// SPDX-License-Identifier: BSD-3-Clause
// redsem's kernels on the shared cases (bench_cases.h), in both forms, plus the two
// references the targets are stated against: a plain `c[i] = a[i] + b[i]` loop over the same
// bytes, and a copy followed by the 2-operand form (what MPI_Reduce_locals saves).
// Throughput counts 2 reads + 1 write: bytes/s = 3·N·size per call, over CPU time: on a shared
// machine wall time mostly measures the other processes.
#include <benchmark/benchmark.h>

#include <cstring>
#include <set>
#include <vector>

#include "bench_cases.h"
#include "kernels/kernel.h"

namespace {

using redsem::kernels::kernel;

void count_bytes(benchmark::State& state, std::int64_t n, std::size_t size) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * 3 * n * static_cast<std::int64_t>(size));
}

void reduce_local(benchmark::State& state, kernel k, bench::bench_case c, std::int64_t n) {
  auto& o = bench::operands_for(c.type, n);
  for (auto _ : state) {
    k.reduce_local(o.a.data(), o.out.data(), static_cast<std::uint64_t>(n), redsem::policy{});
    benchmark::ClobberMemory();
  }
  count_bytes(state, n, bench::describe(c.type).size);
}

void reduce_locals(benchmark::State& state, kernel k, bench::bench_case c, std::int64_t n) {
  auto& o = bench::operands_for(c.type, n);
  for (auto _ : state) {
    k(o.a.data(), o.b.data(), o.out.data(), static_cast<std::uint64_t>(n), redsem::policy{});
    benchmark::ClobberMemory();
  }
  count_bytes(state, n, bench::describe(c.type).size);
}

// out = a ∘ b with the 2-operand form only: copy b to out, then out = a ∘ out.
void copy_reduce_local(benchmark::State& state, kernel k, bench::bench_case c, std::int64_t n) {
  auto& o = bench::operands_for(c.type, n);
  for (auto _ : state) {
    std::memcpy(o.out.data(), o.b.data(), o.out.size());
    k.reduce_local(o.a.data(), o.out.data(), static_cast<std::uint64_t>(n), redsem::policy{});
    benchmark::ClobberMemory();
  }
  count_bytes(state, n, bench::describe(c.type).size);
}

// The bandwidth reference over `bytes` bytes per operand.
void bandwidth(benchmark::State& state, std::size_t bytes) {
  const std::size_t n = bytes / sizeof(double);
  std::vector<double> a(n, 1.0), b(n, 2.0), c(n, 0.0);
  for (auto _ : state) {
    for (std::size_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * 3 * bytes));
}

}  // namespace

int main(int argc, char** argv) {
  std::set<std::size_t> reference_bytes;
  for (const auto& c : bench::cases) {
    const auto op = redsem::parse_op(c.op);
    const auto type = redsem::parse_basic_type(bench::describe(c.type).mpi_name);
    const auto k = redsem::kernels::find_kernel(*op, *type, redsem::policy{});
    for (const std::int64_t n : bench::sizes) {
      benchmark::RegisterBenchmark(bench::name("reduce_local", c, n).c_str(), reduce_local, *k, c, n);
      benchmark::RegisterBenchmark(bench::name("reduce_locals", c, n).c_str(), reduce_locals, *k, c, n);
      benchmark::RegisterBenchmark(bench::name("copy_reduce_local", c, n).c_str(), copy_reduce_local, *k, c, n);
      reference_bytes.insert(static_cast<std::size_t>(n) * bench::describe(c.type).size);
    }
  }
  for (const std::size_t bytes : reference_bytes)
    benchmark::RegisterBenchmark(("bandwidth/" + std::to_string(bytes)).c_str(), bandwidth, bytes);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
