/* SPDX-License-Identifier: BSD-3-Clause */
/* Communicators named across ranks (docs/design.md, "A communicator is named across ranks").
 * SYNC_CASE 75: 70 MPI_Comm_idup of MPI_COMM_WORLD pending at once, then rank 1's put ordered
 *   before rank 0's read by a message on the 69th duplicate, and another message on the 70th:
 *   both must be named apart from each other (a fixed table of 64 pending requests once left them
 *   unnamed, two communicators of the same members the analysis could not tell apart). Built with
 *   -DRMA_KNOWN_ERROR rank 1 sends before it puts. */
#include "lock_put_read.h"

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

int main(int argc, char **argv) { return put_read_main(argc, argv, exchange); }
