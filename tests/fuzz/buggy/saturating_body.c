/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_SUM on int8 whose 16-lane body saturates (as a vector adds_epi8 would) while the scalar
 * tail wraps: the drift Open MPI's AVX component shipped (open-mpi/ompi#8045). */
#include <stdint.h>

#include "kernel_abi.h"

REDSEM_KERNEL(sum_int8_saturating_body) {
  REDSEM_UNUSED(datatype);
  const int8_t* a = invec;
  int8_t* b = inoutvec;
  const int body = *len - *len % 16;
  for (int i = 0; i < body; ++i) {
    const int s = a[i] + b[i];
    b[i] = (int8_t)(s > 127 ? 127 : s < -128 ? -128 : s);
  }
  for (int i = body; i < *len; ++i) b[i] = (int8_t)(uint8_t)((uint8_t)a[i] + (uint8_t)b[i]);
}
