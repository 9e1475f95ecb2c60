// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/kernel.h"

#include "kernels/detail/scalar_table.h"
#include "kernels/detail/simd_table.h"

namespace redsem::kernels {
namespace {

using detail::lane_type;

constexpr std::string_view scalar_path = "scalar";

// The SIMD layout of a type: its scalar kind when it is one integer or float field of at most
// 8 bytes, {re, im} for float and double complex, its pair shape for the pairs with a SIMD
// MINLOC/MAXLOC (all but MPI_LONG_DOUBLE_INT).
// The pair layouts kernels/simd/loc.cpp assumes: the index in the lane after the value's.
static_assert(info(basic_type::short_int).size == 8 && info(basic_type::short_int).fields[1].offset == 4);
static_assert(info(basic_type::long_int).size == 16 && info(basic_type::long_int).fields[1].offset == 8);
static_assert(info(basic_type::two_real).size == 8 && info(basic_type::two_real).fields[1].offset == 4);
static_assert(info(basic_type::two_double_precision).size == 16 &&
              info(basic_type::two_double_precision).fields[1].offset == 8);

std::optional<lane_type> lane_of(basic_type type) {
  switch (type) {
    case basic_type::float_int: return lane_type::float_int;
    case basic_type::double_int: return lane_type::double_int;
    case basic_type::two_int: case basic_type::two_integer: return lane_type::int_int;
    case basic_type::short_int: return lane_type::short_int;
    case basic_type::long_int: return lane_type::long_int;
    case basic_type::two_real: return lane_type::float_float;
    case basic_type::two_double_precision: return lane_type::double_double;
    default: break;
  }
  const type_info& t = info(type);
  if (t.group == type_group::complex) {
    if (t.fields[0].kind == scalar_kind::f32) return lane_type::c32;
    if (t.fields[0].kind == scalar_kind::f64) return lane_type::c64;
    return std::nullopt;
  }
  if (t.field_count != 1) return std::nullopt;
  switch (t.fields[0].kind) {
    case scalar_kind::i8: return lane_type::i8;
    case scalar_kind::u8: return lane_type::u8;
    case scalar_kind::i16: return lane_type::i16;
    case scalar_kind::u16: return lane_type::u16;
    case scalar_kind::i32: return lane_type::i32;
    case scalar_kind::u32: return lane_type::u32;
    case scalar_kind::i64: return lane_type::i64;
    case scalar_kind::u64: return lane_type::u64;
    case scalar_kind::f32: return lane_type::f32;
    case scalar_kind::f64: return lane_type::f64;
    default: return std::nullopt;
  }
}

detail::simd_entry simd_for(op_id op, lane_type lane) {
  switch (class_of(op)) {
    case op_class::arith: return detail::simd_arith_kernel(op, lane);
    case op_class::minmax: return detail::simd_minmax_kernel(op, lane);
    case op_class::logical: case op_class::bitwise: return detail::simd_bits_kernel(op, lane);
    case op_class::loc: return detail::simd_loc_kernel(op, lane);
    case op_class::move: return {};
  }
  return {};
}

detail::simd_entry simd_avx2_for(op_id op, lane_type lane) {
  switch (class_of(op)) {
    case op_class::arith: return detail::simd_arith_kernel_avx2(op, lane);
    case op_class::minmax: return detail::simd_minmax_kernel_avx2(op, lane);
    case op_class::logical: case op_class::bitwise: return detail::simd_bits_kernel_avx2(op, lane);
    case op_class::loc: return detail::simd_loc_kernel_avx2(op, lane);
    case op_class::move: return {};
  }
  return {};
}

// Past the caches the better of AVX3 and AVX2 depends on the CPU (bench/kernels_bench at 16M
// elements; the figures are in docs/benchmarks.md):
// - AMD (EPYC, Zen 5): 512-bit loads and stores streamed slower than 256-bit ones once the
//   operands left its L3; while two of them still fit, AVX3 was ahead.
// - Intel (Xeon with AVX512-FP16, large L3): AVX3 is as fast or faster on every case, and far
//   ahead where AVX2 does more work per vector.
large_calls cpu_large_calls() {
  __builtin_cpu_init();
  return __builtin_cpu_is("amd") ? large_calls::hand_to_avx2 : large_calls::stay_on_avx3;
}

// Pairs whose AVX2 kernel does more work per vector than the AVX3 one, so that it lost even past
// the caches (docs/benchmarks.md): AVX2 has no 64-bit min, max or low product (vpminsq, vpmaxuq, vpmullq are AVX-512). The AVX3 byte PROD already runs on
// 256-bit vectors.
bool avx3_only(op_id op, lane_type lane) {
  const bool wide = lane == lane_type::i64 || lane == lane_type::u64;
  const bool byte = lane == lane_type::i8 || lane == lane_type::u8;
  return (wide && (op == op_id::min || op == op_id::max || op == op_id::prod)) || (byte && op == op_id::prod);
}

kernel simd_kernel_for(detail::simd_entry e, op_id op, basic_type type, lane_type lane, large_calls large) {
  if (large == large_calls::hand_to_avx2 && std::string_view(e.target) == "AVX3" && !avx3_only(op, lane)) {
    if (const auto twin = simd_avx2_for(op, lane); twin.fn != nullptr)
      return kernel(e.fn, e.target, twin.fn, twin.target, avx2_handover_bytes / info(type).size);
  }
  return kernel(e.fn, e.target);
}

bool is_signed_integer(basic_type type) {
  const type_info& t = info(type);
  return t.field_count == 1 && !is_float_kind(t.fields[0].kind) && is_signed_kind(t.fields[0].kind);
}

}  // namespace

bool uses_default_semantics(op_id op, basic_type type, const policy& p) {
  const policy d{};
  const bool floating = is_float_kind(info(type).fields[0].kind);
  switch (class_of(op)) {
    case op_class::minmax: return !floating || (p.minmax_nan == d.minmax_nan && p.minmax_zero == d.minmax_zero);
    case op_class::arith:
      if (group_of(type) == type_group::complex) return op != op_id::prod || p.complex_prod == d.complex_prod;
      return !is_signed_integer(type) || p.overflow == d.overflow;
    case op_class::logical: return p.truth == d.truth && p.true_value == d.true_value;
    case op_class::loc:
      return !floating || (p.loc_nan == d.loc_nan && p.minmax_zero == d.minmax_zero && p.loc_tie == d.loc_tie);
    case op_class::bitwise: case op_class::move: return true;
  }
  return false;
}

std::optional<kernel> find_scalar_kernel(op_id op, basic_type type) {
  if (!op_allows(op, type)) return std::nullopt;
  kernel_fn fn = nullptr;
  switch (group_of(type)) {
    case type_group::c_integer: fn = detail::scalar_c_integer_kernel(op, type); break;
    case type_group::fortran_integer: case type_group::byte: case type_group::multi_language:
      fn = detail::scalar_other_integer_kernel(op, type); break;
    case type_group::floating: case type_group::complex: fn = detail::scalar_float_kernel(op, type); break;
    case type_group::logical: case type_group::pair: case type_group::character:
      fn = detail::scalar_logical_pair_kernel(op, type); break;
  }
  if (fn == nullptr) return std::nullopt;
  return kernel(fn, scalar_path);
}

large_calls large_calls_on_this_cpu() {
  static const large_calls choice = cpu_large_calls();
  return choice;
}

std::optional<kernel> find_kernel(op_id op, basic_type type, const policy& p, large_calls large) {
  if (!op_allows(op, type)) return std::nullopt;
  if (uses_default_semantics(op, type, p)) {
    if (auto lane = lane_of(type)) {
      if (const auto e = simd_for(op, *lane); e.fn != nullptr) return simd_kernel_for(e, op, type, *lane, large);
    }
  }
  return find_scalar_kernel(op, type);
}

}  // namespace redsem::kernels
