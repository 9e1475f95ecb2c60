/* SPDX-License-Identifier: BSD-3-Clause */
/* The correct twin of kahan_sum_bad.c: MPI_IN_PLACE at the root only. No finding. */
#include "kahan_sum.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  global_sum(0);
  MPI_Finalize();
  return 0;
}
