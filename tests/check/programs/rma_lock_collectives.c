/* SPDX-License-Identifier: BSD-3-Clause */
/* Passive target ordered by collectives (happens_before.h): rank 1 puts into rank 0's window under
 * a shared lock and unlocks, and rank 0 reads the element after a collective whose data flow
 * orders it after rank 1's put (or, in the racy twin, does not). Messages that order the same put
 * and read are in rma_lock_requests.c; the case numbers are shared with it.
 * SYNC_CASE 5: a nonblocking collective, MPI_Iallreduce, completed by an MPI_Test loop (rank 1
 *   starts it after its unlock, rank 0 reads after it completes);
 * SYNC_CASE 6: likewise MPI_Ibarrier, completed by MPI_Wait;
 * SYNC_CASE 14 and 15: a rooted collective orders only its data flow (MPI-4.1 §7.14): rank 1
 *   puts, then MPI_Bcast from rank 1 (14) or MPI_Reduce to rank 0 (15), and rank 0 reads after
 *   it; the racy twin has the root on the wrong side (MPI_Bcast from rank 0, MPI_Reduce to
 *   rank 2), whose return on rank 0 follows nothing of rank 1;
 * SYNC_CASE 16 to 18: communicator creation whose result on rank 0 depends on rank 1's input:
 *   rank 1 puts, then MPI_Comm_split (16), MPI_Comm_split_type (17) or MPI_Dist_graph_create
 *   (18), and rank 0 reads after it; the racy twin's rank 0 passes MPI_UNDEFINED (16, 17: its
 *   MPI_COMM_NULL depends on nobody), or the ranks call MPI_Dist_graph_create_adjacent, whose
 *   result each rank's own arguments decide (18);
 * SYNC_CASE 19 to 21: persistent collectives (MPI-4.1 §7.13; Open MPI 4.1's MPIX_ forms), each
 *   started twice, rank 1 putting before the second start and rank 0 reading after the second
 *   completion: MPI_Barrier_init with MPI_Start and MPI_Wait (19), MPI_Bcast_init from rank 1
 *   (20), MPI_Allreduce_init with MPI_Startall and an MPI_Test loop (21). The racy twin reads
 *   between the second start and its completion (19, 21), or broadcasts from rank 0 (20);
 * SYNC_CASE 23: MPI_Intercomm_create between the even and the odd ranks, leaders 0 and 1: rank 1
 *   puts before it, and rank 0, whose group the leaders' arguments decide, reads after it; in the
 *   racy twin rank 3 puts, whose entry rank 0's return need not follow;
 * SYNC_CASE 24: MPI_Allreduce between rank 1's put and rank 0's read; in the racy twin its count
 *   is 0: no contribution and no result, and so no order.
 * Built with -DRMA_KNOWN_ERROR: window_access_race (in 5 and 6, rank 0 reads between the
 * collective's start and its completion). Rank 1 waits before it locks, so the read usually comes
 * first in time and only the ranks' synchronisation shows the race. */
#include "lock_put_read.h"

#if SYNC_CASE == 14 || SYNC_CASE == 15
static void exchange(int rank, const int *base, MPI_Win win) {
  int mine = rank, sum = 0;
  if (rank == 1) put_seven(win);
  (void)sum;
#if SYNC_CASE == 14
#ifdef RMA_KNOWN_ERROR
  MPI_Bcast(&mine, 1, MPI_INT, 0, MPI_COMM_WORLD);
#else
  MPI_Bcast(&mine, 1, MPI_INT, 1, MPI_COMM_WORLD);
#endif
#elif defined(RMA_KNOWN_ERROR)
  MPI_Reduce(&mine, &sum, 1, MPI_INT, MPI_SUM, 2, MPI_COMM_WORLD);
#else
  MPI_Reduce(&mine, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
#endif
  if (rank == 0) read_element(base);
}
#elif SYNC_CASE >= 16 && SYNC_CASE <= 18
static void exchange(int rank, const int *base, MPI_Win win) {
  if (rank == 1) put_seven(win);
  MPI_Comm made = MPI_COMM_NULL;
#ifdef RMA_KNOWN_ERROR
  const int undefined = rank == 0;
#else
  const int undefined = 0;
#endif
#if SYNC_CASE == 16
  MPI_Comm_split(MPI_COMM_WORLD, undefined ? MPI_UNDEFINED : rank % 2, rank, &made);
#elif SYNC_CASE == 17
  MPI_Comm_split_type(MPI_COMM_WORLD, undefined ? MPI_UNDEFINED : MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &made);
#else
  int size, next;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  next = (rank + 1) % size;
  (void)undefined;
  /* through a volatile pointer: GCC takes MPI_UNWEIGHTED for a buffer too small */
  int *volatile unweighted = MPI_UNWEIGHTED;
#ifdef RMA_KNOWN_ERROR
  const int previous = (rank + size - 1) % size;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &previous, unweighted, 1, &next, unweighted, MPI_INFO_NULL, 0,
                                 &made);
#else
  int source = rank, degree = 1;
  MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &source, &degree, &next, unweighted, MPI_INFO_NULL, 0, &made);
#endif
#endif
  if (rank == 0) read_element(base);
  if (made != MPI_COMM_NULL) MPI_Comm_free(&made);
}
#elif SYNC_CASE >= 19 && SYNC_CASE <= 21
static void exchange(int rank, const int *base, MPI_Win win) {
  MPI_Request request;
  int mine = rank, sum = 0;
  (void)sum;
  (void)mine;
#if SYNC_CASE == 19
  PERSISTENT(Barrier)(MPI_COMM_WORLD, MPI_INFO_NULL, &request);
#elif SYNC_CASE == 20 && defined(RMA_KNOWN_ERROR)
  PERSISTENT(Bcast)(&mine, 1, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &request);
#elif SYNC_CASE == 20
  PERSISTENT(Bcast)(&mine, 1, MPI_INT, 1, MPI_COMM_WORLD, MPI_INFO_NULL, &request);
#else
  PERSISTENT(Allreduce)(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &request);
#endif
  for (int round = 0; round < 2; ++round) {
    if (rank == 1 && round == 1) put_seven(win);
#if SYNC_CASE == 21
    MPI_Startall(1, &request);
#else
    MPI_Start(&request);
#endif
#if defined(RMA_KNOWN_ERROR) && SYNC_CASE != 20
    if (rank == 0 && round == 1) read_element(base);
#endif
#if SYNC_CASE == 21
    for (int done = 0; !done;) MPI_Test(&request, &done, MPI_STATUS_IGNORE);
#else
    MPI_Wait(&request, MPI_STATUS_IGNORE);
#endif
#if !defined(RMA_KNOWN_ERROR) || SYNC_CASE == 20
    if (rank == 0 && round == 1) read_element(base);
#endif
  }
  MPI_Request_free(&request);
}
#elif SYNC_CASE == 23
static void exchange(int rank, const int *base, MPI_Win win) {
  MPI_Comm half, inter;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
#ifdef RMA_KNOWN_ERROR
  if (rank == 3) put_seven(win);
#else
  if (rank == 1) put_seven(win);
#endif
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - rank % 2, 23, &inter);
  if (rank == 0) read_element(base);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
}
#elif SYNC_CASE == 24
static void exchange(int rank, const int *base, MPI_Win win) {
  int mine = rank, sum = 0;
  if (rank == 1) put_seven(win);
#ifdef RMA_KNOWN_ERROR
  MPI_Allreduce(&mine, &sum, 0, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#else
  MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#endif
  if (rank == 0) read_element(base);
}
#elif SYNC_CASE == 5 || SYNC_CASE == 6
static void exchange(int rank, const int *base, MPI_Win win) {
  if (rank == 1) put_seven(win);
  MPI_Request request;
#if SYNC_CASE == 5
  int mine = rank, sum = 0;
  MPI_Iallreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &request);
#else
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
#endif
#ifdef RMA_KNOWN_ERROR
  if (rank == 0) read_element(base);
#endif
#if SYNC_CASE == 5
  for (int done = 0; !done;) MPI_Test(&request, &done, MPI_STATUS_IGNORE);
#else
  MPI_Wait(&request, MPI_STATUS_IGNORE);
#endif
#ifndef RMA_KNOWN_ERROR
  if (rank == 0) read_element(base);
#endif
}
#endif

int main(int argc, char **argv) { return put_read_main(argc, argv, exchange); }
