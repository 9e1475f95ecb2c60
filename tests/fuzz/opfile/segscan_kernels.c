/* SPDX-License-Identifier: BSD-3-Clause */
/* The MPI-4.1 §7.11.3 segmented-scan operator (examples/ops/segscan_7_11_3.op, T=double) as C
 * kernels with the MPI_User_function ABI: a correct one and one with the classic slip of
 * adding across segments when the right operand starts one. inoutvec := invec ∘ inoutvec. */
#include "../buggy/kernel_abi.h"

struct seg {
  double val;
  int log;
};

REDSEM_KERNEL(segscan_double_correct) {
  REDSEM_UNUSED(datatype);
  const struct seg* a = invec;
  struct seg* b = inoutvec;
  for (int i = 0; i < *len; ++i)
    if (a[i].log == b[i].log) b[i].val = a[i].val + b[i].val;
}

/* Bug: <= for ==, so a segment that starts on the right (logical 0 then 1) is added across. */
REDSEM_KERNEL(segscan_double_adds_across_segments) {
  REDSEM_UNUSED(datatype);
  const struct seg* a = invec;
  struct seg* b = inoutvec;
  for (int i = 0; i < *len; ++i)
    if (a[i].log <= b[i].log) b[i].val = a[i].val + b[i].val;
}

/* Right on the domain of segscan_flag.op (segment flags 0 and 1), where two flags are equal
 * exactly when their low bits are; outside it (flags -1 and 1) it joins different segments. */
REDSEM_KERNEL(segscan_double_flag_bit) {
  REDSEM_UNUSED(datatype);
  const struct seg* a = invec;
  struct seg* b = inoutvec;
  for (int i = 0; i < *len; ++i)
    if (((a[i].log ^ b[i].log) & 1) == 0) b[i].val = a[i].val + b[i].val;
}

/* The same with the slip above: a segment that starts on the right is added across. */
REDSEM_KERNEL(segscan_double_flag_bit_adds_across) {
  REDSEM_UNUSED(datatype);
  const struct seg* a = invec;
  struct seg* b = inoutvec;
  for (int i = 0; i < *len; ++i)
    if ((a[i].log & 1) <= (b[i].log & 1)) b[i].val = a[i].val + b[i].val;
}
