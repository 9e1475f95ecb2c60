/* SPDX-License-Identifier: BSD-3-Clause */
// Native reduction kernels: out[k] = a[k] ∘ b[k] for a predefined op on a contiguous array of a
// predefined type, with the semantics of the model (the same op templates, the same policy).
//
// The 2-operand form of MPI_Reduce_local, io = in ∘ io, is the call with out == b; the 3-operand
// form of MPI_Reduce_locals, out = a ∘ b, may also have out == a or out == a == b (MPI_IN_PLACE
// rows). Any other overlap of out with an operand is outside the contract (the model's aliasing
// rules make it erroneous; redsem/reduce.h checks them).
//
// Kernels are noexcept, take unaligned pointers, any count (0 and beyond 2^31 included), and
// never invoke undefined behaviour. They may write the padding bytes inside out's elements
// (MPI_DOUBLE_INT's last four bytes); results are compared on value bytes, as the model does.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "model/op.h"
#include "model/policy.h"

namespace redsem::kernels {

enum class kernel_status : std::uint8_t {
  done,
  signed_overflow,  // policy overflow=erroneous and a signed SUM/PROD overflowed: nothing was written
};

// The two MPI call shapes, for callers that want to name them.
enum class form : std::uint8_t {
  two_operand,    // io[k] = in[k] ∘ io[k]        (MPI_Reduce_local)
  three_operand,  // out[k] = a[k] ∘ b[k]          (MPI_Reduce_locals)
};

// The raw entry point every kernel has: `count` elements of the kernel's element layout.
using kernel_fn = kernel_status (*)(const std::byte* a, const std::byte* b, std::byte* out, std::uint64_t count,
                                    const policy& p) noexcept;

// A kernel chosen for one (op, type, policy) on this CPU.
class kernel {
 public:
  kernel(kernel_fn fn, std::string_view path) : kernel(fn, path, fn, path, UINT64_MAX) {}
  // One that hands calls of `large_from` elements or more to `large_fn` (find_kernel: AVX3 → AVX2
  // past the caches).
  kernel(kernel_fn fn, std::string_view path, kernel_fn large_fn, std::string_view large_path,
         std::uint64_t large_from)
      : fn_(fn), large_fn_(large_fn), large_from_(large_from), path_(path), large_path_(large_path) {}

  // out[k] = a[k] ∘ b[k] for k < count.
  kernel_status operator()(const void* a, const void* b, void* out, std::uint64_t count,
                           const policy& p) const noexcept {
    return (count < large_from_ ? fn_ : large_fn_)(static_cast<const std::byte*>(a), static_cast<const std::byte*>(b),
                                                   static_cast<std::byte*>(out), count, p);
  }
  // io[k] = in[k] ∘ io[k].
  kernel_status reduce_local(const void* in, void* io, std::uint64_t count, const policy& p) const noexcept {
    return (*this)(in, io, io, count, p);
  }
  // "scalar" for the model's own loop, else the SIMD target's name ("AVX2", "AVX3", "SSE4", "EMU128"):
  // the path of calls below large_from() elements, and of a call of `count` elements.
  std::string_view path() const { return path_; }
  std::string_view path(std::uint64_t count) const { return count < large_from_ ? path_ : large_path_; }
  std::uint64_t large_from() const { return large_from_; }  // UINT64_MAX: one path for every count
  bool is_simd() const { return path_ != "scalar"; }

 private:
  kernel_fn fn_;
  kernel_fn large_fn_;
  std::uint64_t large_from_;
  std::string_view path_;
  std::string_view large_path_;
};

// What an AVX3 kernel does with calls of avx2_handover_bytes or more per operand: keep them,
// or hand them to its AVX2 twin. Which is faster past the caches depends on the CPU (kernel.cpp).
enum class large_calls : std::uint8_t { stay_on_avx3, hand_to_avx2 };
inline constexpr std::uint64_t avx2_handover_bytes = std::uint64_t{16} << 20;
// The choice made for this CPU: hand_to_avx2 on AMD, stay_on_avx3 elsewhere.
large_calls large_calls_on_this_cpu();

// The kernel for `op` on `type` under `p`, on the best SIMD target this CPU supports when
// one exists for the pair and p's relevant choices are the defaults, else the scalar path.
// `large` applies to AVX3 kernels only (tests pass it to reach the handover on any CPU).
// nullopt when the op does not allow the type (op_allows); MPI_REPLACE and MPI_NO_OP are included
// for accumulates. Look up once, call many times: the lookup does the dispatch.
std::optional<kernel> find_kernel(op_id op, basic_type type, const policy& p,
                                  large_calls large = large_calls_on_this_cpu());

// The model's scalar loop for the pair (the reference the SIMD paths are tested against).
std::optional<kernel> find_scalar_kernel(op_id op, basic_type type);

// Whether p makes the same choices as the default policy wherever op on type can tell them apart.
bool uses_default_semantics(op_id op, basic_type type, const policy& p);

// The Highway targets the SIMD kernels were compiled for that this CPU supports, best first
// (HWY_SCALAR last: under it every kernel is the scalar path).
std::vector<std::int64_t> dispatch_targets();
std::string_view target_name(std::int64_t target);
// Restricts dispatch to `target` (one of dispatch_targets()) for later lookups; 0 restores the
// CPU's own choice. For tests and benchmarks: it is process-wide, like Highway's own switch.
void force_target(std::int64_t target);

}  // namespace redsem::kernels
