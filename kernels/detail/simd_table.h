/* SPDX-License-Identifier: BSD-3-Clause */
// The SIMD kernels, one family per translation unit, each compiled for every enabled Highway
// target. A lookup runs on the best target the CPU supports (or the one a test forced).
#pragma once

#include <cstdint>

#include "kernels/kernel.h"

namespace redsem::kernels::detail {

// The element layouts that have a SIMD path.
enum class lane_type : std::uint8_t {
  i8, u8, i16, u16, i32, u32, i64, u64, f32, f64,
  c32, c64,  // float and double complex: {re, im}
  // MINLOC/MAXLOC pairs, value then index: {float,int}, {double,int,pad}, {int,int},
  // {short,pad,int}, {long,int,pad}, {float,float}, {double,double}
  float_int, double_int, int_int, short_int, long_int, float_float, double_double,
};

struct simd_entry {
  kernel_fn fn = nullptr;      // nullptr: no SIMD kernel for this (op, lane type)
  const char* target = "";     // hwy::TargetName of the target it was compiled for
};

// On the target chosen by dispatch (the best one, or the one a test forced):
simd_entry simd_arith_kernel(op_id op, lane_type t);    // SUM, PROD (complex too)
simd_entry simd_minmax_kernel(op_id op, lane_type t);   // MIN, MAX
simd_entry simd_bits_kernel(op_id op, lane_type t);     // BAND, BOR, BXOR, LAND, LOR, LXOR
simd_entry simd_loc_kernel(op_id op, lane_type t);      // MINLOC, MAXLOC

// The same families' AVX2 kernels, whatever dispatch chose (empty where AVX2 was not compiled).
// Only for CPUs that run AVX2: callers ask when dispatch chose AVX3.
simd_entry simd_arith_kernel_avx2(op_id op, lane_type t);
simd_entry simd_minmax_kernel_avx2(op_id op, lane_type t);
simd_entry simd_bits_kernel_avx2(op_id op, lane_type t);
simd_entry simd_loc_kernel_avx2(op_id op, lane_type t);

}  // namespace redsem::kernels::detail
