/* SPDX-License-Identifier: BSD-3-Clause */
/* User ops of the shape real multi-type ops have: they dispatch on their MPI_Datatype handle,
 * compared with the predefined handles of the MPI they were compiled for, and abort on any
 * other. Built once per MPI with its mpicc: MPI_INT is a pointer to a global in Open MPI and an
 * integer constant in MPICH. */
#include <mpi.h>
#include <stdlib.h>

/* MPI_SUM on MPI_INT (wrapping, as two's complement adds) or MPI_DOUBLE. */
void sum_int_or_double(void* invec, void* inoutvec, int* len, MPI_Datatype* datatype) {
  if (*datatype == MPI_INT) {
    const int* a = invec;
    int* b = inoutvec;
    for (int i = 0; i < *len; ++i) b[i] = (int)((unsigned)a[i] + (unsigned)b[i]);
  } else if (*datatype == MPI_DOUBLE) {
    const double* a = invec;
    double* b = inoutvec;
    for (int i = 0; i < *len; ++i) b[i] = a[i] + b[i];
  } else {
    abort();
  }
}

/* MPI_MAX on MPI_INT, but it compares as unsigned: wrong for negative values. */
void max_int_unsigned_compare(void* invec, void* inoutvec, int* len, MPI_Datatype* datatype) {
  if (*datatype != MPI_INT) abort();
  const unsigned* a = invec;
  unsigned* b = inoutvec;
  for (int i = 0; i < *len; ++i)
    if (a[i] > b[i]) b[i] = a[i];
}
