/* SPDX-License-Identifier: BSD-3-Clause */
/* One known error: the matrix product op is created commutative (MPI-4.1 §7.9.5), but
 * A*B != B*A. Expected finding: user_op_not_commutative. */
#include "matrix_chain.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  run_chain(1);
  MPI_Finalize();
  return 0;
}
