/* SPDX-License-Identifier: BSD-3-Clause */
/* One known error: the float sum depends on the order the library adds the contributions in
 * (MPI-4.1 §7.9.1 lets it choose): 1e16 + 1 rounds back to 1e16, so the total is 0, 1 or 2
 * depending on the bracketing. The runtime's `reduction` record carries the inputs and the
 * result; the launcher's order analysis gives the finding. */
#include "energy_sum.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  const double partial[4] = {1e16, 1.0, -1e16, 1.0};
  energy_sum(partial);
  MPI_Finalize();
  return 0;
}
