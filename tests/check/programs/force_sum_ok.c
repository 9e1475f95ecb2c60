/* SPDX-License-Identifier: BSD-3-Clause */
/* The correct twin of force_sum_bad.c: the vectors go as 3 * BODIES MPI_DOUBLEs. No finding. */
#include "force_sum.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  total_forces(MPI_DOUBLE, 3 * BODIES);
  MPI_Finalize();
  return 0;
}
