/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_SUM on int32 with a scalar prologue up to a 16-byte boundary of inoutvec, then a body
 * of 4-element blocks. The prologue counts whole elements (rounding down) and the body starts
 * after the rounded-up count: when inoutvec is not 4-byte aligned one element is skipped. */
#include <stdint.h>
#include <string.h>

#include "kernel_abi.h"

REDSEM_KERNEL(sum_int32_misaligned_prologue) {
  REDSEM_UNUSED(datatype);
  unsigned char* a = invec;
  unsigned char* b = inoutvec;
  const int n = *len;
  const int head_bytes = (int)((16 - (uintptr_t)b % 16) % 16);
  const int prologue = head_bytes / 4 < n ? head_bytes / 4 : n;
  const int body_start = (head_bytes + 3) / 4 < n ? (head_bytes + 3) / 4 : n;
  for (int i = 0; i < n; ++i) {
    if (i >= prologue && i < body_start) continue;
    uint32_t x, y;
    memcpy(&x, a + 4 * i, 4);
    memcpy(&y, b + 4 * i, 4);
    y += x;
    memcpy(b + 4 * i, &y, 4);
  }
}
