/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_LAND on MPI_INT: C truth (nonzero is true), true written as 1. */
#include "../buggy/kernel_abi.h"

REDSEM_KERNEL(land_int) {
  REDSEM_UNUSED(datatype);
  const int* a = invec;
  int* b = inoutvec;
  for (int i = 0; i < *len; ++i) b[i] = a[i] && b[i];
}
