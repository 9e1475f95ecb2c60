/* SPDX-License-Identifier: BSD-3-Clause */
/* adversary: a kernel that allocates and touches memory without end. Its forked child had no
 * memory limit, so it took the machine's memory before the call failed; each call now fails
 * once it has added 256 MiB to redsem's address space. */
#include <stdlib.h>
#include <string.h>

void sum_int32_leaking(void *in, void *inout, int *len, void *type) {
  (void)in, (void)inout, (void)len, (void)type;
  for (;;) {
    char *p = malloc(1 << 20);
    memset(p, 1, 1 << 20); /* a failed malloc faults here: the call crashes */
  }
}
