/* SPDX-License-Identifier: BSD-3-Clause */
// The cases every reduction benchmark runs (redsem's kernels and each MPI library's
// MPI_Reduce_local), so that their results line up by name. Plain C++17: the MPI benchmarks
// are built by the MPI compiler wrappers, outside redsem's build.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>

namespace bench {

enum class element { int8, int32, int64, float_, double_, double_complex, double_int, two_int };

struct element_info {
  const char* mpi_name;  // as redsem parses it and as the MPI benchmarks map it
  std::size_t size;
};

inline element_info describe(element e) {
  switch (e) {
    case element::int8: return {"MPI_INT8_T", 1};
    case element::int32: return {"MPI_INT32_T", 4};
    case element::int64: return {"MPI_INT64_T", 8};
    case element::float_: return {"MPI_FLOAT", 4};
    case element::double_: return {"MPI_DOUBLE", 8};
    case element::double_complex: return {"MPI_C_DOUBLE_COMPLEX", 16};
    case element::double_int: return {"MPI_DOUBLE_INT", 16};
    case element::two_int: return {"MPI_2INT", 8};
  }
  return {"?", 0};
}

struct bench_case {
  const char* op;  // MPI name
  element type;
};

// Each op family on each type it applies to.
inline constexpr bench_case cases[] = {
    {"MPI_SUM", element::int8},    {"MPI_PROD", element::int8},   {"MPI_MAX", element::int8},
    {"MPI_MIN", element::int8},    {"MPI_BAND", element::int8},   {"MPI_LAND", element::int8},
    {"MPI_SUM", element::int32},   {"MPI_PROD", element::int32},  {"MPI_MAX", element::int32},
    {"MPI_MIN", element::int32},   {"MPI_BAND", element::int32},  {"MPI_LAND", element::int32},
    {"MPI_SUM", element::int64},   {"MPI_PROD", element::int64},  {"MPI_MAX", element::int64},
    {"MPI_MIN", element::int64},   {"MPI_BAND", element::int64},  {"MPI_LAND", element::int64},
    {"MPI_SUM", element::float_},  {"MPI_PROD", element::float_}, {"MPI_MAX", element::float_},
    {"MPI_MIN", element::float_},  {"MPI_SUM", element::double_}, {"MPI_PROD", element::double_},
    {"MPI_MAX", element::double_}, {"MPI_MIN", element::double_}, {"MPI_SUM", element::double_complex},
    {"MPI_PROD", element::double_complex}, {"MPI_MAXLOC", element::double_int},
    {"MPI_MINLOC", element::double_int},   {"MPI_MAXLOC", element::two_int},
    {"MPI_MINLOC", element::two_int},
};

inline constexpr std::int64_t sizes[] = {1 << 10, 1 << 15, 1 << 20, 1 << 24};

// "<form>/<op>/<type>/<N>": the name every program reports a case under.
inline std::string name(const char* form, const bench_case& c, std::int64_t n) {
  return std::string(form) + "/" + c.op + "/" + describe(c.type).mpi_name + "/" + std::to_string(n);
}

// Operands with small values, so that indices tie sometimes. With `unit`, floating values have
// magnitude 1 (±1; ±1 or ±i for complex): the `in` operand of the 2-operand form, which every
// repetition applies to `io` again. With magnitudes near 1 (0.995..1.005) PROD drove io through
// the subnormals on its way to 0 or inf, and Intel CPUs take a microcode assist on each
// subnormal, so the figures depended on how many repetitions each program had run
// (docs/benchmarks.md).
inline void fill(void* p, element e, std::int64_t n, int seed, bool unit = false) {
  auto* bytes = static_cast<unsigned char*>(p);
  const std::size_t size = describe(e).size;
  for (std::int64_t k = 0; k < n; ++k) {
    const int v = static_cast<int>((k * 7 + seed * 13) % 11) - 5;
    const double real = unit ? (v < 0 ? -1.0 : 1.0) : 1.0 + 0.001 * v;
    unsigned char* at = bytes + static_cast<std::size_t>(k) * size;
    switch (e) {
      case element::int8: { const auto x = static_cast<std::int8_t>(v); std::memcpy(at, &x, 1); break; }
      case element::int32: case element::two_int: {
        const auto x = static_cast<std::int32_t>(v); std::memcpy(at, &x, 4);
        if (e == element::two_int) { const auto i = static_cast<std::int32_t>(k % 3); std::memcpy(at + 4, &i, 4); }
        break;
      }
      case element::int64: { const auto x = static_cast<std::int64_t>(v); std::memcpy(at, &x, 8); break; }
      case element::float_: { const auto x = static_cast<float>(real); std::memcpy(at, &x, 4); break; }
      case element::double_: std::memcpy(at, &real, 8); break;
      case element::double_int: {
        std::memcpy(at, &real, 8);
        const auto i = static_cast<std::int32_t>(k % 3);
        std::memcpy(at + 8, &i, 4);
        break;
      }
      case element::double_complex: {
        // re = im; with `unit`, ±1 or ±i (products of unit complex numbers are exact in the
        // model's formula, so io keeps its magnitude).
        const double re = unit && k % 2 ? 0.0 : real, im = unit && k % 2 == 0 ? 0.0 : real;
        std::memcpy(at, &re, 8), std::memcpy(at + 8, &im, 8);
        break;
      }
    }
  }
}

// One operand, `offset` bytes past a 4 KiB boundary.
class buffer {
 public:
  buffer() = default;
  buffer(std::size_t bytes, std::size_t offset)
      : memory_(static_cast<unsigned char*>(std::aligned_alloc(4096, (bytes + offset + 4095) / 4096 * 4096))), size_(bytes),
        offset_(offset) {
    if (!memory_) throw std::bad_alloc();
  }
  unsigned char* data() { return memory_.get() + offset_; }
  std::size_t size() const { return size_; }

 private:
  struct release {
    void operator()(unsigned char* p) const { std::free(p); }
  };
  std::unique_ptr<unsigned char, release> memory_;
  std::size_t size_ = 0, offset_ = 0;
};

// The operands of one (type, N), filled once and reused by every form and repetition of it
// (filling 16M elements per repetition would dominate the run). One set lives at a time.
// They sit at the same distinct offsets from 4 KiB boundaries in every program: where malloc
// happened to put them decided, at 1K elements, whether a load and an earlier store share
// their low 12 address bits (4K aliasing, a false dependency), so a library's figure depended
// on which cases had run before it (docs/benchmarks.md).
struct operands {
  buffer a, b, out;
};
inline operands& operands_for(element e, std::int64_t n) {
  static operands current;
  static element current_type{};
  static std::int64_t current_n = -1;
  if (current_type != e || current_n != n) {
    const std::size_t bytes = static_cast<std::size_t>(n) * describe(e).size;
    current = operands{};
    current.a = buffer(bytes, 0), current.b = buffer(bytes, 1088), current.out = buffer(bytes, 2240);
    fill(current.a.data(), e, n, 1, /*unit=*/true), fill(current.b.data(), e, n, 2), fill(current.out.data(), e, n, 3);
    current_type = e, current_n = n;
  }
  return current;
}

}  // namespace bench
