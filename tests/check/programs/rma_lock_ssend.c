/* SPDX-License-Identifier: BSD-3-Clause */
/* Rank 0 sends rank 1 a message with MPI_Ssend, then reads an element of its own window that
 * rank 1 puts into, under a shared lock, before it receives the message. MPI_Ssend returns only
 * once the matching receive has started (MPI-4.1 §3.4), so the put is complete before the read.
 * Built with -DRMA_KNOWN_ERROR the send is a plain MPI_Send, which may return at once:
 * window_access_race. Rank 1 waits before it locks in both builds. */
#include "lock_put_read.h"

static void exchange(int rank, const int *base, MPI_Win win) {
  static const int seven = 7;
  int token = 1;
  if (rank == 0) {
#ifdef RMA_KNOWN_ERROR
    MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
#else
    MPI_Ssend(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
#endif
    read_element(base);
  }
  if (rank == 1) {
    usleep(200000);
    put_locked(&seven, 1, win);
    MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
}

int main(int argc, char **argv) { return put_read_main(argc, argv, exchange); }
