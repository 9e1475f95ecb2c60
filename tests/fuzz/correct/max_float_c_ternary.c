/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_MAX on MPI_FLOAT as MPI libraries write it, `a > b ? a : b`: right under the policy
 * minmax_nan=c_ternary,minmax_zero=c_ternary, not under the default. */
#include "../buggy/kernel_abi.h"

REDSEM_KERNEL(max_float_c_ternary) {
  REDSEM_UNUSED(datatype);
  const float* a = invec;
  float* b = inoutvec;
  for (int i = 0; i < *len; ++i) b[i] = a[i] > b[i] ? a[i] : b[i];
}
