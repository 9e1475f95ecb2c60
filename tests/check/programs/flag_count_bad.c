/* SPDX-License-Identifier: BSD-3-Clause */
/* One known error: MPI_SUM on MPI_CHAR. MPI_CHAR is a character type, not valid in reductions
 * (MPI-4.1 §7.9.3); Open MPI and MPICH both accept the call silently. Expected finding:
 * character_type. */
#include "flag_count.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  count_flags(MPI_CHAR);
  MPI_Finalize();
  return 0;
}
