/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Win_allocate_shared as process synchronisation: MPI_Win_shared_query, a local call, gives
 * every member each other member's segment, whose size is that member's input (MPI-4.1 §13.2.3),
 * so a member's return from the creation follows every member's entry. Rank 1 puts into rank 0's
 * memory of another window before the creation, rank 0 reads it after; built with
 * -DRMA_KNOWN_ERROR rank 1 puts after the creation (a race, whatever the order in time). */
#include "lock_put_read.h"

static void exchange(int rank, const int *base, MPI_Win win) {
#ifndef RMA_KNOWN_ERROR
  if (rank == 1) put_seven(win);
#endif
  int *mine;
  MPI_Win shared;
  MPI_Win_allocate_shared(rank == 2 ? 4 * sizeof(int) : 0, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &shared);
#ifdef RMA_KNOWN_ERROR
  if (rank == 1) put_seven(win);
#endif
  if (rank == 0) read_element(base);
  MPI_Win_free(&shared);
}

int main(int argc, char **argv) { return put_read_main(argc, argv, exchange); }
