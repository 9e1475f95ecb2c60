/* SPDX-License-Identifier: BSD-3-Clause */
/* The correct twin of energy_sum_bad.c: small dyadic values, every order gives the same exact
 * sum. No finding. */
#include "energy_sum.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  const double partial[4] = {1.5, 2.25, -0.5, 4.0};
  energy_sum(partial);
  MPI_Finalize();
  return 0;
}
