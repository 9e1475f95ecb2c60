/* SPDX-License-Identifier: BSD-3-Clause */
/* Spin loops long enough to exhaust the record's 512 synchronisation calls per window, were each
 * iteration written (docs/design.md, "Repeated polls"): the runtime writes one iteration and an
 * `rma_repeat` line, and the analysis reads it as all of them. Rank 0 owns the elements; rank 1,
 * after a barrier and 300 ms, writes element 0 and flushes.
 * SYNC_CASE 45 (poll): rank 0 polls element 0 (MPI_Fetch_and_op MPI_NO_OP, flush) until it
 *   changes, then stores into it: ordered by the value it observed (rank 1 writes 1 with MPI_Accumulate
 *   MPI_REPLACE). The racy twin polls element 1, which nobody writes, 600 times, then stores into
 *   element 0: nothing orders the write.
 * SYNC_CASE 46 (trylock): element 0 is a lock rank 1 holds (1) and releases (-1, by MPI_Compare_and_swap); rank 0 spins
 *   like MPICH's MCS trylock: it stores -1 into its own element 2, MPI_Win_sync, then
 *   MPI_Compare_and_swap(0 if -1) on element 0 and a flush, until the swap succeeds; then it
 *   stores into element 0. The racy twin spins 600 times on element 1, a lock never released,
 *   then stores into element 0. Everything in one lock_all epoch. */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

/* More polls than the bound of 512 synchronisation calls, fewer than the watcher's own bounds on a
 * window's faults (4096 per epoch) and on Open MPI's shared pages it re-protects at sampled calls
 * only, so that the racy store is still seen. */
enum { empty = -1, spins = 600 };

__attribute__((unused)) static int poll(MPI_Win win, int disp) {
  int value;
  MPI_Fetch_and_op(NULL, &value, MPI_INT, 0, disp, MPI_NO_OP, win);
  MPI_Win_flush(0, win);
  return value;
}

__attribute__((unused)) static int trylock(MPI_Win win, volatile int *own, int disp) {
  const int mine = 0, free_ = empty;
  int seen;
  own[2] = empty;
  MPI_Win_sync(win);
  MPI_Compare_and_swap(&mine, &free_, &seen, MPI_INT, 0, disp, win);
  MPI_Win_flush(0, win);
  return seen == free_;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *base;
  MPI_Win win;
  /* A page a rank, so that no rank's segment shares a page with another's. */
  MPI_Win_allocate(4096, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  MPI_Win_lock_all(0, win);
  volatile int *element = base;
  if (rank == 0) {
    element[0] = SYNC_CASE == 46 ? 1 : empty;
    element[1] = SYNC_CASE == 46 ? 1 : empty;
    element[2] = empty;
    MPI_Win_sync(win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
    usleep(300000);
#if SYNC_CASE == 46 /* the release: a compare-and-swap too, since its atomicity with an accumulate is unspecified */
    const int value = empty, held = 1;
    int seen;
    MPI_Compare_and_swap(&value, &held, &seen, MPI_INT, 0, 0, win);
#else
    const int value = 1;
    MPI_Accumulate(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_REPLACE, win);
#endif
    MPI_Win_flush(0, win);
  }
  if (rank == 0) {
#if SYNC_CASE == 45 && !defined(RMA_KNOWN_ERROR)
    while (poll(win, 0) == empty) {
    }
#elif SYNC_CASE == 45
    for (int i = 0; i < spins; ++i) poll(win, 1);
#elif !defined(RMA_KNOWN_ERROR)
    while (!trylock(win, element, 0)) {
    }
#else
    for (int i = 0; i < spins; ++i) trylock(win, element, 1);
#endif
    element[0] = empty;
  }
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  if (rank == 0) printf("spun\n");
  MPI_Finalize();
  return 0;
}
