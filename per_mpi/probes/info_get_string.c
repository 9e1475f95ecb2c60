/* SPDX-License-Identifier: BSD-3-Clause */
/* Probe: MPI_Info_get_string (MPI-4.1 §10; MPI_Info_get before MPI-4). */
#include <mpi.h>

int main(void) {
  int (*volatile f)(MPI_Info, const char *, int *, char *, int *) = MPI_Info_get_string;
  return f == 0;
}
