/* SPDX-License-Identifier: BSD-3-Clause */
/* Rank 1 puts into rank 0's window under a shared lock, then tells rank 0 with a message; rank 0
 * reads the element after receiving it (from MPI_ANY_SOURCE), which orders the read after the
 * put. Ranks 2 and 3 exchange a value with MPI_Sendrecv meanwhile. Built with -DRMA_KNOWN_ERROR
 * rank 0 reads before it receives: window_access_race, found whatever the order in time (rank 1
 * waits before it locks, so the read usually comes first). */
#include "lock_put_read.h"

static void exchange(int rank, const int *base, MPI_Win win) {
  int size = world_size();
  int token = 1;
  if (rank == 1) {
    put_seven(win);
    MPI_Send(&token, 1, MPI_INT, 0, 42, MPI_COMM_WORLD);
  }
  if (rank == 0) {
#ifdef RMA_KNOWN_ERROR
    read_element(base);
#endif
    MPI_Recv(&token, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifndef RMA_KNOWN_ERROR
    read_element(base);
#endif
  }
  if (rank >= 2 && size >= 4) {
    const int other = rank == 2 ? 3 : 2;
    int mine = rank, theirs = -1;
    MPI_Sendrecv(&mine, 1, MPI_INT, other, 0, &theirs, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
}

int main(int argc, char **argv) { return put_read_main(argc, argv, exchange); }
