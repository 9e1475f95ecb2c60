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

template <class D, class V>
HWY_INLINE auto nan_lanes(D d, V v) {
  if constexpr (std::is_floating_point_v<hn::TFromD<D>>) return hn::IsNaN(v);
  else return hn::FirstN(d, 0);  // integers are never NaN
}

template <bool Greater>
struct loc_lanes {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a, V b) const {
    using T = hn::TFromD<D>;
    const hn::RebindToSigned<D> di;
    const auto ia = hn::BitCast(di, a), ib = hn::BitCast(di, b);
    // Even lanes hold values; in odd lanes these masks are meaningless and are overwritten below.
    const auto a_better = Greater ? hn::Lt(b, a) : hn::Lt(a, b);
    const auto b_better = Greater ? hn::Lt(a, b) : hn::Lt(b, a);
    const auto nan_a = nan_lanes(d, a), nan_b = nan_lanes(d, b);
    // A NaN is the extreme value; two NaNs tie.
    const auto a_wins = hn::Or(a_better, hn::AndNot(nan_b, nan_a));
    const auto b_wins = hn::Or(b_better, hn::AndNot(nan_a, nan_b));
    // Tied values: identical, or −0 against +0 (ordered); for integers both choices are equal.
    const auto a_negative = hn::RebindMask(d, hn::Lt(ia, hn::Zero(di)));
    const V tie_value = Greater ? hn::IfThenElse(a_negative, b, a) : hn::IfThenElse(a_negative, a, b);
    // Tied values keep the smaller index. A 64-bit index lane has the int in its low half.
    const auto key = [](auto v) {
      if constexpr (sizeof(T) == 8) return hn::ShiftLeft<32>(v);
      else return v;
    };
    const auto smaller_index = hn::IfThenElse(hn::Lt(key(ib), key(ia)), ib, ia);
    const auto odd = hn::Ne(hn::And(hn::Iota(di, 0), hn::Set(di, 1)), hn::Zero(di));
    const auto tie = hn::IfThenElse(odd, smaller_index, hn::BitCast(di, tie_value));
    const auto take_a = hn::MaskFromVec(hn::DupEven(hn::VecFromMask(di, hn::RebindMask(di, a_wins))));
    const auto take_b = hn::MaskFromVec(hn::DupEven(hn::VecFromMask(di, hn::RebindMask(di, b_wins))));
    return hn::BitCast(d, hn::IfThenElse(take_a, ia, hn::IfThenElse(take_b, ib, tie)));
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
