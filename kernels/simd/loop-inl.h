// The one loop every SIMD kernel runs: whole vectors over the body, and the tail through the
// very same combine on a zero-padded vector, so body and tail cannot disagree.
// Per-target include guard, as Highway's foreach_target.h requires.
#if defined(REDSEM_KERNELS_SIMD_LOOP_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef REDSEM_KERNELS_SIMD_LOOP_INL_H_
#undef REDSEM_KERNELS_SIMD_LOOP_INL_H_
#else
#define REDSEM_KERNELS_SIMD_LOOP_INL_H_
#endif

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "hwy/highway.h"
#include "kernels/detail/simd_table.h"

HWY_BEFORE_NAMESPACE();
namespace redsem::kernels::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// out = combine(a, b) over `bytes` bytes, a whole number of elements; each element size
// divides the vector size. Operands are loaded before out is stored, so out may equal a or b.
template <class T, class Combine>
HWY_INLINE void binary_loop(const std::byte* a, const std::byte* b, std::byte* out, std::uint64_t bytes) {
  const hn::ScalableTag<T> d;
  const Combine combine;
  const std::size_t step = hn::Lanes(d) * sizeof(T);
  std::uint64_t i = 0;
  // Unaligned access through Highway's LoadU/StoreU (memcpy semantics on targets without them).
  for (; i + 2 * step <= bytes; i += 2 * step) {
    const auto r0 = combine(d, hn::LoadU(d, reinterpret_cast<const T*>(a + i)),
                            hn::LoadU(d, reinterpret_cast<const T*>(b + i)));
    const auto r1 = combine(d, hn::LoadU(d, reinterpret_cast<const T*>(a + i + step)),
                            hn::LoadU(d, reinterpret_cast<const T*>(b + i + step)));
    hn::StoreU(r0, d, reinterpret_cast<T*>(out + i));
    hn::StoreU(r1, d, reinterpret_cast<T*>(out + i + step));
  }
  for (; i + step <= bytes; i += step)
    hn::StoreU(combine(d, hn::LoadU(d, reinterpret_cast<const T*>(a + i)),
                       hn::LoadU(d, reinterpret_cast<const T*>(b + i))),
               d, reinterpret_cast<T*>(out + i));
  if (i == bytes) return;
  const std::size_t rest = static_cast<std::size_t>(bytes - i);
  alignas(64) T ta[HWY_MAX_BYTES / sizeof(T)] = {};
  alignas(64) T tb[HWY_MAX_BYTES / sizeof(T)] = {};
  alignas(64) T tr[HWY_MAX_BYTES / sizeof(T)];
  std::memcpy(ta, a + i, rest);
  std::memcpy(tb, b + i, rest);
  hn::Store(combine(d, hn::Load(d, ta), hn::Load(d, tb)), d, tr);
  std::memcpy(out + i, tr, rest);
}

// A kernel_fn for elements of ElementSize bytes processed as lanes of T.
template <class T, std::size_t ElementSize, class Combine>
kernel_status simd_kernel(const std::byte* a, const std::byte* b, std::byte* out, std::uint64_t count,
                          const policy& /*p: only called when the relevant choices are the defaults*/) noexcept {
  binary_loop<T, Combine>(a, b, out, count * ElementSize);
  return kernel_status::done;
}

template <class T, class Combine>
detail::simd_entry entry() {
  return {&simd_kernel<T, sizeof(T), Combine>, hwy::TargetName(HWY_TARGET)};
}

}  // namespace redsem::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif
