/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_SUM on MPI_DOUBLE accumulated in float. */
#include "kernel_abi.h"

REDSEM_KERNEL(sum_double_through_float) {
  REDSEM_UNUSED(datatype);
  const double* a = invec;
  double* b = inoutvec;
  for (int i = 0; i < *len; ++i) b[i] = (double)((float)a[i] + (float)b[i]);
}
