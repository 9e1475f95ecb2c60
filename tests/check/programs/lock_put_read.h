/* SPDX-License-Identifier: BSD-3-Clause */
/* What the passive-target ordering programs share (rma_lock_barrier.c, rma_lock_message.c,
 * rma_lock_ssend.c, rma_lock_turns.c, rma_lock_requests.c, rma_lock_collectives.c,
 * rma_lock_topology.c, rma_lock_neighbor_edge.c): on every rank a window of 4 zeroed ints; rank 1
 * puts 7 into element 1 of rank 0's window under a shared lock, rank 0 reads that element, and
 * each program orders the two by the synchronisation it is about (rma_lock_turns.c orders two
 * ranks' puts instead; rma_window_sync.c, with a window of its own, takes only the put and the
 * read). Built with -DRMA_KNOWN_ERROR, rank 1 waits before it locks, so the read
 * usually comes first in time and only the ranks' synchronisation shows the race. PERSISTENT
 * names a persistent collective's constructor (MPIX_ in Open MPI before MPI 4). */
#ifndef REDSEM_TEST_LOCK_PUT_READ_H
#define REDSEM_TEST_LOCK_PUT_READ_H

#include <mpi.h>
#include <stdio.h>
#include <unistd.h>
#if MPI_VERSION < 4 && defined(OPEN_MPI)
#include <mpi-ext.h>
#define PERSISTENT(name) MPIX_##name##_init
#else
#define PERSISTENT(name) MPI_##name##_init
#endif

/* One int into element `disp` of rank 0's window, in a shared lock epoch of its own. */
static inline void put_locked(const int *value, int disp, MPI_Win win) {
  MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
  MPI_Put(value, 1, MPI_INT, 0, disp, 1, MPI_INT, win);
  MPI_Win_unlock(0, win);
}

static inline void put_seven(MPI_Win win) {
  static const int seven = 7;
#ifdef RMA_KNOWN_ERROR
  usleep(200000);
#endif
  put_locked(&seven, 1, win);
}

static inline int world_size(void) {
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

static inline void read_element(const int *base) { printf("element 1: %d\n", *(volatile const int *)&base[1]); }

/* World rank 1 puts seven, then sends on `first` and on `second`; rank 0 (`sender` is rank 1's rank
 * in both communicators) receives on `first`, reads, then receives on `second`. Only the message on
 * `first` orders the put before the read; racy (RMA_KNOWN_ERROR), the put comes after it, and the
 * message on `second` must not be taken to order it. */
static inline void put_read_over(int rank, const int *base, MPI_Win win, int sender, MPI_Comm first, MPI_Comm second) {
  int token = rank, got = -1;
  if (rank == 1) {
#ifndef RMA_KNOWN_ERROR
    put_seven(win);
#endif
    MPI_Send(&token, 1, MPI_INT, 0, 5, first);
#ifdef RMA_KNOWN_ERROR
    put_seven(win);
#endif
    MPI_Send(&token, 1, MPI_INT, 0, 5, second);
  }
  if (rank == 0) {
    MPI_Recv(&got, 1, MPI_INT, sender, 5, first, MPI_STATUS_IGNORE);
    read_element(base);
    MPI_Recv(&got, 1, MPI_INT, sender, 5, second, MPI_STATUS_IGNORE);
  }
}

/* main of such a program: on every rank 4 zeroed ints of MPI_Win_allocate, a barrier, the
 * program's `exchange`, a barrier, the window freed. */
static inline int put_read_main(int argc, char **argv, void (*exchange)(int rank, const int *base, MPI_Win win)) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *base;
  MPI_Win win;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  for (int i = 0; i < 4; ++i) base[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  exchange(rank, base, win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}

#endif
