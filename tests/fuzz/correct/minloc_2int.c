/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_MINLOC on MPI_2INT: the smaller value; on a tie, the smaller index. */
#include "../buggy/kernel_abi.h"

struct two_int {
  int value, index;
};

REDSEM_KERNEL(minloc_2int) {
  REDSEM_UNUSED(datatype);
  const struct two_int* a = invec;
  struct two_int* b = inoutvec;
  for (int i = 0; i < *len; ++i) {
    if (a[i].value < b[i].value)
      b[i] = a[i];
    else if (a[i].value == b[i].value && a[i].index < b[i].index)
      b[i].index = a[i].index;
  }
}
