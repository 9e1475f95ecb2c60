/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_SUM on int32 whose long-vector path dereferences a null pointer: it crashes, only for
 * len >= 100. */
#include <stddef.h>
#include <stdint.h>

#include "kernel_abi.h"

REDSEM_KERNEL(sum_int32_crashes_on_long_vectors) {
  REDSEM_UNUSED(datatype);
  const uint32_t* a = invec;
  uint32_t* b = inoutvec;
  volatile uint32_t* nowhere = NULL;
  if (*len >= 100) b[0] = *nowhere;
  for (int i = 0; i < *len; ++i) b[i] += a[i];
}
