/* SPDX-License-Identifier: BSD-3-Clause */
/* A halo exchange that sends from its own window: each rank's MPI_Win_allocate memory holds two
 * halo cells its left neighbour fills, then its interior, and each rank sends the first two
 * interior cells into its right neighbour's halo, straight from its window. Before the call
 * completing the send it loads that interior (legal: a pending origin may be read, MPI-4.1
 * §13.3), and after it updates it. SYNC_CASE picks the call and its completion:
 *   1 MPI_Put, lock_all and MPI_Win_flush;      2 MPI_Put between two fences;
 *   3 MPI_Rput and MPI_Wait;                    4 MPI_Accumulate under a shared lock;
 *   5 MPI_Raccumulate and MPI_Wait;             6 MPI_Compare_and_swap whose compare value is the
 *                                                 second interior cell, under lock_all.
 * Built with -DRMA_KNOWN_ERROR the update comes before that completion, while the library may
 * still read the cell: origin_buffer_stored_before_completion. No other rank's call reaches the
 * interior, so the update is no window race. */
#include <mpi.h>
#include <stdio.h>

enum { HALO = 2, INTERIOR = 4, CELLS = HALO + INTERIOR + 1 }; /* the last cell: the swap's target */

static int *base;
static MPI_Win win;

/* The update of the interior the send reads: before or after its completion. */
static void update(void) { *(volatile int *)&base[HALO + 1] += 100; }

static int send_halo(int right) {
  int seen = 0;
  const int *sent = &base[HALO];
#if SYNC_CASE == 3 || SYNC_CASE == 5
  MPI_Request request = MPI_REQUEST_NULL;
#endif
#if SYNC_CASE == 1 || SYNC_CASE == 3 || SYNC_CASE == 6
  MPI_Win_lock_all(0, win);
#elif SYNC_CASE == 2
  MPI_Win_fence(0, win);
#else
  MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
#endif
#if SYNC_CASE == 1 || SYNC_CASE == 2
  MPI_Put(sent, HALO, MPI_INT, right, 0, HALO, MPI_INT, win);
#elif SYNC_CASE == 3
  MPI_Rput(sent, HALO, MPI_INT, right, 0, HALO, MPI_INT, win, &request);
#elif SYNC_CASE == 4
  MPI_Accumulate(sent, HALO, MPI_INT, right, 0, HALO, MPI_INT, MPI_REPLACE, win);
#elif SYNC_CASE == 5
  MPI_Raccumulate(sent, HALO, MPI_INT, right, 0, HALO, MPI_INT, MPI_REPLACE, win, &request);
#else
  static int result;
  MPI_Compare_and_swap(&sent[0], &sent[1], &result, MPI_INT, right, CELLS - 1, win);
#endif
  seen = *(volatile const int *)&sent[1]; /* a load of the pending origin: legal */
#ifdef RMA_KNOWN_ERROR
  update();
#endif
#if SYNC_CASE == 3 || SYNC_CASE == 5
  MPI_Wait(&request, MPI_STATUS_IGNORE);
#elif SYNC_CASE == 1 || SYNC_CASE == 6
  MPI_Win_flush(right, win);
#elif SYNC_CASE == 2
  MPI_Win_fence(0, win);
#else
  MPI_Win_unlock(right, win);
#endif
#ifndef RMA_KNOWN_ERROR
  update();
#endif
#if SYNC_CASE == 1 || SYNC_CASE == 3 || SYNC_CASE == 6
  MPI_Win_unlock_all(win);
#elif SYNC_CASE == 5
  MPI_Win_unlock(right, win);
#endif
  return seen;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_allocate(CELLS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  for (int i = 0; i < CELLS; ++i) base[i] = 10 * rank + i;
  MPI_Barrier(MPI_COMM_WORLD);
  const int seen = send_halo((rank + 1) % size);
  MPI_Barrier(MPI_COMM_WORLD);
  printf("rank %d read %d, halo %d %d\n", rank, seen, base[0], base[1]);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
