/* SPDX-License-Identifier: BSD-3-Clause */
/* Communicators named across ranks (docs/design.md, "A communicator is named across ranks").
 * SYNC_CASE 75: 70 MPI_Comm_idup of MPI_COMM_WORLD pending at once, then rank 1's put ordered
 *   before rank 0's read by a message on the 69th duplicate, and another message on the 70th:
 *   both must be named apart from each other (a fixed table of 64 pending requests once left them
 *   unnamed, two communicators of the same members the analysis could not tell apart). Built with
 *   -DRMA_KNOWN_ERROR rank 1 sends before it puts.
 * SYNC_CASE 76: MPI_Intercomm_create between the even and the odd ranks, leaders 0 and 1: rank 1
 *   (the odd leader) puts into rank 2's window before it, and rank 2 (not a leader) reads after
 *   it: its return follows its leader's receipt from rank 1 (MPI-4.1 §8.6.2), so after rank 1's
 *   entry; in the racy twin rank 1 puts after it. */
#include "lock_put_read.h"

#if SYNC_CASE == 75
#define DUPS 70

static void exchange(int rank, const int *base, MPI_Win win) {
  MPI_Comm dups[DUPS];
  MPI_Request requests[DUPS];
  for (int i = 0; i < DUPS; ++i) MPI_Comm_idup(MPI_COMM_WORLD, &dups[i], &requests[i]);
  MPI_Status statuses[DUPS];
  MPI_Waitall(DUPS, requests, statuses);
  if (rank == 1) {
#ifdef RMA_KNOWN_ERROR
    MPI_Send(NULL, 0, MPI_INT, 0, 0, dups[DUPS - 2]);
    put_seven(win);
#else
    put_seven(win);
    MPI_Send(NULL, 0, MPI_INT, 0, 0, dups[DUPS - 2]);
#endif
    MPI_Send(NULL, 0, MPI_INT, 0, 0, dups[DUPS - 1]);
  }
  if (rank == 0) {
    MPI_Recv(NULL, 0, MPI_INT, 1, 0, dups[DUPS - 2], MPI_STATUS_IGNORE);
    read_element(base);
    MPI_Recv(NULL, 0, MPI_INT, 1, 0, dups[DUPS - 1], MPI_STATUS_IGNORE);
  }
  for (int i = 0; i < DUPS; ++i) MPI_Comm_free(&dups[i]);
}
#elif SYNC_CASE == 76
static void put_into_rank_2(MPI_Win win) {
  static const int seven = 7;
  MPI_Win_lock(MPI_LOCK_SHARED, 2, 0, win);
  MPI_Put(&seven, 1, MPI_INT, 2, 1, 1, MPI_INT, win);
  MPI_Win_unlock(2, win);
}

static void exchange(int rank, const int *base, MPI_Win win) {
  MPI_Comm half, inter;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
#ifndef RMA_KNOWN_ERROR
  if (rank == 1) put_into_rank_2(win);
#endif
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - rank % 2, 76, &inter);
#ifdef RMA_KNOWN_ERROR
  if (rank == 1) put_into_rank_2(win);
#endif
  if (rank == 2) read_element(base);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
}
#endif

int main(int argc, char **argv) { return put_read_main(argc, argv, exchange); }
