/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_SUM on int32 kernels that compute the right sums but break the rest of the user
 * function's contract (MPI-4.1 §7.9.5): they write *len, or write invec. The fuzzer must report
 * each, and must not loop on the *len they leave behind. */
#include "../buggy/kernel_abi.h"
#include "sum_int32.h"

/* A caller that trusted *len = 0 would never advance. */
REDSEM_KERNEL(sum_int32_sets_len_zero) {
  REDSEM_UNUSED(datatype);
  add_int32(invec, inoutvec, *len);
  *len = 0;
}

/* A caller that trusted *len = -1 would step backwards. */
REDSEM_KERNEL(sum_int32_sets_len_minus_one) {
  REDSEM_UNUSED(datatype);
  add_int32(invec, inoutvec, *len);
  *len = -1;
}

/* Uses invec as scratch space: clears it after use. */
REDSEM_KERNEL(sum_int32_clears_invec) {
  REDSEM_UNUSED(datatype);
  add_int32(invec, inoutvec, *len);
  uint32_t* a = invec;
  for (int i = 0; i < *len; ++i) a[i] = 0;
}
