/* SPDX-License-Identifier: BSD-3-Clause */
/* Passive target ordered by neighbourhood collectives, collectives on intercommunicators, and
 * messages on communicators whose members are those of MPI_COMM_WORLD (happens_before.h): rank 1
 * puts into rank 0's window under a shared lock and unlocks, and rank 0 reads the element after
 * a call whose data flow orders it after rank 1's put (or, in the racy twin, does not).
 * SYNC_CASE 30: MPI_Neighbor_allgather on a periodic ring (MPI_Cart_create): rank 0's
 *   in-neighbours are ranks 3 and 1; in the racy twin rank 2 puts, no neighbour of rank 0;
 * SYNC_CASE 31: MPI_Ineighbor_alltoallv on a graph where rank r receives from rank r+1
 *   (MPI_Dist_graph_create_adjacent), completed by MPI_Wait; the racy twin reads before the wait;
 * SYNC_CASE 32: a persistent MPI_Neighbor_alltoall on a line (not periodic: rank 0 has only
 *   rank 1, its other neighbour is MPI_PROC_NULL), started once; the racy twin's counts are 0,
 *   which moves no data and orders nothing;
 * SYNC_CASE 33: MPI_Bcast on the intercommunicator between the even and the odd ranks, from rank
 *   1 (MPI_ROOT there, MPI_PROC_NULL on rank 3, remote rank 0 in the even group); in the racy
 *   twin rank 3 is the root;
 * SYNC_CASE 34: MPI_Allreduce on that intercommunicator: rank 0's result comes from the odd
 *   group (MPI-4.1 §7.2.2); in the racy twin rank 2 puts, whose input rank 0's result lacks;
 * SYNC_CASE 35: two MPI_Comm_idup of MPI_COMM_WORLD, then as rma_lock_requests.c's case 22: rank
 *   1 sends on the first, then on the second, one message of one tag each, and rank 0 reads
 *   between its two receives; rank 1 puts before its first send, or (racy) between the two, a
 *   race only seen if the two messages are told apart;
 * SYNC_CASE 36: likewise on two communicators of every rank made by MPI_Comm_create_group (one
 *   tag);
 * SYNC_CASE 37: likewise on two intracommunicators MPI_Intercomm_merge makes of the even and odd
 *   groups (rank 0 of the merged communicator is world rank 0: the odd group is "high");
 * SYNC_CASE 38: the large-count MPI_Bcast_c from rank 1 (MPI-4; else MPI_Bcast); in the racy
 *   twin from rank 0;
 * SYNC_VARIANT 1 of case 30: the ring made by MPI_Graph_create; of case 33: MPI_Gather at world
 *   rank 0 from the odd group, rank 1 putting, or (racy) rank 2, of rank 0's own group; of case
 *   34: MPI_Barrier, which orders each group after the other's entries only; SYNC_VARIANT 2 of
 *   case 34: MPI_Comm_split of the intercommunicator after rank 2's put, whose result on rank 0
 *   depends on every member's colour, or (racy) with MPI_UNDEFINED on rank 0;
 * SYNC_CASE 39: MPI_Neighbor_alltoallv on the periodic ring where rank 0 receives nothing from
 *   rank 1 (counts 0 both sides) and one element from rank 3: rank 3 puts, or (racy) rank 1,
 *   whose entry rank 0's return need not follow.
 * Built with -DRMA_KNOWN_ERROR: window_access_race. Rank 1 waits before it locks, so the read
 * usually comes first in time and only the ranks' synchronisation shows the race. */
#include "lock_put_read.h"
#ifndef SYNC_VARIANT
#define SYNC_VARIANT 0
#endif

#if SYNC_CASE >= 30 && SYNC_CASE <= 32
static void exchange(int rank, const int *base, MPI_Win win) {
  int size, mine[2] = {rank, rank}, got[2] = {-1, -1};
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm topo;
#if SYNC_CASE == 31
  const int from = (rank + 1) % size, to = (rank + size - 1) % size;
  int *volatile unweighted = MPI_UNWEIGHTED; /* volatile: GCC takes it for a buffer too small */
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &from, unweighted, 1, &to, unweighted, MPI_INFO_NULL, 0, &topo);
#elif SYNC_VARIANT == 1 /* the same ring as a graph */
  int index[64], edges[128];
  for (int i = 0; i < size && i < 64; ++i) {
    index[i] = 2 * (i + 1);
    edges[2 * i] = (i + size - 1) % size;
    edges[2 * i + 1] = (i + 1) % size;
  }
  MPI_Graph_create(MPI_COMM_WORLD, size < 64 ? size : 64, index, edges, 0, &topo);
#else
  const int periodic = SYNC_CASE == 30;
  MPI_Cart_create(MPI_COMM_WORLD, 1, &size, &periodic, 0, &topo);
#endif
#if SYNC_CASE == 30 && defined(RMA_KNOWN_ERROR)
  if (rank == 2) put_seven(win);
#else
  if (rank == 1) put_seven(win);
#endif
#if SYNC_CASE == 30
  MPI_Neighbor_allgather(mine, 1, MPI_INT, got, 1, MPI_INT, topo);
#elif SYNC_CASE == 31
  const int one = 1, zero = 0;
  MPI_Request request;
  MPI_Ineighbor_alltoallv(mine, &one, &zero, MPI_INT, got, &one, &zero, MPI_INT, topo, &request);
#ifdef RMA_KNOWN_ERROR
  if (rank == 0) read_element(base);
#endif
  MPI_Wait(&request, MPI_STATUS_IGNORE);
#else
#ifdef RMA_KNOWN_ERROR
  const int count = 0;
#else
  const int count = 1;
#endif
  MPI_Request request;
  PERSISTENT(Neighbor_alltoall)(mine, count, MPI_INT, got, count, MPI_INT, topo, MPI_INFO_NULL, &request);
  MPI_Start(&request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  MPI_Request_free(&request);
#endif
#if SYNC_CASE != 31 || !defined(RMA_KNOWN_ERROR)
  if (rank == 0) read_element(base);
#endif
  MPI_Comm_free(&topo);
}
#elif SYNC_CASE == 33 || SYNC_CASE == 34
static void exchange(int rank, const int *base, MPI_Win win) {
  MPI_Comm half, inter;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - rank % 2, 33, &inter);
  int mine = rank, got = -1;
#if ((SYNC_CASE == 34 || SYNC_VARIANT == 1) && defined(RMA_KNOWN_ERROR)) || SYNC_VARIANT == 2
  if (rank == 2) put_seven(win);
#else
  if (rank == 1) put_seven(win);
#endif
#if SYNC_CASE == 33 && SYNC_VARIANT == 1
  /* gathered at world rank 0 (MPI_ROOT; MPI_PROC_NULL at world rank 2) from the odd group */
  int all[2];
  MPI_Gather(&mine, 1, MPI_INT, all, 1, MPI_INT, rank % 2 ? 0 : rank == 0 ? MPI_ROOT : MPI_PROC_NULL, inter);
  (void)got;
#elif SYNC_CASE == 34 && SYNC_VARIANT == 2
  /* who shares rank 0's new communicator depends on its own group's colours too */
  MPI_Comm split;
#ifdef RMA_KNOWN_ERROR
  MPI_Comm_split(inter, rank == 0 ? MPI_UNDEFINED : 0, rank, &split);
#else
  MPI_Comm_split(inter, 0, rank, &split);
#endif
  if (split != MPI_COMM_NULL) MPI_Comm_free(&split);
  (void)got;
  (void)mine;
#elif SYNC_CASE == 34 && SYNC_VARIANT == 1
  MPI_Barrier(inter);
  (void)got;
  (void)mine;
#elif SYNC_CASE == 33
#ifdef RMA_KNOWN_ERROR
  const int root_world = 3;
#else
  const int root_world = 1;
#endif
  /* the root's group passes MPI_ROOT at the root and MPI_PROC_NULL elsewhere; the other group
   * the root's rank in the remote group */
  const int root = rank % 2 == 0 ? root_world / 2 : rank == root_world ? MPI_ROOT : MPI_PROC_NULL;
  MPI_Bcast(&mine, 1, MPI_INT, root, inter);
  (void)got;
#else
  MPI_Allreduce(&mine, &got, 1, MPI_INT, MPI_SUM, inter);
#endif
  if (rank == 0) read_element(base);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
}
#elif SYNC_CASE >= 35 && SYNC_CASE <= 37
/* A communicator of every rank, rank 0 and 1 being world ranks 0 and 1. */
static MPI_Comm same_members(int rank) {
  MPI_Comm made;
#if SYNC_CASE == 35
  MPI_Request request;
  MPI_Comm_idup(MPI_COMM_WORLD, &made, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  (void)rank;
#elif SYNC_CASE == 36
  MPI_Group all;
  MPI_Comm_group(MPI_COMM_WORLD, &all);
  MPI_Comm_create_group(MPI_COMM_WORLD, all, 36, &made);
  MPI_Group_free(&all);
  (void)rank;
#else
  MPI_Comm half, inter;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - rank % 2, 37, &inter);
  MPI_Intercomm_merge(inter, rank % 2, &made);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
#endif
  return made;
}

static void exchange(int rank, const int *base, MPI_Win win) {
  MPI_Comm first = same_members(rank), second = same_members(rank);
  /* in the merged communicator the even group comes first: world 1 is rank 2 there */
  put_read_over(rank, base, win, SYNC_CASE == 37 ? 2 : 1, first, second);
  MPI_Comm_free(&second);
  MPI_Comm_free(&first);
}
#elif SYNC_CASE == 39
static void exchange(int rank, const int *base, MPI_Win win) {
  int size, mine[2] = {rank, rank}, got[2] = {-1, -1};
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int periodic = 1;
  MPI_Comm ring;
  MPI_Cart_create(MPI_COMM_WORLD, 1, &size, &periodic, 0, &ring);
#ifdef RMA_KNOWN_ERROR
  if (rank == 1) put_seven(win);
#else
  if (rank == 3) put_seven(win);
#endif
  /* neighbours in order: rank - 1, rank + 1; nothing from rank 1 to rank 0 */
  const int recvcounts[2] = {1, rank == 0 ? 0 : 1}, sendcounts[2] = {rank == 1 ? 0 : 1, 1};
  const int displs[2] = {0, 1};
  MPI_Neighbor_alltoallv(mine, sendcounts, displs, MPI_INT, got, recvcounts, displs, MPI_INT, ring);
  if (rank == 0) read_element(base);
  MPI_Comm_free(&ring);
}
#else
static void exchange(int rank, const int *base, MPI_Win win) {
  int mine = rank;
  if (rank == 1) put_seven(win);
#ifdef RMA_KNOWN_ERROR
  const int root = 0;
#else
  const int root = 1;
#endif
#if MPI_VERSION >= 4
  MPI_Bcast_c(&mine, 1, MPI_INT, root, MPI_COMM_WORLD);
#else
  MPI_Bcast(&mine, 1, MPI_INT, root, MPI_COMM_WORLD);
#endif
  if (rank == 0) read_element(base);
}
#endif

int main(int argc, char **argv) { return put_read_main(argc, argv, exchange); }
