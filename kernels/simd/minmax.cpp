// SPDX-License-Identifier: BSD-3-Clause
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

#if HWY_TARGET == HWY_AVX3
// The AVX-512 float forms, one per lane width, so extreme_lanes spells the algorithm once.
// vrange (AVX512DQ, Intel SDM VRANGEPD) with sign control "from the compare result" (imm8
// 0b01xx) is the numeric extreme with −0 < +0, per the SDM's table of opposite-signed zeros;
// with sign control "from src1" (0b00xx) −0 against +0 would follow a's sign, which the
// special-value tests catch. On a NaN operand it returns the other operand or a quieted NaN.
template <int Imm> HWY_INLINE __m512 range(__m512 a, __m512 b) { return _mm512_range_ps(a, b, Imm); }
template <int Imm> HWY_INLINE __m512d range(__m512d a, __m512d b) { return _mm512_range_pd(a, b, Imm); }
// vfixupimm with table 0x11: the source operand for the QNaN and SNaN classes, bits intact;
// the destination for the other six classes.
HWY_INLINE __m512 nan_takes_source(__m512 x, __m512 source) {
  return _mm512_fixupimm_ps(x, source, _mm512_set1_epi32(0x11), 0);
}
HWY_INLINE __m512d nan_takes_source(__m512d x, __m512d source) {
  return _mm512_fixupimm_pd(x, source, _mm512_set1_epi64(0x11), 0);
}
HWY_INLINE bool any_unordered(__m512 a, __m512 b) { return _mm512_cmp_ps_mask(a, b, _CMP_UNORD_Q) != 0; }
HWY_INLINE bool any_unordered(__m512d a, __m512d b) { return _mm512_cmp_pd_mask(a, b, _CMP_UNORD_Q) != 0; }
// Either pair holding a NaN, with one kortest of both masks: one test and branch for two vectors.
HWY_INLINE bool any_unordered(__m512 a0, __m512 b0, __m512 a1, __m512 b1) {
  return !_kortestz_mask16_u8(_mm512_cmp_ps_mask(a0, b0, _CMP_UNORD_Q), _mm512_cmp_ps_mask(a1, b1, _CMP_UNORD_Q));
}
HWY_INLINE bool any_unordered(__m512d a0, __m512d b0, __m512d a1, __m512d b1) {
  return !_kortestz_mask8_u8(_mm512_cmp_pd_mask(a0, b0, _CMP_UNORD_Q), _mm512_cmp_pd_mask(a1, b1, _CMP_UNORD_Q));
}
#endif

template <bool Greater>
struct extreme_lanes {
#if HWY_TARGET == HWY_AVX3
  // The vrange extreme of a and b (right unless a lane is unordered), and the same with a NaN b,
  // then a NaN a, put back: the 512-bit float form in two steps, for one call or a pair.
  template <class R>
  static HWY_INLINE R extreme_of_ordered(R a, R b) { return range<Greater ? 0b0101 : 0b0100>(a, b); }
  template <class R>
  static HWY_INLINE R with_nans(R x, R a, R b) { return nan_takes_source(nan_takes_source(x, b), a); }

  // Two vectors of the 512-bit float form with one NaN test for both: in cache the per-vector
  // test and branch were a large share of the instructions of a call (docs/benchmarks.md).
  // The fixups leave ordered lanes as they are, so fixing both vectors when only one holds a
  // NaN gives what two single calls give.
  template <class D, class V>
  HWY_INLINE void pair(D d, V& a0, V b0, V& a1, V b1) const {
    if constexpr (std::is_floating_point_v<hn::TFromD<D>> && hn::MaxLanes(d) * sizeof(hn::TFromD<D>) == 64) {
      auto x0 = extreme_of_ordered(a0.raw, b0.raw);
      auto x1 = extreme_of_ordered(a1.raw, b1.raw);
      if (HWY_UNLIKELY(any_unordered(a0.raw, b0.raw, a1.raw, b1.raw))) {
        x0 = with_nans(x0, a0.raw, b0.raw);
        x1 = with_nans(x1, a1.raw, b1.raw);
      }
      a0 = V{x0};
      a1 = V{x1};
    } else {
      a0 = (*this)(d, a0, b0);
      a1 = (*this)(d, a1, b1);
    }
  }
#endif

  template <class D, class V>
  HWY_INLINE V operator()(D d, V a, V b) const {
    if constexpr (!std::is_floating_point_v<hn::TFromD<D>>) {
      if constexpr (Greater) return hn::Max(a, b);
      else return hn::Min(a, b);
#if HWY_TARGET == HWY_AVX3
    } else if constexpr (hn::MaxLanes(d) * sizeof(hn::TFromD<D>) == 64) {
      // The general form below takes three compares into mask registers and three selects; this
      // takes one vrange, and on a vector holding a NaN two vfixupimm that put back a NaN b, then
      // a NaN a. The fixups leave every other lane as it is, so skipping them when no lane is
      // unordered changes no result: it only saves their cost, which on Intel (512-bit ops on
      // two ports) is a large share of a call in cache (docs/benchmarks.md).
      auto x = extreme_of_ordered(a.raw, b.raw);
      if (HWY_UNLIKELY(any_unordered(a.raw, b.raw))) x = with_nans(x, a.raw, b.raw);
      return V{x};
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
