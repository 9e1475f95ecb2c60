/* SPDX-License-Identifier: BSD-3-Clause */
/* Probe: MPI_Reduce_local_c, the large-count MPI_Reduce_local (MPI-4.1 §7.9.7). Links or not. */
#include <mpi.h>

int main(void) {
  int (*volatile f)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op) = MPI_Reduce_local_c;
  return f == 0;
}
