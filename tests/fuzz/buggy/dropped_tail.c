/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_SUM on int32 in blocks of 8 that forgets the last len % 8 elements. */
#include <stdint.h>

#include "kernel_abi.h"

REDSEM_KERNEL(sum_int32_dropped_tail) {
  REDSEM_UNUSED(datatype);
  const uint32_t* a = invec;
  uint32_t* b = inoutvec;
  const int body = *len - *len % 8;
  for (int i = 0; i < body; i += 8)
    for (int j = 0; j < 8; ++j) b[i + j] += a[i + j];
}
