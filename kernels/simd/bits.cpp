// SPDX-License-Identifier: BSD-3-Clause
// BAND, BOR, BXOR, and the logical ops under the default policy (an operand is true when
// nonzero, true is written as 1). Both families are blind to signedness, so they run on
// unsigned lanes.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/bits.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "kernels/simd/loop-inl.h"

HWY_BEFORE_NAMESPACE();
namespace redsem::kernels::HWY_NAMESPACE {
#if HWY_TARGET != HWY_SCALAR
namespace {

template <op_id Op>
struct bitwise_lanes {
  template <class D, class V>
  HWY_INLINE V operator()(D /*d*/, V a, V b) const {
    if constexpr (Op == op_id::band) return hn::And(a, b);
    else if constexpr (Op == op_id::bor) return hn::Or(a, b);
    else return hn::Xor(a, b);
  }
};

template <op_id Op>
struct logical_lanes {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V a, V b) const {
    const auto ta = hn::Ne(a, hn::Zero(d));
    const auto tb = hn::Ne(b, hn::Zero(d));
    const auto truth = Op == op_id::land ? hn::And(ta, tb) : Op == op_id::lor ? hn::Or(ta, tb) : hn::Xor(ta, tb);
    return hn::IfThenElseZero(truth, hn::Set(d, hn::TFromD<D>{1}));
  }
};

}  // namespace
#endif

detail::simd_entry find_bits(op_id op, detail::lane_type t) {
#if HWY_TARGET == HWY_SCALAR
  (void)op, (void)t;
  return {};  // one lane is no vector: the model's scalar loop is the fallback
#else
  switch (op) {
    case op_id::band: return sign_blind_entry<bitwise_lanes<op_id::band>, false>(t);
    case op_id::bor: return sign_blind_entry<bitwise_lanes<op_id::bor>, false>(t);
    case op_id::bxor: return sign_blind_entry<bitwise_lanes<op_id::bxor>, false>(t);
    case op_id::land: return sign_blind_entry<logical_lanes<op_id::land>, false>(t);
    case op_id::lor: return sign_blind_entry<logical_lanes<op_id::lor>, false>(t);
    case op_id::lxor: return sign_blind_entry<logical_lanes<op_id::lxor>, false>(t);
    default: return {};
  }
#endif
}

}  // namespace redsem::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "kernels/detail/simd_entry_points.h"
REDSEM_SIMD_ENTRY_POINTS(bits)
#endif
