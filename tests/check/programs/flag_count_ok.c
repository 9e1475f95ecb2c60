/* SPDX-License-Identifier: BSD-3-Clause */
/* The correct twin of flag_count_bad.c: the flags are small integers, MPI_SIGNED_CHAR. No finding. */
#include "flag_count.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  count_flags(MPI_SIGNED_CHAR);
  MPI_Finalize();
  return 0;
}
