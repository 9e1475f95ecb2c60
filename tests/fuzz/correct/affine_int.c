/* SPDX-License-Identifier: BSD-3-Clause */
/* A non-commutative user op on int: inoutvec[i] = 2*invec[i] + inoutvec[i] (wrapping). It is
 * also the reference the fuzzer compares affine_int_swapped with. */
#include "../buggy/kernel_abi.h"

REDSEM_KERNEL(affine_int) {
  REDSEM_UNUSED(datatype);
  const unsigned* a = invec;
  unsigned* b = inoutvec;
  for (int i = 0; i < *len; ++i) b[i] = 2u * a[i] + b[i];
}
