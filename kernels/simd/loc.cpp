// SPDX-License-Identifier: BSD-3-Clause
// MINLOC and MAXLOC on the interleaved pair types, value and index in adjacent lanes:
//   32-bit lanes: {float,int}, {float,float} (MPI_2REAL), {short,pad,int} (the value
//     sign-extended from its lane's low half for the comparisons);
//   {int,int} (MPI_2INT, MPI_2INTEGER): one 64-bit key per pair (int_pair_lanes);
//   64-bit lanes: {double,int,pad}, {long,int,pad}, {double,double} (MPI_2DOUBLE_PRECISION).
// The same selects as ops::extreme_loc under the default policy (loc_nan_rule::extreme,
// zero_rule::ordered): the value lane decides, and its decision is copied to the index lane
// beside it; tied values take ops::min_index of the indices.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/loc.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "kernels/simd/loop-inl.h"

HWY_BEFORE_NAMESPACE();
namespace redsem::kernels::HWY_NAMESPACE {
#if HWY_TARGET != HWY_SCALAR
namespace {

// How the value lane is compared: as it is, or (MPI_SHORT_INT) its low 16 bits sign-extended,
// since the upper half of the lane is padding.
struct whole_value {
  template <class D, class V>
  HWY_INLINE V operator()(D /*d*/, V x) const { return x; }
};
struct short_value {
  template <class D, class V>
  HWY_INLINE V operator()(D /*d*/, V x) const { return hn::ShiftRight<16>(hn::ShiftLeft<16>(x)); }
};

// ops::min_index: a signed 32-bit min for an int index, whose lane holding the index is the one
// that counts (the padding beside a 64-bit value's index gets some operand's padding); for a
// float index (MPI_2REAL, MPI_2DOUBLE_PRECISION) `b < a ? b : a`, so with a NaN index, or −0
// against +0, a's index stays, as with the model's floating min.
struct int_index {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a, V b) const {
    const hn::Repartition<std::int32_t, D> d32;
    return hn::BitCast(d, hn::Min(hn::BitCast(d32, a), hn::BitCast(d32, b)));
  }
};
struct float_index {
  template <class D, class V>
  HWY_INLINE V operator()(D /*d*/, V a, V b) const { return hn::IfThenElse(hn::Lt(b, a), b, a); }
};

template <bool Greater, class Value, class Index>
struct loc_lanes {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a, V b) const {
    // Each value copied into its index lane, so every comparison below decides both lanes of
    // its pair at once.
    const V u = hn::DupEven(Value()(d, a)), v = hn::DupEven(Value()(d, b));
    auto a_wins = Greater ? hn::Lt(v, u) : hn::Lt(u, v);
    auto b_wins = Greater ? hn::Lt(u, v) : hn::Lt(v, u);
    if constexpr (std::is_floating_point_v<hn::TFromD<D>>) {
      // A NaN is the extreme value; two NaNs tie. Checked for first, with one compare (u + v is
      // a NaN when either is, or for infinities of opposite signs): vectors without one (nearly
      // all) skip the rest.
      if (HWY_UNLIKELY(!hn::AllFalse(d, hn::IsNaN(hn::Add(u, v))))) {
        const auto nan_u = hn::IsNaN(u), nan_v = hn::IsNaN(v);
        a_wins = hn::Or(a_wins, hn::AndNot(nan_v, nan_u));
        b_wins = hn::Or(b_wins, hn::AndNot(nan_u, nan_v));
      }
    }
    // Tied values: identical, or −0 against +0 and two NaNs, where u's sign decides as in
    // ops::extreme_loc; for integers both choices have the same value bytes (MPI_SHORT_INT's
    // lane sign is its padding's, which no one compares). The sign bit is the mask, no compare
    // (AVX-512: vpmovq2m).
    const V tie_value = Greater ? hn::IfNegativeThenElse(a, b, a) : hn::IfNegativeThenElse(a, a, b);
    const V tie = hn::OddEven(Index()(d, a, b), tie_value);
    return hn::IfThenElse(a_wins, a, hn::IfThenElse(b_wins, b, tie));
  }
};

// MPI_2INT and MPI_2INTEGER, {int value, int index}, as one 64-bit key per pair: the value in
// the high half, where the signed 64-bit compare orders it, and below it the index with its
// sign bit (MINLOC) or its other 31 bits (MAXLOC) flipped, so that the unsigned order of the low
// half puts the smaller index first (MINLOC) or last (MAXLOC). One compare of the keys decides
// value and index at once, and equal keys are equal pairs: loc_lanes<..., int_index>'s result,
// in a compare and a select instead of four compares and four selects (docs/benchmarks.md).
template <bool Greater>
struct int_pair_lanes {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a, V b) const {
    static_assert(std::is_same_v<hn::TFromD<D>, std::int64_t>);
    const V flip = hn::Set(d, Greater ? 0x7FFFFFFF : 0x80000000);
    const auto key = [&](V x) { return hn::Xor(value_above_index(d, x), flip); };
    return hn::IfThenElse(Greater ? hn::Gt(key(a), key(b)) : hn::Lt(key(a), key(b)), a, b);
  }
  // The pair's two 32-bit halves swapped: a rotate on AVX-512 (one op on a port the compare and
  // select leave free), a 32-bit shuffle elsewhere.
  template <class D, class V>
  static HWY_INLINE V value_above_index(D d, V x) {
#if HWY_TARGET == HWY_AVX3
    const hn::RebindToUnsigned<D> du;
    return hn::BitCast(d, hn::RotateRight<32>(hn::BitCast(du, x)));
#else
    const hn::Repartition<std::uint32_t, D> d32;
    return hn::BitCast(d, hn::Shuffle2301(hn::BitCast(d32, x)));
#endif
  }
};

template <class T, std::size_t ElementSize, bool Greater, class Value, class Index>
detail::simd_entry loc_entry() {
  return {&simd_kernel<T, ElementSize, loc_lanes<Greater, Value, Index>>, hwy::TargetName(HWY_TARGET)};
}

template <bool Greater>
detail::simd_entry for_lane(detail::lane_type t) {
  using detail::lane_type;
  switch (t) {
    case lane_type::float_int: return loc_entry<float, 8, Greater, whole_value, int_index>();
    case lane_type::int_int: return entry<std::int64_t, int_pair_lanes<Greater>>();
    case lane_type::short_int: return loc_entry<std::int32_t, 8, Greater, short_value, int_index>();
    case lane_type::float_float: return loc_entry<float, 8, Greater, whole_value, float_index>();
    case lane_type::double_int: return loc_entry<double, 16, Greater, whole_value, int_index>();
    case lane_type::long_int: return loc_entry<std::int64_t, 16, Greater, whole_value, int_index>();
    case lane_type::double_double: return loc_entry<double, 16, Greater, whole_value, float_index>();
    default: return {};
  }
}

}  // namespace
#endif

detail::simd_entry find_loc(op_id op, detail::lane_type t) {
#if HWY_TARGET == HWY_SCALAR
  (void)op, (void)t;
  return {};  // one lane is no vector: the model's scalar loop is the fallback
#else
  if (op == op_id::maxloc) return for_lane<true>(t);
  if (op == op_id::minloc) return for_lane<false>(t);
  return {};
#endif
}

}  // namespace redsem::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "kernels/detail/simd_entry_points.h"
REDSEM_SIMD_ENTRY_POINTS(loc)
#endif
