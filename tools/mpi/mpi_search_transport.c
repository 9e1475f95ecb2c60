/* SPDX-License-Identifier: BSD-3-Clause */
/* libredsem_search_<family>.so: redsem-mpi's calls into one MPI (tools/mpi/search_transport.h),
 * compiled by that MPI's wrapper (per_mpi/). */
#include <mpi.h>
#include <stdlib.h>

#include "search_transport.h"

int redsem_search_init(int *argc, char ***argv, int *rank, int *size) {
  int rc = MPI_Init(argc, argv);
  if (rc == MPI_SUCCESS) rc = MPI_Comm_rank(MPI_COMM_WORLD, rank);
  if (rc == MPI_SUCCESS) rc = MPI_Comm_size(MPI_COMM_WORLD, size);
  return rc;
}

int redsem_search_allgather_lengths(long long mine, long long *all) {
  return MPI_Allgather(&mine, 1, MPI_LONG_LONG, all, 1, MPI_LONG_LONG, MPI_COMM_WORLD);
}

int redsem_search_allgatherv(const char *mine, int count, char *all, const int *counts, const int *displacements) {
  return MPI_Allgatherv(mine, count, MPI_CHAR, all, counts, displacements, MPI_CHAR, MPI_COMM_WORLD);
}

int redsem_search_alltoall_lengths(const long long *to, long long *from) {
  return MPI_Alltoall(to, 1, MPI_LONG_LONG, from, 1, MPI_LONG_LONG, MPI_COMM_WORLD);
}

int redsem_search_exchange(const char *const *to, const int *to_counts, char *const *from, const int *from_counts) {
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Request *requests = malloc(2 * (size_t)size * sizeof *requests);
  /* Statuses, not MPI_STATUSES_IGNORE: GCC takes MPICH's constant for a pointer to no bytes. */
  MPI_Status *statuses = malloc(2 * (size_t)size * sizeof *statuses);
  if (requests == NULL || statuses == NULL) {
    free(requests);
    free(statuses);
    return MPI_ERR_NO_MEM;
  }
  int n = 0;
  /* Every receive posted before any send: no rank's send waits for a receive not yet posted. */
  for (int r = 0; r < size; ++r)
    if (r != rank) MPI_Irecv(from[r], from_counts[r], MPI_BYTE, r, 0, MPI_COMM_WORLD, &requests[n++]);
  for (int r = 0; r < size; ++r)
    if (r != rank) MPI_Isend(to[r], to_counts[r], MPI_BYTE, r, 0, MPI_COMM_WORLD, &requests[n++]);
  const int rc = MPI_Waitall(n, requests, statuses);
  free(requests);
  free(statuses);
  return rc;
}

void redsem_search_abort(int code) { MPI_Abort(MPI_COMM_WORLD, code); }

int redsem_search_finalize(void) { return MPI_Finalize(); }
