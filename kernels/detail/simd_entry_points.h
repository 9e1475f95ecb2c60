/* SPDX-License-Identifier: BSD-3-Clause */
// The two entry points of one SIMD kernel family, whose find_<family>(op, lane_type) each
// kernels/simd/<family>.cpp compiles once per Highway target: the best target this CPU
// supports (dynamic dispatch), and the AVX2 one (the handover of large calls from AVX3,
// kernel.cpp). Expanded once per family, under HWY_ONCE, after the per-target code.
#pragma once

#include "hwy/highway.h"
#include "kernels/detail/simd_table.h"

#if HWY_ARCH_X86 && (HWY_TARGETS & HWY_AVX2)
#define REDSEM_SIMD_AVX2_FIND(family) return N_AVX2::find_##family(op, t)
#else
#define REDSEM_SIMD_AVX2_FIND(family) \
  (void)op, (void)t;                  \
  return {}
#endif

#define REDSEM_SIMD_ENTRY_POINTS(family)                                                                             \
  namespace redsem::kernels {                                                                                        \
  HWY_EXPORT(find_##family);                                                                                         \
  namespace detail {                                                                                                 \
  simd_entry simd_##family##_kernel(op_id op, lane_type t) { return HWY_DYNAMIC_DISPATCH(find_##family)(op, t); }   \
  simd_entry simd_##family##_kernel_avx2(op_id op, lane_type t) { REDSEM_SIMD_AVX2_FIND(family); }                  \
  }                                                                                                                  \
  }
