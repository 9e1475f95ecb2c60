// MINLOC and MAXLOC on the interleaved pairs {float,int}, {int,int} (value and index in
// adjacent 32-bit lanes) and {double,int,padding} (value and index+padding in adjacent
// 64-bit lanes). The same selects as ops::extreme_loc under the default policy
// (loc_nan_rule::extreme, zero_rule::ordered): the value lane decides, and its decision is
// copied to the index lane beside it.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/loc.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "kernels/simd/loop-inl.h"

HWY_BEFORE_NAMESPACE();
namespace redsem::kernels::HWY_NAMESPACE {
#if HWY_TARGET != HWY_SCALAR
namespace {

template <bool Greater>
struct loc_lanes {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a, V b) const {
    const hn::RebindToSigned<D> di;
    // Each value copied into its index lane, so every comparison below decides both lanes of
    // its pair at once.
    const V u = hn::DupEven(a), v = hn::DupEven(b);
    auto a_wins = Greater ? hn::Lt(v, u) : hn::Lt(u, v);
    auto b_wins = Greater ? hn::Lt(u, v) : hn::Lt(v, u);
    if constexpr (std::is_floating_point_v<hn::TFromD<D>>) {
      // A NaN is the extreme value; two NaNs tie.
      const auto nan_u = hn::IsNaN(u), nan_v = hn::IsNaN(v);
      a_wins = hn::Or(a_wins, hn::AndNot(nan_v, nan_u));
      b_wins = hn::Or(b_wins, hn::AndNot(nan_u, nan_v));
    }
    // Tied values: identical, or −0 against +0 and two NaNs, where u's sign decides as in
    // ops::extreme_loc; for integers both choices are equal.
    const auto u_negative = hn::RebindMask(d, hn::Lt(hn::BitCast(di, a), hn::Zero(di)));
    const V tie_value = Greater ? hn::IfThenElse(u_negative, b, a) : hn::IfThenElse(u_negative, a, b);
    // Tied values keep the smaller index: a signed 32-bit min, whose lane holding the index is
    // the one that counts (the padding beside MPI_DOUBLE_INT's index gets some operand's padding).
    const hn::Repartition<std::int32_t, D> d32;
    const V smaller_index = hn::BitCast(d, hn::Min(hn::BitCast(d32, a), hn::BitCast(d32, b)));
    const V tie = hn::OddEven(smaller_index, tie_value);
    return hn::IfThenElse(a_wins, a, hn::IfThenElse(b_wins, b, tie));
  }
};

template <class Combine>
detail::simd_entry for_lane(detail::lane_type t) {
  using detail::lane_type;
  const char* target = hwy::TargetName(HWY_TARGET);
  switch (t) {
    case lane_type::float_int: return {&simd_kernel<float, 8, Combine>, target};
    case lane_type::int_int: return {&simd_kernel<std::int32_t, 8, Combine>, target};
    case lane_type::double_int: return {&simd_kernel<double, 16, Combine>, target};
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
  if (op == op_id::maxloc) return for_lane<loc_lanes<true>>(t);
  if (op == op_id::minloc) return for_lane<loc_lanes<false>>(t);
  return {};
#endif
}

}  // namespace redsem::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace redsem::kernels {
HWY_EXPORT(find_loc);
namespace detail {
simd_entry simd_loc_kernel(op_id op, lane_type t) { return HWY_DYNAMIC_DISPATCH(find_loc)(op, t); }
}  // namespace detail
}  // namespace redsem::kernels
#endif
