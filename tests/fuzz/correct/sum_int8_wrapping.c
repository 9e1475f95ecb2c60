/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_SUM on int8, wrapping in every lane (the compiler may vectorise this loop freely). */
#include <stdint.h>

#include "../buggy/kernel_abi.h"

REDSEM_KERNEL(sum_int8_wrapping) {
  REDSEM_UNUSED(datatype);
  const uint8_t* a = invec;
  uint8_t* b = inoutvec;
  for (int i = 0; i < *len; ++i) b[i] = (uint8_t)(a[i] + b[i]);
}
