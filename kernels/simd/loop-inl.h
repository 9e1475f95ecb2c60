/* SPDX-License-Identifier: BSD-3-Clause */
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

#include "hwy/cache_control.h"
#include "hwy/highway.h"
#include "kernels/detail/simd_table.h"

HWY_BEFORE_NAMESPACE();
namespace redsem::kernels::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// out = combine(a, b) on `rest` bytes, fewer than one vector of D: through a zero-padded
// vector, so a tail meets the very same combine as the body.
template <class D, class Combine>
HWY_INLINE void partial(const std::byte* a, const std::byte* b, std::byte* out, std::size_t rest) {
  using T = hn::TFromD<D>;
  const D d;
  alignas(64) T ta[HWY_MAX_BYTES / sizeof(T)] = {};
  alignas(64) T tb[HWY_MAX_BYTES / sizeof(T)] = {};
  alignas(64) T tr[HWY_MAX_BYTES / sizeof(T)];
  std::memcpy(ta, a, rest);
  std::memcpy(tb, b, rest);
  hn::Store(Combine()(d, hn::Load(d, ta), hn::Load(d, tb)), d, tr);
  std::memcpy(out, tr, rest);
}

// Beyond this many bytes per operand a separate output is written with streaming stores:
// it would not stay in cache anyway, and streaming skips reading it first (write-allocate),
// so the 3-operand form moves 3 bytes per byte of result instead of 4.
inline constexpr std::uint64_t stream_threshold = std::uint64_t{4} << 20;

// A combine may also take two vectors at once, `pair(d, a0, b0, a1, b1)` leaving its results in
// a0 and a1, when it can share work between them (one branch for both); it must give what two
// single calls give.
template <class Combine, class D>
concept combines_pairs = requires(const Combine c, D d, hn::Vec<D> v) { c.pair(d, v, v, v, v); };

// out = combine(a, b) over `bytes` bytes, a whole number of ElementSize-byte elements, in
// vectors of D; each element size divides the vector size. Operands are loaded before out is
// stored, so out may equal a or b.
template <class D, std::size_t ElementSize, class Combine>
HWY_INLINE void binary_loop(const std::byte* a, const std::byte* b, std::byte* out, std::uint64_t bytes) {
  using T = hn::TFromD<D>;
  const D d;
  const Combine combine;
  const std::size_t step = hn::Lanes(d) * sizeof(T);
  std::uint64_t i = 0;
  const auto load = [&](const std::byte* p) { return hn::LoadU(d, reinterpret_cast<const T*>(p)); };
  const std::size_t head = (step - reinterpret_cast<std::uintptr_t>(out) % step) % step;
  if (bytes >= stream_threshold && out != a && out != b && head % ElementSize == 0) {
    // Whole elements up to a vector boundary of out, then aligned streaming stores.
    if (head != 0) partial<D, Combine>(a, b, out, head);
    for (i = head; i + step <= bytes; i += step)
      hn::Stream(combine(d, load(a + i), load(b + i)), d, reinterpret_cast<T*>(out + i));
    hwy::FlushStream();
  } else {
    // Unaligned access through Highway's LoadU/StoreU; two vectors per trip to overlap latencies.
    for (; i + 2 * step <= bytes; i += 2 * step) {
      auto r0 = load(a + i), r1 = load(a + i + step);
      if constexpr (combines_pairs<Combine, D>) {
        combine.pair(d, r0, load(b + i), r1, load(b + i + step));
      } else {
        r0 = combine(d, r0, load(b + i));
        r1 = combine(d, r1, load(b + i + step));
      }
      hn::StoreU(r0, d, reinterpret_cast<T*>(out + i));
      hn::StoreU(r1, d, reinterpret_cast<T*>(out + i + step));
    }
    for (; i + step <= bytes; i += step) hn::StoreU(combine(d, load(a + i), load(b + i)), d, reinterpret_cast<T*>(out + i));
  }
  if (i < bytes) partial<D, Combine>(a + i, b + i, out + i, static_cast<std::size_t>(bytes - i));
}

// A kernel_fn for elements of ElementSize bytes processed as lanes of T, in full vectors unless
// D says otherwise.
template <class T, std::size_t ElementSize, class Combine, class D = hn::ScalableTag<T>>
kernel_status simd_kernel(const std::byte* a, const std::byte* b, std::byte* out, std::uint64_t count,
                          const policy& /*p: only called when the relevant choices are the defaults*/) noexcept {
  binary_loop<D, ElementSize, Combine>(a, b, out, count * ElementSize);
  return kernel_status::done;
}

template <class T, class Combine>
detail::simd_entry entry() {
  return {&simd_kernel<T, sizeof(T), Combine>, hwy::TargetName(HWY_TARGET)};
}

// The entry of a combine that sees integers as bits (wrapping add and multiply, bitwise and
// logical ops): each integer width as its unsigned lanes, signed or not; with WithFloats, float
// and double lanes as themselves.
template <class Combine, bool WithFloats>
detail::simd_entry sign_blind_entry(detail::lane_type t) {
  using detail::lane_type;
  switch (t) {
    case lane_type::i8: case lane_type::u8: return entry<std::uint8_t, Combine>();
    case lane_type::i16: case lane_type::u16: return entry<std::uint16_t, Combine>();
    case lane_type::i32: case lane_type::u32: return entry<std::uint32_t, Combine>();
    case lane_type::i64: case lane_type::u64: return entry<std::uint64_t, Combine>();
    case lane_type::f32: if constexpr (WithFloats) return entry<float, Combine>(); else return {};
    case lane_type::f64: if constexpr (WithFloats) return entry<double, Combine>(); else return {};
    default: return {};
  }
}

}  // namespace redsem::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif
