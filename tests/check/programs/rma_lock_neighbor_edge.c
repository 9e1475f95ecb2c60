/* SPDX-License-Identifier: BSD-3-Clause */
/* Passive target ordered by neighbourhood collectives whose receive counts are not one per
 * neighbour that exists (happens_before.h), as in rma_lock_topology.c: rank 1 puts into rank 0's
 * window under a shared lock and unlocks, and rank 0 reads the element after a call whose data
 * flow orders it after rank 1's put (or, in the racy twin, does not).
 * SYNC_CASE 60: MPI_Neighbor_alltoallv on a line (not periodic), where rank 0's neighbours are
 *   MPI_PROC_NULL and rank 1, each with its count (MPI-4.1 §8.6): rank 0 receives nothing in the
 *   MPI_PROC_NULL slot and one element from rank 1; in the racy twin it gives the MPI_PROC_NULL
 *   slot a count of 1 and rank 1's a count of 0, and so receives nothing from rank 1;
 * SYNC_CASE 61: a persistent MPI_Neighbor_alltoallv on the periodic ring where rank 0 receives
 *   nothing from rank 1, made and kept, then MPI_Neighbor_allgather on that ring, which receives
 *   from both in-neighbours: rank 1 puts before it, or (racy) rank 2, no neighbour of rank 0.
 * Built with -DRMA_KNOWN_ERROR: window_access_race. Rank 1 waits before it locks, so the read
 * usually comes first in time and only the ranks' synchronisation shows the race. */
#include "lock_put_read.h"

#if SYNC_CASE == 60
/* Counts in the order of the neighbours (rank - 1, rank + 1); `silent_from` sends rank 0 nothing. */
static void alltoallv(int rank, int silent_from, MPI_Comm topo, const int recvcounts[2]) {
  int mine[2] = {rank, rank}, got[2] = {-1, -1};
  const int sendcounts[2] = {rank == silent_from ? 0 : 1, 1}, displs[2] = {0, 1};
  MPI_Neighbor_alltoallv(mine, sendcounts, displs, MPI_INT, got, recvcounts, displs, MPI_INT, topo);
}
static void exchange(int rank, const int *base, MPI_Win win) {
  int size = world_size();
  const int periodic = 0;
  MPI_Comm line;
  MPI_Cart_create(MPI_COMM_WORLD, 1, &size, &periodic, 0, &line);
  if (rank == 1) put_seven(win);
#ifdef RMA_KNOWN_ERROR
  const int zero_recv[2] = {1, 0}; /* the MPI_PROC_NULL slot counts, rank 1's does not */
  const int silent_from = 1;
#else
  const int zero_recv[2] = {0, 1};
  const int silent_from = -1;
#endif
  const int ones[2] = {1, 1};
  alltoallv(rank, silent_from, line, rank == 0 ? zero_recv : ones);
  if (rank == 0) read_element(base);
  MPI_Comm_free(&line);
}
#else
static void exchange(int rank, const int *base, MPI_Win win) {
  int size = world_size();
  const int periodic = 1;
  MPI_Comm ring;
  MPI_Cart_create(MPI_COMM_WORLD, 1, &size, &periodic, 0, &ring);
  /* rank 0 receives nothing from rank 1 here: a receive pattern kept while the request lives */
  int mine[2] = {rank, rank}, got[2] = {-1, -1}, kept_got[2] = {-1, -1};
  const int recvcounts[2] = {1, rank == 0 ? 0 : 1}, sendcounts[2] = {rank == 1 ? 0 : 1, 1}, displs[2] = {0, 1};
  MPI_Request kept;
  PERSISTENT(Neighbor_alltoallv)
  (mine, sendcounts, displs, MPI_INT, kept_got, recvcounts, displs, MPI_INT, ring, MPI_INFO_NULL, &kept);
#ifdef RMA_KNOWN_ERROR
  if (rank == 2) put_seven(win);
#else
  if (rank == 1) put_seven(win);
#endif
  MPI_Neighbor_allgather(mine, 1, MPI_INT, got, 1, MPI_INT, ring);
  if (rank == 0) read_element(base);
  MPI_Request_free(&kept);
  MPI_Comm_free(&ring);
}
#endif

int main(int argc, char **argv) { return put_read_main(argc, argv, exchange); }
