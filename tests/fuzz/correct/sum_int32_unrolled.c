/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_SUM on int32: an unrolled 8-element body and a scalar tail, wrapping through unsigned. */
#include <stdint.h>

#include "../buggy/kernel_abi.h"

REDSEM_KERNEL(sum_int32_unrolled) {
  REDSEM_UNUSED(datatype);
  const uint32_t* a = invec;
  uint32_t* b = inoutvec;
  const int body = *len - *len % 8;
  for (int i = 0; i < body; i += 8)
    for (int j = 0; j < 8; ++j) b[i + j] += a[i + j];
  for (int i = body; i < *len; ++i) b[i] += a[i];
}
