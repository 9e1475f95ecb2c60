/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_LAND on MPI_INT done as a bitwise and: 2 && 1 is 1, 2 & 1 is 0. */
#include "kernel_abi.h"

REDSEM_KERNEL(land_int_bitwise) {
  REDSEM_UNUSED(datatype);
  const int* a = invec;
  int* b = inoutvec;
  for (int i = 0; i < *len; ++i) b[i] = a[i] & b[i];
}
