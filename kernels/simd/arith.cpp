// SPDX-License-Identifier: BSD-3-Clause
// SUM and PROD. Integers compute on unsigned lanes, where wrap-around is the definition
// (the model's signed arithmetic wraps through unsigned types too); floats round each
// operation on its own, as the model does (no FMA contraction: the build has -ffp-contract=off,
// and Highway's Mul, Add and Sub are one instruction each). Float and double complex are
// {re, im} pairs of lanes: SUM adds lane by lane, PROD is the model's textbook formula.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/arith.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "kernels/simd/loop-inl.h"

HWY_BEFORE_NAMESPACE();
namespace redsem::kernels::HWY_NAMESPACE {
#if HWY_TARGET != HWY_SCALAR
namespace {

struct add_lanes {
  template <class D, class V>
  HWY_INLINE V operator()(D /*d*/, V a, V b) const { return hn::Add(a, b); }
};

// The low bits of the product, for every lane width x86 has no direct multiply for.
struct mul_lanes {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a, V b) const {
    using T = hn::TFromD<D>;
    if constexpr (std::is_floating_point_v<T> || sizeof(T) == 2 || sizeof(T) == 4) {
      return hn::Mul(a, b);
    } else if constexpr (sizeof(T) == 1) {
      // Each 16-bit lane holds two bytes: the low byte of lo*lo is the even byte's product,
      // (hi*hi) << 8 the odd one's.
      const hn::Repartition<std::uint16_t, D> d16;
      const auto a16 = hn::BitCast(d16, a), b16 = hn::BitCast(d16, b);
      const auto even = hn::And(hn::Mul(a16, b16), hn::Set(d16, std::uint16_t{0x00FF}));
      const auto odd = hn::ShiftLeft<8>(hn::Mul(hn::ShiftRight<8>(a16), hn::ShiftRight<8>(b16)));
      return hn::BitCast(d, hn::Or(even, odd));
    } else if constexpr (HWY_TARGET <= HWY_AVX3) {
      return hn::Mul(a, b);  // AVX-512DQ has the 64-bit low product (vpmullq)
    } else {
      // (ah·2^32 + al)(bh·2^32 + bl) mod 2^64 = al·bl + ((ah·bl + al·bh) << 32).
      const hn::Repartition<std::uint32_t, D> d32;
      const auto low = hn::MulEven(hn::BitCast(d32, a), hn::BitCast(d32, b));
      const auto cross = hn::Add(hn::MulEven(hn::BitCast(d32, hn::ShiftRight<32>(a)), hn::BitCast(d32, b)),
                                 hn::MulEven(hn::BitCast(d32, a), hn::BitCast(d32, hn::ShiftRight<32>(b))));
      return hn::Add(low, hn::ShiftLeft<32>(cross));
    }
  }
};

// (ar + i·ai)(br + i·bi) = (ar·br − ai·bi) + i·(ar·bi + ai·br), ops::prod on complex_val: the
// four products, then the even (real) lane's difference and the odd (imaginary) lane's sum.
struct complex_mul_lanes {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a, V b) const {
    const V p = hn::Mul(hn::DupEven(a), b);                  // ar·br, ar·bi
    const V q = hn::Mul(hn::DupOdd(a), hn::Reverse2(d, b));  // ai·bi, ai·br
    return hn::OddEven(hn::Add(p, q), hn::Sub(p, q));
  }
};

// A complex element is two lanes of T.
template <class T, class Combine>
detail::simd_entry complex_entry() {
  return {&simd_kernel<T, 2 * sizeof(T), Combine>, hwy::TargetName(HWY_TARGET)};
}

#if HWY_TARGET == HWY_AVX3
// Byte products on AVX-512, as Open MPI's kernel does them: 32 bytes widened to 16-bit lanes
// (vpmovzxbw), one vpmullw, the low bytes kept (vpmovwb). The two-bytes-per-lane mul_lanes on
// 512-bit vectors kept up in cache but reached about half of Open MPI's speed past the caches
// (docs/benchmarks.md).
struct widened_byte_mul {
  template <class D, class V>
  HWY_INLINE V operator()(D /*d: 32 bytes*/, V a, V b) const {
    const hn::Rebind<std::uint16_t, D> d16;
    const auto product = hn::Mul(hn::PromoteTo(d16, a), hn::PromoteTo(d16, b));
    return V{_mm512_cvtepi16_epi8(product.raw)};  // Highway 1.0's TruncateTo takes two shuffles
  }
};
#endif

}  // namespace
#endif

detail::simd_entry find_arith(op_id op, detail::lane_type t) {
#if HWY_TARGET == HWY_SCALAR
  (void)op, (void)t;
  return {};  // one lane is no vector: the model's scalar loop is the fallback
#else
  using detail::lane_type;
  if (t == lane_type::c32 && op == op_id::sum) return complex_entry<float, add_lanes>();
  if (t == lane_type::c64 && op == op_id::sum) return complex_entry<double, add_lanes>();
  if (t == lane_type::c32 && op == op_id::prod) return complex_entry<float, complex_mul_lanes>();
  if (t == lane_type::c64 && op == op_id::prod) return complex_entry<double, complex_mul_lanes>();
#if HWY_TARGET == HWY_AVX3
  if (op == op_id::prod && (t == lane_type::i8 || t == lane_type::u8))
    return {&simd_kernel<std::uint8_t, 1, widened_byte_mul, hn::CappedTag<std::uint8_t, 32>>, hwy::TargetName(HWY_TARGET)};
#endif
  if (op == op_id::sum) return sign_blind_entry<add_lanes, true>(t);
  if (op == op_id::prod) return sign_blind_entry<mul_lanes, true>(t);
  return {};
#endif
}

}  // namespace redsem::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "kernels/detail/simd_entry_points.h"
REDSEM_SIMD_ENTRY_POINTS(arith)
#endif
