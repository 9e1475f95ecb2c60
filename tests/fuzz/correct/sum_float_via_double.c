/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_SUM on MPI_FLOAT computed in double and rounded once: exact, because a double holds the
 * sum of two floats to more than 2×24+2 bits, so rounding twice never differs from once. */
#include "../buggy/kernel_abi.h"

REDSEM_KERNEL(sum_float_via_double) {
  REDSEM_UNUSED(datatype);
  const float* a = invec;
  float* b = inoutvec;
  for (int i = 0; i < *len; ++i) b[i] = (float)((double)a[i] + (double)b[i]);
}
