/* SPDX-License-Identifier: BSD-3-Clause */
/* The correct twin of matrix_chain_bad.c: the product op is created non-commutative. No finding. */
#include "matrix_chain.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  run_chain(0);
  MPI_Finalize();
  return 0;
}
