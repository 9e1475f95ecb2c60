/* SPDX-License-Identifier: BSD-3-Clause */
/* An MCS lock's handoff (the reads-from order, check/analysis/rma_reads_from.h): rank 0 marks
 * its element empty (-1), and after a barrier another rank writes its own rank there with
 * MPI_Accumulate MPI_REPLACE and a flush; rank 0 polls the element with MPI_Fetch_and_op
 * MPI_NO_OP and a flush until it changes, then stores -1 into it again. Nothing but the value
 * rank 0 fetched orders the write before the store: observing the only value that write could
 * have left there does (MPI-4.1 §13.7.1, §13.3.4, §13.4). Everything in one lock_all epoch.
 * SYNC_CASE 43: rank 1 writes. The racy twin stores without polling: the write may be in flight.
 * SYNC_CASE 55: as 43, in a shared-memory window (MPI_Win_allocate_shared), whose every member
 *   may store into rank 0's segment directly: the watcher saw that none did.
 * SYNC_CASE 44: ranks 1 and 2 write, each into an element of its own, and rank 0 polls both. The
 *   racy twin has both write 7 into one element: a 7 observed there may be either's, and the
 *   other may still be in flight when rank 0 stores.
 * The polls back off (1 ms doubling to 64 ms), so that a slow writer does not make rank 0 reach
 * the record's bound of synchronisation calls per window before the value arrives. */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

enum { empty = -1 };

static int poll(MPI_Win win, int disp) {
  int value;
  MPI_Fetch_and_op(NULL, &value, MPI_INT, 0, disp, MPI_NO_OP, win);
  MPI_Win_flush(0, win);
  return value;
}

__attribute__((unused)) static void wait_for_change(MPI_Win win, int disp) {
  for (unsigned pause = 1000; poll(win, disp) == empty; pause = pause < 64000 ? 2 * pause : pause) usleep(pause);
}

static void write_rank(MPI_Win win, int disp, int value) {
  MPI_Accumulate(&value, 1, MPI_INT, 0, disp, 1, MPI_INT, MPI_REPLACE, win);
  MPI_Win_flush(0, win);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *base;
  MPI_Win win;
  /* A page a rank, so that no rank's segment shares a page with another's. */
#if SYNC_CASE == 55
  MPI_Win_allocate_shared(4096, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
#else
  MPI_Win_allocate(4096, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
#endif
  MPI_Win_lock_all(0, win);
  volatile int *element = base;
  if (rank == 0) {
    element[0] = empty;
    element[1] = empty;
    MPI_Win_sync(win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
#if SYNC_CASE == 43 || SYNC_CASE == 55
  if (rank == 1) write_rank(win, 0, 1);
  if (rank == 0) {
#ifndef RMA_KNOWN_ERROR
    wait_for_change(win, 0);
#endif
    element[0] = empty;
  }
#elif SYNC_CASE == 44
#ifdef RMA_KNOWN_ERROR
  if (rank == 1 || rank == 2) write_rank(win, 0, 7);
  if (rank == 0) {
    wait_for_change(win, 0);
    element[0] = empty;
  }
#else
  if (rank == 1 || rank == 2) write_rank(win, rank - 1, rank);
  if (rank == 0) {
    wait_for_change(win, 0);
    wait_for_change(win, 1);
    element[0] = empty;
    element[1] = empty;
  }
#endif
#endif
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  if (rank == 0) printf("handed over\n");
  MPI_Finalize();
  return 0;
}
