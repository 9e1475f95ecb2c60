// MIN and MAX. Integers: the numeric extreme. Floats: the model's default policy exactly
// (ops::extreme with nan_rule::propagate and zero_rule::ordered): a NaN operand wins, the left
// one first; −0 < +0; otherwise the numeric extreme. Fewer selects than ops::extreme spells
// out, the same result on every input: the tests compare them on every special value.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/minmax.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "kernels/simd/loop-inl.h"

HWY_BEFORE_NAMESPACE();
namespace redsem::kernels::HWY_NAMESPACE {
#if HWY_TARGET != HWY_SCALAR
namespace {

template <bool Greater>
struct extreme_lanes {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a, V b) const {
    if constexpr (!std::is_floating_point_v<hn::TFromD<D>>) {
      if constexpr (Greater) return hn::Max(a, b);
      else return hn::Min(a, b);
#if HWY_TARGET == HWY_AVX3
    } else if constexpr (hn::MaxLanes(d) * sizeof(hn::TFromD<D>) == 64) {
      // The general form's result without a compare: its three compares into mask registers held
      // it to ~300 GB/s in cache here, this reaches ~400. vmaxp/vminp (Intel SDM) return their
      // second operand when both are zeros or either is a NaN, so the two orders agree on unequal
      // numbers, and the AND (MAX) or OR (MIN) of the two is the tie rule of the general form.
      // Then vfixupimm puts back a NaN b, then a NaN a, bits intact: table 0x11 takes the source
      // operand for the QNaN and SNaN classes and keeps the destination for the other six.
      if constexpr (sizeof(hn::TFromD<D>) == 4) {
        const __m512 ab = Greater ? _mm512_max_ps(a.raw, b.raw) : _mm512_min_ps(a.raw, b.raw);
        const __m512 ba = Greater ? _mm512_max_ps(b.raw, a.raw) : _mm512_min_ps(b.raw, a.raw);
        const __m512 x = Greater ? _mm512_and_ps(ab, ba) : _mm512_or_ps(ab, ba);
        const __m512i nan_takes_source = _mm512_set1_epi32(0x11);
        return V{_mm512_fixupimm_ps(_mm512_fixupimm_ps(x, b.raw, nan_takes_source, 0), a.raw, nan_takes_source, 0)};
      } else {
        const __m512d ab = Greater ? _mm512_max_pd(a.raw, b.raw) : _mm512_min_pd(a.raw, b.raw);
        const __m512d ba = Greater ? _mm512_max_pd(b.raw, a.raw) : _mm512_min_pd(b.raw, a.raw);
        const __m512d x = Greater ? _mm512_and_pd(ab, ba) : _mm512_or_pd(ab, ba);
        const __m512i nan_takes_source = _mm512_set1_epi64(0x11);
        return V{_mm512_fixupimm_pd(_mm512_fixupimm_pd(x, b.raw, nan_takes_source, 0), a.raw, nan_takes_source, 0)};
      }
#endif
    } else {
      // `a > b ? a : b` (MAX) or `a < b ? a : b` (MIN): right for unequal numbers and for a NaN b.
      const V c_ternary = Greater ? hn::IfThenElse(hn::Lt(b, a), a, b) : hn::IfThenElse(hn::Lt(a, b), a, b);
      // Numerically equal: identical bits, or −0 against +0, where MAX takes +0 (the sign bit
      // both lack: AND) and MIN −0 (the sign bit either has: OR). Identical bits stay as they are.
      const V tie = Greater ? hn::And(a, b) : hn::Or(a, b);
      const V ordered = hn::IfThenElse(hn::Eq(a, b), tie, c_ternary);
      // A NaN a wins over anything, b included; a NaN b already won in c_ternary.
      return hn::IfThenElse(hn::IsNaN(a), a, ordered);
    }
  }
};

template <class Combine>
detail::simd_entry for_lane(detail::lane_type t) {
  using detail::lane_type;
  switch (t) {
    case lane_type::i8: return entry<std::int8_t, Combine>();
    case lane_type::u8: return entry<std::uint8_t, Combine>();
    case lane_type::i16: return entry<std::int16_t, Combine>();
    case lane_type::u16: return entry<std::uint16_t, Combine>();
    case lane_type::i32: return entry<std::int32_t, Combine>();
    case lane_type::u32: return entry<std::uint32_t, Combine>();
    case lane_type::i64: return entry<std::int64_t, Combine>();
    case lane_type::u64: return entry<std::uint64_t, Combine>();
    case lane_type::f32: return entry<float, Combine>();
    case lane_type::f64: return entry<double, Combine>();
    default: return {};
  }
}

}  // namespace
#endif

detail::simd_entry find_minmax(op_id op, detail::lane_type t) {
#if HWY_TARGET == HWY_SCALAR
  (void)op, (void)t;
  return {};  // one lane is no vector: the model's scalar loop is the fallback
#else
  if (op == op_id::max) return for_lane<extreme_lanes<true>>(t);
  if (op == op_id::min) return for_lane<extreme_lanes<false>>(t);
  return {};
#endif
}

}  // namespace redsem::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "kernels/detail/simd_entry_points.h"
REDSEM_SIMD_ENTRY_POINTS(minmax)
#endif
