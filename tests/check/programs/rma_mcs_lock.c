/* SPDX-License-Identifier: BSD-3-Clause */
/* An MCS lock over MPI RMA (MPI-4.1 §13.3.4), the shape of MPICH's mcs_mutex: the tail, on rank
 * 0, holds the last rank queued or MPI_PROC_NULL; a rank queues by swapping itself into the tail
 * (MPI_Fetch_and_op MPI_REPLACE), links itself behind the rank it got and polls its own flag;
 * the holder releases by MPI_Compare_and_swap (its rank → MPI_PROC_NULL) or hands the lock to
 * the rank linked behind it. Everything in one lock_all epoch, every access an atomic one.
 * Whether compare-and-swap is atomic with MPI_REPLACE on one location is not specified
 * (mpi-issues #114): a warning, cas_with_accumulate, and nothing more. After the lock's rounds,
 * each rank counts itself done with MPI_Fetch_and_op MPI_SUM.
 *
 * Built with -DRMA_KNOWN_ERROR the last rank counts itself done by MPI_Get, flush and MPI_Put
 * of the value plus one: its put races the other ranks' MPI_SUMs (MPI-4.1 §13.7), a count can
 * be lost for real (racing_access, non_serializable).
 *
 * MPICH's compare-and-swap is not atomic with its MPI_REPLACE: a release can lose a swap into the
 * tail and leave a rank waiting for ever, the outcome the warning is about. The programs are run
 * under Open MPI only (tests/check/CMakeLists.txt). */
#include <mpi.h>
#include <stdio.h>

#define ROUNDS 2
enum { tail_at = 0, count_at = 1 };   /* in tail_win, on rank 0 */
enum { next_at = 0, blocked_at = 1 }; /* in node_win, on every rank */

static int rank;
static MPI_Win tail_win, node_win, done_win;

static int poll(MPI_Win win, int target, int disp) {
  int ignored = 0, value;
  MPI_Fetch_and_op(&ignored, &value, MPI_INT, target, disp, MPI_NO_OP, win);
  MPI_Win_flush(target, win);
  return value;
}

static void set(MPI_Win win, int target, int disp, int value) {
  MPI_Accumulate(&value, 1, MPI_INT, target, disp, 1, MPI_INT, MPI_REPLACE, win);
  MPI_Win_flush(target, win);
}

static void acquire(void) {
  set(node_win, rank, next_at, MPI_PROC_NULL);
  set(node_win, rank, blocked_at, 1);
  int prev;
  MPI_Fetch_and_op(&rank, &prev, MPI_INT, 0, tail_at, MPI_REPLACE, tail_win);
  MPI_Win_flush(0, tail_win);
  if (prev == MPI_PROC_NULL) return;
  set(node_win, prev, next_at, rank);
  while (poll(node_win, rank, blocked_at)) {
  }
}

static void release(void) {
  const int none = MPI_PROC_NULL;
  int old;
  MPI_Compare_and_swap(&none, &rank, &old, MPI_INT, 0, tail_at, tail_win);
  MPI_Win_flush(0, tail_win);
  if (old == rank) return;
  int next;
  while ((next = poll(node_win, rank, next_at)) == MPI_PROC_NULL) {
  }
  set(node_win, next, blocked_at, 0);
}

static void count_done(int size) {
  const int one = 1;
  int before;
#ifdef RMA_KNOWN_ERROR
  if (rank == size - 1) { /* the error: a read-modify-write of two calls, not one atomic one */
    MPI_Get(&before, 1, MPI_INT, 0, 0, 1, MPI_INT, done_win);
    MPI_Win_flush(0, done_win);
    const int after = before + one;
    MPI_Put(&after, 1, MPI_INT, 0, 0, 1, MPI_INT, done_win);
    MPI_Win_flush(0, done_win);
    return;
  }
#else
  (void)size;
#endif
  MPI_Fetch_and_op(&one, &before, MPI_INT, 0, 0, MPI_SUM, done_win);
  MPI_Win_flush(0, done_win);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *tail, *node, *done;
  MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &tail, &tail_win);
  MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &node, &node_win);
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &done, &done_win);
  tail[tail_at] = MPI_PROC_NULL;
  tail[count_at] = 0;
  node[next_at] = MPI_PROC_NULL;
  node[blocked_at] = 0;
  done[0] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, tail_win);
  MPI_Win_lock_all(0, node_win);
  MPI_Win_lock_all(0, done_win);
  for (int round = 0; round < ROUNDS; ++round) {
    acquire();
    const int one = 1;
    MPI_Accumulate(&one, 1, MPI_INT, 0, count_at, 1, MPI_INT, MPI_SUM, tail_win);
    MPI_Win_flush(0, tail_win);
    release();
  }
  count_done(size);
  MPI_Win_unlock_all(done_win);
  MPI_Win_unlock_all(node_win);
  MPI_Win_unlock_all(tail_win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("critical sections: %d of %d, ranks done: %d\n", tail[count_at], size * ROUNDS, done[0]);
  MPI_Win_free(&done_win);
  MPI_Win_free(&node_win);
  MPI_Win_free(&tail_win);
  MPI_Finalize();
  return 0;
}
