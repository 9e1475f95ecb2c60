// SPDX-License-Identifier: BSD-3-Clause
// Every kernel against the model, for every legal (op, type) pair, on every dispatch target this
// CPU supports (each forced in turn): lengths 0 … 4·lanes+3 and a long odd length, operands
// misaligned by 0–7 bytes, special values and ties, both call forms and the in-place rows.
#include <gtest/gtest.h>

#include "kernel_fixture.h"

namespace redsem::kernels {
namespace {

using testing::call_shape;
using testing::run_case;

std::size_t vector_bytes(std::string_view path) {
  if (path == "AVX3" || path == "AVX3_DL" || path == "AVX3_ZEN4") return 64;
  if (path == "AVX2") return 32;
  return 16;
}

class KernelMatchesModel : public ::testing::TestWithParam<std::int64_t> {
 protected:
  void SetUp() override { force_target(GetParam()); }
  void TearDown() override { force_target(0); }

  // Sweeps one class's pairs. Scalar-path kernels do not depend on the target: they are swept
  // once, under Highway's one-lane SCALAR target, where every kernel is the scalar path.
  void sweep(op_class cls) {
    const bool scalar_target = target_name(GetParam()) == "SCALAR";
    testing::value_source values(0x5eed0000u + static_cast<std::uint64_t>(cls));
    int swept = 0;
    testing::for_each_pair(cls, [&](op_id op, basic_type type) {
      const auto k = find_kernel(op, type, policy{});
      ASSERT_TRUE(k.has_value()) << to_string(op) << " on " << to_string(type);
      if (k->is_simd() == scalar_target) return;
      ++swept;
      const std::size_t lanes = std::max<std::size_t>(1, vector_bytes(k->path()) / info(type).size);
      for (std::size_t n = 0; n <= 4 * lanes + 3; ++n)
        for (auto shape : {call_shape::reduce_local, call_shape::reduce_locals})
          check(*k, {op, type, shape, policy{}, n, n % 8, (3 * n + 1) % 8, (5 * n + 2) % 8}, values);
      for (auto shape : {call_shape::reduce_local, call_shape::reduce_locals, call_shape::locals_in_place_a,
                         call_shape::locals_both_in_place}) {
        for (std::size_t mis : {1, 4, 7}) check(*k, {op, type, shape, policy{}, 1001, mis, 8 - mis, mis / 2}, values);
      }
    });
    if (!scalar_target && cls != op_class::move) {
      EXPECT_GT(swept, 0) << "no SIMD kernel for this class";
    }
  }

  void check(const kernel& k, const run_case& c, testing::value_source& values) {
    const std::string diff = testing::compare_with_model(k, c, values);
    if (!diff.empty()) ADD_FAILURE() << diff;
  }
};

// Past 4 MiB per operand a separate output is written with aligned streaming stores after a
// head up to the alignment boundary; an output misaligned within an element is not streamed.
// At this size the oracle is the scalar path, which the sweeps hold to the model.
TEST_P(KernelMatchesModel, large_separate_outputs) {
  testing::value_source values(0x1a7e);
  for (auto [op, type] : {std::pair{op_id::sum, basic_type::int8}, std::pair{op_id::prod, basic_type::uint8},
                          std::pair{op_id::max, basic_type::double_},
                          std::pair{op_id::maxloc, basic_type::double_int}, std::pair{op_id::minloc, basic_type::float_int},
                          std::pair{op_id::maxloc, basic_type::two_double_precision},
                          std::pair{op_id::minloc, basic_type::short_int}}) {
    const auto k = find_kernel(op, type, policy{});
    const auto reference = find_scalar_kernel(op, type);
    const std::size_t size = info(type).size, count = ((std::size_t{4} << 20) + 3 * 64 + 8) / size + 1;
    const auto a = values.elements(type, count), b = values.elements(type, count);
    const datatype dt = datatype::predefined(type);
    policy bitwise;
    bitwise.compare = compare_rule::bitwise;
    for (std::size_t mis_out : {0, 3, 8}) {
      std::vector<std::byte> got(count * size + 8), want(count * size);
      (*k)(a.data(), b.data(), got.data() + mis_out, count, policy{});
      (*reference)(a.data(), b.data(), want.data(), count, policy{});
      for (std::size_t e = 0; e < count; ++e)
        ASSERT_TRUE(same_element(dt, got.data() + mis_out + e * size, want.data() + e * size, bitwise))
            << to_string(op) << " on " << to_string(type) << " path " << k->path() << " misalign " << mis_out
            << " element " << e;
    }
  }
}

// From avx2_handover_bytes per operand an AVX3 kernel may hand the call to the AVX2 one (which the sweeps
// hold to the model under the forced AVX2 target): each distinct path of both choices, whichever this CPU
// makes, in both forms, with a tail, against the scalar path. The operands and the reference are made once
// per pair; on targets other than AVX3 both choices are the same kernel, checked once.
TEST_P(KernelMatchesModel, large_arrays_past_the_avx2_handover) {
  testing::value_source values(0xb16);
  const std::pair<op_id, basic_type> pairs[] = {
      {op_id::sum, basic_type::int8},    {op_id::max, basic_type::int16},      {op_id::min, basic_type::float_},
      {op_id::land, basic_type::int32},  {op_id::maxloc, basic_type::two_int}, {op_id::prod, basic_type::c_double_complex}};
  for (const auto& [op, type] : pairs) {
    const std::size_t size = info(type).size, count = avx2_handover_bytes / size + 37;
    const auto a = values.elements(type, count), b = values.elements(type, count);
    const datatype dt = datatype::predefined(type);
    policy cmp;
    cmp.compare = testing::nan_equal_results(op, type) ? compare_rule::nan_equal : compare_rule::bitwise;
    std::vector<std::byte> want(count * size);
    (*find_scalar_kernel(op, type))(a.data(), b.data(), want.data(), count, policy{});
    std::string_view checked_path;
    for (const large_calls large : {large_calls::hand_to_avx2, large_calls::stay_on_avx3}) {
      const auto k = find_kernel(op, type, policy{}, large);
      if (target_name(GetParam()) == "AVX3") {
        ASSERT_EQ(k->path(count), large == large_calls::hand_to_avx2 ? "AVX2" : "AVX3");
      }
      if (k->path(count) == checked_path) continue;
      checked_path = k->path(count);
      std::vector<std::byte> got(count * size), io = b;
      (*k)(a.data(), b.data(), got.data(), count, policy{});
      k->reduce_local(a.data(), io.data(), count, policy{});
      for (std::size_t e = 0; e < count; ++e) {
        ASSERT_TRUE(same_element(dt, got.data() + e * size, want.data() + e * size, cmp))
            << to_string(op) << " on " << to_string(type) << " path " << k->path(count) << " element " << e;
        ASSERT_TRUE(same_element(dt, io.data() + e * size, want.data() + e * size, cmp))
            << "reduce_local: " << to_string(op) << " on " << to_string(type) << " path " << k->path(count)
            << " element " << e;
      }
    }
  }
}

TEST_P(KernelMatchesModel, minmax) { sweep(op_class::minmax); }
TEST_P(KernelMatchesModel, sum_prod) { sweep(op_class::arith); }
TEST_P(KernelMatchesModel, logical) { sweep(op_class::logical); }
TEST_P(KernelMatchesModel, bitwise) { sweep(op_class::bitwise); }
TEST_P(KernelMatchesModel, minloc_maxloc) { sweep(op_class::loc); }
TEST_P(KernelMatchesModel, replace_no_op) { sweep(op_class::move); }

INSTANTIATE_TEST_SUITE_P(Targets, KernelMatchesModel, ::testing::ValuesIn(dispatch_targets()),
                         [](const ::testing::TestParamInfo<std::int64_t>& info) {
                           return std::string(target_name(info.param));
                         });

}  // namespace
}  // namespace redsem::kernels
