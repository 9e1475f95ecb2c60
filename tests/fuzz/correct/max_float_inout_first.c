/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_MAX on MPI_FLOAT as Open MPI's and MPICH's C code writes it, inout = inout > in ? inout
 * : in: the C ternary with the operands swapped, which MPI allows for a commutative op. */
#include "../buggy/kernel_abi.h"

REDSEM_KERNEL(max_float_inout_first) {
  REDSEM_UNUSED(datatype);
  const float* a = invec;
  float* b = inoutvec;
  for (int i = 0; i < *len; ++i) b[i] = b[i] > a[i] ? b[i] : a[i];
}
