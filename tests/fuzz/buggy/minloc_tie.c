/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_MINLOC on MPI_2INT that keeps the inout index on a tie instead of the smaller one. */
#include "kernel_abi.h"

struct two_int {
  int value, index;
};

REDSEM_KERNEL(minloc_2int_keeps_inout_index_on_tie) {
  REDSEM_UNUSED(datatype);
  const struct two_int* a = invec;
  struct two_int* b = inoutvec;
  for (int i = 0; i < *len; ++i)
    if (a[i].value < b[i].value) b[i] = a[i];
}
