/* SPDX-License-Identifier: BSD-3-Clause */
/* The right MPI_SUM on int32 (wrapping), which the hostile kernels compute before they
 * misbehave in some other way. */
#ifndef REDSEM_TESTS_FUZZ_HOSTILE_SUM_INT32_H
#define REDSEM_TESTS_FUZZ_HOSTILE_SUM_INT32_H
#include <stdint.h>

static inline void add_int32(const void* invec, void* inoutvec, int len) {
  const uint32_t* a = invec;
  uint32_t* b = inoutvec;
  for (int i = 0; i < len; ++i) b[i] += a[i];
}
#endif
