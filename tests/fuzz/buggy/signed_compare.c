/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_MAX on MPI_UNSIGNED compared as signed int: wrong once the top bit is set. */
#include "kernel_abi.h"

REDSEM_KERNEL(max_unsigned_compared_signed) {
  REDSEM_UNUSED(datatype);
  const int* a = invec;
  int* b = inoutvec;
  for (int i = 0; i < *len; ++i)
    if (a[i] > b[i]) b[i] = a[i];
}
