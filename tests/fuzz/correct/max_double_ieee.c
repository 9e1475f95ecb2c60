/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_MAX on MPI_DOUBLE as IEEE 754-2019 maximum: NaN propagates, +0 > −0 (redsem's default). */
#include <math.h>

#include "../buggy/kernel_abi.h"

REDSEM_KERNEL(max_double_ieee) {
  REDSEM_UNUSED(datatype);
  const double* a = invec;
  double* b = inoutvec;
  for (int i = 0; i < *len; ++i) {
    const double x = a[i], y = b[i];
    if (isnan(x))
      b[i] = x;
    else if (isnan(y))
      b[i] = y;
    else if (x == y)
      b[i] = signbit(x) ? y : x;
    else
      b[i] = x > y ? x : y;
  }
}
