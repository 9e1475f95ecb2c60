/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_SUM on int32 kernels that never return to their caller: one spins, one blocks, one
 * ends the process with exit(0), one dispatches on its datatype handle as real multi-type ops
 * do (MPICH's MPI_INT handle) and aborts on anything else. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../buggy/kernel_abi.h"
#include "sum_int32.h"

REDSEM_KERNEL(sum_int32_spins) {
  REDSEM_UNUSED(invec);
  REDSEM_UNUSED(inoutvec);
  REDSEM_UNUSED(datatype);
  for (volatile int i = 0; *len > 0; i = i + 1) {
  }
}

REDSEM_KERNEL(sum_int32_blocks) {
  REDSEM_UNUSED(invec);
  REDSEM_UNUSED(inoutvec);
  REDSEM_UNUSED(len);
  REDSEM_UNUSED(datatype);
  for (;;) pause();
}

REDSEM_KERNEL(sum_int32_exits) {
  REDSEM_UNUSED(invec);
  REDSEM_UNUSED(inoutvec);
  REDSEM_UNUSED(len);
  REDSEM_UNUSED(datatype);
  exit(0);
}

REDSEM_KERNEL(sum_int32_checks_handle) {
  int handle = 0;
  memcpy(&handle, datatype, sizeof handle);
  if (handle != 0x4c000405) abort(); /* MPICH's MPI_INT */
  add_int32(invec, inoutvec, *len);
}

/* Wrong (one too many) on long calls, spinning on short ones: shrinking its wrong result meets
 * hangs, which must not cost a time limit per candidate for thousands of candidates. */
REDSEM_KERNEL(sum_int32_wrong_long_spins_short) {
  REDSEM_UNUSED(datatype);
  for (volatile int i = 0; *len < 8; i = i + 1) {
  }
  add_int32(invec, inoutvec, *len);
  ((uint32_t*)inoutvec)[0] += 1;
}
