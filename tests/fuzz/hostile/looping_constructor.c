/* A library whose constructor never returns: loading it blocks inside dlopen. Its kernel is
 * right, and never reached. */
#include <unistd.h>

#include "../buggy/kernel_abi.h"
#include "sum_int32.h"

__attribute__((constructor)) static void never_done(void) {
  for (;;) pause();
}

REDSEM_KERNEL(sum_int32_behind_a_looping_constructor) {
  REDSEM_UNUSED(datatype);
  add_int32(invec, inoutvec, *len);
}
