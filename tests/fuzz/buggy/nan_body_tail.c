/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_MAX on MPI_FLOAT whose 8-lane body is `a > b ? a : b` (a NaN yields inoutvec's value,
 * as x86 maxps does) while the tail propagates NaN: the result depends on the position. */
#include <math.h>

#include "kernel_abi.h"

static float max_propagating(float a, float b) {
  if (isnan(a)) return a;
  if (isnan(b)) return b;
  if (a == b) return signbit(a) ? b : a;
  return a > b ? a : b;
}

REDSEM_KERNEL(max_float_nan_body_tail) {
  REDSEM_UNUSED(datatype);
  const float* a = invec;
  float* b = inoutvec;
  const int body = *len - *len % 8;
  for (int i = 0; i < body; ++i) b[i] = a[i] > b[i] ? a[i] : b[i];
  for (int i = body; i < *len; ++i) b[i] = max_propagating(a[i], b[i]);
}
