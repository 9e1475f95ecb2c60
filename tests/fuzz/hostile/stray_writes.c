/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_SUM on int32 kernels with right sums and one stray byte written away from the buffers:
 * 100 bytes before inoutbuf (beyond a 48-byte guard), 1000 bytes after it, 100 bytes after
 * inbuf, and 20000 bytes before inoutbuf (in the inaccessible fence: a crash). */
#include "../buggy/kernel_abi.h"
#include "sum_int32.h"

REDSEM_KERNEL(sum_int32_writes_100_before) {
  REDSEM_UNUSED(datatype);
  add_int32(invec, inoutvec, *len);
  ((volatile char*)inoutvec)[-100] = 0x5a;
}

REDSEM_KERNEL(sum_int32_writes_1000_after) {
  REDSEM_UNUSED(datatype);
  add_int32(invec, inoutvec, *len);
  ((volatile char*)inoutvec)[4 * *len + 1000] = 0x5a;
}

REDSEM_KERNEL(sum_int32_writes_after_inbuf) {
  REDSEM_UNUSED(datatype);
  add_int32(invec, inoutvec, *len);
  ((volatile char*)invec)[4 * *len + 100] = 0x5a;
}

REDSEM_KERNEL(sum_int32_writes_20000_before) {
  REDSEM_UNUSED(datatype);
  add_int32(invec, inoutvec, *len);
  ((volatile char*)inoutvec)[-20000] = 0x5a;
}
