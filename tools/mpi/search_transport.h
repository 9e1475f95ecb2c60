/* SPDX-License-Identifier: BSD-3-Clause */
/* What redsem-mpi (tools/mpi/mpi_main.cpp) asks of an MPI library: the few calls its split search
 * makes. redsem-mpi is redsem's C++, compiled once and linked with no MPI; these calls are one of
 * the per-MPI pieces (per_mpi/sources.cmake), libredsem_search_<family>.so, compiled by each MPI's
 * wrapper like the check library, and redsem-mpi loads the one of the MPI its --mpi names
 * (tools/mpi/search_transport_loader.h). Each returns MPI_SUCCESS (0) or the MPI call's error
 * code; counts are ints, as MPI's are (redsem-mpi refuses more before it calls). */
#ifndef REDSEM_SEARCH_TRANSPORT_H
#define REDSEM_SEARCH_TRANSPORT_H

#ifdef __cplusplus
extern "C" {
#endif

/* MPI_Init, then this process's rank and the job's size in MPI_COMM_WORLD. */
int redsem_search_init(int *argc, char ***argv, int *rank, int *size);
/* Every rank's `mine`, in rank order, into `all` (size entries). */
int redsem_search_allgather_lengths(long long mine, long long *all);
/* Every rank's bytes into `all`: rank r's `counts[r]` bytes at `displacements[r]`. */
int redsem_search_allgatherv(const char *mine, int count, char *all, const int *counts, const int *displacements);
/* to[d] is what goes to rank d; from[r] receives what rank r sends this one (size entries each). */
int redsem_search_alltoall_lengths(const long long *to, long long *from);
/* Point to point: to[d] (to_counts[d] bytes) to every other rank d, from[r] (from_counts[r] bytes)
 * from every other rank r; the entries of this rank are not touched. */
int redsem_search_exchange(const char *const *to, const int *to_counts, char *const *from, const int *from_counts);
/* MPI_Abort on MPI_COMM_WORLD. */
void redsem_search_abort(int code);
int redsem_search_finalize(void);

#ifdef __cplusplus
}
#endif

#endif
