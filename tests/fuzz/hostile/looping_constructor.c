/* SPDX-License-Identifier: BSD-3-Clause */
/* A library whose constructor never returns: loading it loops inside dlopen (spending CPU time,
 * which is what makes it a finding rather than slowness). Its kernel is right, and never
 * reached. */
#include <unistd.h>

#include "../buggy/kernel_abi.h"
#include "sum_int32.h"

__attribute__((constructor)) static void never_done(void) {
  for (volatile int i = 0;; i = i + 1) {
  }
}

REDSEM_KERNEL(sum_int32_behind_a_looping_constructor) {
  REDSEM_UNUSED(datatype);
  add_int32(invec, inoutvec, *len);
}
