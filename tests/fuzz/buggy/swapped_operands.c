/* SPDX-License-Identifier: BSD-3-Clause */
/* A non-commutative user op, inoutvec[i] = 2*invec[i] + inoutvec[i] on int, computed with
 * the operands swapped. */
#include "kernel_abi.h"

REDSEM_KERNEL(affine_int_swapped) {
  REDSEM_UNUSED(datatype);
  const unsigned* a = invec;
  unsigned* b = inoutvec;
  for (int i = 0; i < *len; ++i) b[i] = 2u * b[i] + a[i];
}
