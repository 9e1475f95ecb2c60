/* SPDX-License-Identifier: BSD-3-Clause */
/* One known error: every rank, not only the root, passes MPI_IN_PLACE to MPI_Reduce
 * (MPI-4.1 §7.9.1). Expected finding: in_place_non_root on ranks 1..3. The libraries refuse
 * or crash on it (Open MPI returns MPI_ERR_ARG, fatal by default; MPICH reads through the
 * MPI_IN_PLACE address), so this program does not exit 0: the finding is recorded before the
 * call. */
#include "kahan_sum.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  global_sum(1);
  MPI_Finalize();
  return 0;
}
