// SPDX-License-Identifier: BSD-3-Clause
// Which kernel a lookup returns: the forced target's, the best one by default, the scalar
// path when the policy's relevant choices are not the defaults, none for an illegal pair.
#include <gtest/gtest.h>

#include "kernels/kernel.h"

namespace redsem::kernels {
namespace {

TEST(KernelDispatch, each_forced_target_is_the_one_used) {
  const auto targets = dispatch_targets();
  ASSERT_FALSE(targets.empty());
  for (const std::int64_t t : targets) {
    force_target(t);
    const auto k = find_kernel(op_id::sum, basic_type::int_, policy{});
    ASSERT_TRUE(k.has_value());
    const std::string_view expected = target_name(t) == "SCALAR" ? "scalar" : target_name(t);
    EXPECT_EQ(k->path(), expected);
  }
  force_target(0);
  EXPECT_EQ(find_kernel(op_id::sum, basic_type::int_, policy{})->path(), target_name(targets.front()) == "SCALAR"
                                                                             ? "scalar"
                                                                             : target_name(targets.front()));
}

TEST(KernelDispatch, default_float_minmax_is_simd_and_other_nan_rules_are_scalar) {
  if (target_name(dispatch_targets().front()) == "SCALAR") GTEST_SKIP() << "no SIMD target on this CPU";
  EXPECT_TRUE(find_kernel(op_id::max, basic_type::double_, policy{})->is_simd());
  policy ignore;
  ignore.minmax_nan = nan_rule::ignore;
  EXPECT_FALSE(find_kernel(op_id::max, basic_type::double_, ignore)->is_simd());
  EXPECT_TRUE(find_kernel(op_id::max, basic_type::int_, ignore)->is_simd()) << "integers have no NaN to care about";
  policy chain;
  chain.loc_nan = loc_nan_rule::c_chain;
  EXPECT_FALSE(find_kernel(op_id::minloc, basic_type::double_int, chain)->is_simd());
  EXPECT_TRUE(find_kernel(op_id::minloc, basic_type::two_int, chain)->is_simd());
  policy erroneous;
  erroneous.overflow = overflow_rule::erroneous;
  EXPECT_FALSE(find_kernel(op_id::sum, basic_type::int_, erroneous)->is_simd());
  EXPECT_TRUE(find_kernel(op_id::sum, basic_type::unsigned_, erroneous)->is_simd()) << "unsigned types always wrap";
  EXPECT_TRUE(find_kernel(op_id::sum, basic_type::c_double_complex, policy{})->is_simd());
}

TEST(KernelDispatch, float_and_double_complex_prod_is_simd) {
  if (target_name(dispatch_targets().front()) == "SCALAR") GTEST_SKIP() << "no SIMD target on this CPU";
  for (basic_type type : {basic_type::c_complex, basic_type::c_double_complex, basic_type::cxx_float_complex,
                          basic_type::cxx_double_complex, basic_type::complex, basic_type::double_complex,
                          basic_type::complex8, basic_type::complex16}) {
    EXPECT_TRUE(find_kernel(op_id::prod, type, policy{})->is_simd()) << to_string(type);
    EXPECT_TRUE(find_kernel(op_id::sum, type, policy{})->is_simd()) << to_string(type);
  }
  EXPECT_FALSE(find_kernel(op_id::prod, basic_type::c_long_double_complex, policy{})->is_simd());
}

TEST(KernelDispatch, every_pair_type_but_long_double_int_has_simd_minloc_maxloc) {
  if (target_name(dispatch_targets().front()) == "SCALAR") GTEST_SKIP() << "no SIMD target on this CPU";
  for (basic_type type : {basic_type::float_int, basic_type::double_int, basic_type::long_int, basic_type::two_int,
                          basic_type::short_int, basic_type::two_real, basic_type::two_double_precision,
                          basic_type::two_integer}) {
    for (op_id op : {op_id::minloc, op_id::maxloc})
      EXPECT_TRUE(find_kernel(op, type, policy{})->is_simd()) << to_string(op) << " on " << to_string(type);
  }
  EXPECT_FALSE(find_kernel(op_id::maxloc, basic_type::long_double_int, policy{})->is_simd());
  policy chain;
  chain.loc_nan = loc_nan_rule::c_chain;
  EXPECT_FALSE(find_kernel(op_id::maxloc, basic_type::two_real, chain)->is_simd()) << "a float value sees loc_nan";
  EXPECT_TRUE(find_kernel(op_id::maxloc, basic_type::short_int, chain)->is_simd());
}

TEST(KernelDispatch, avx3_kernels_hand_large_arrays_to_avx2_when_asked) {
  const auto targets = dispatch_targets();
  for (const std::int64_t t : targets) {
    force_target(t);
    const auto k = find_kernel(op_id::sum, basic_type::double_, policy{}, large_calls::hand_to_avx2);
    if (target_name(t) == "AVX3") {
      EXPECT_EQ(k->large_from(), avx2_handover_bytes / 8);
      EXPECT_EQ(avx2_handover_bytes, std::uint64_t{16} << 20) << "8 MiB operands sit in L3, where AVX3 is faster";
      EXPECT_EQ(k->path(k->large_from() - 1), "AVX3");
      EXPECT_EQ(k->path(k->large_from()), "AVX2");
      // AVX2 has no 64-bit min or low product: those stay on AVX3.
      const auto handing = [](op_id op, basic_type type) {
        return find_kernel(op, type, policy{}, large_calls::hand_to_avx2)->large_from();
      };
      EXPECT_EQ(handing(op_id::min, basic_type::int64), UINT64_MAX);
      EXPECT_EQ(handing(op_id::prod, basic_type::uint64), UINT64_MAX);
      EXPECT_NE(handing(op_id::sum, basic_type::int64), UINT64_MAX);
      // Asked to stay, or on a CPU that stays (not AMD), every call runs on AVX3.
      const auto staying = find_kernel(op_id::sum, basic_type::double_, policy{}, large_calls::stay_on_avx3);
      EXPECT_EQ(staying->large_from(), UINT64_MAX);
      EXPECT_EQ(staying->path(UINT64_MAX - 1), "AVX3");
      const auto chosen = find_kernel(op_id::sum, basic_type::double_, policy{});
      EXPECT_EQ(chosen->large_from(), large_calls_on_this_cpu() == large_calls::hand_to_avx2 ? k->large_from()
                                                                                            : UINT64_MAX);
    } else {
      EXPECT_EQ(k->large_from(), UINT64_MAX) << target_name(t);
    }
  }
  force_target(0);
  EXPECT_EQ(find_scalar_kernel(op_id::sum, basic_type::double_)->large_from(), UINT64_MAX);
}

TEST(KernelDispatch, illegal_pairs_have_no_kernel) {
  EXPECT_FALSE(find_kernel(op_id::sum, basic_type::byte, policy{}));
  EXPECT_FALSE(find_kernel(op_id::maxloc, basic_type::double_, policy{}));
  EXPECT_FALSE(find_kernel(op_id::max, basic_type::char_, policy{}));
  EXPECT_FALSE(find_kernel(op_id::band, basic_type::float_, policy{}));
  EXPECT_TRUE(find_kernel(op_id::replace, basic_type::char_, policy{})) << "accumulates may move characters";
}

}  // namespace
}  // namespace redsem::kernels
