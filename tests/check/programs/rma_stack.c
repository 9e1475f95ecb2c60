/* SPDX-License-Identifier: BSD-3-Clause */
/* Rank 0 makes one RMA call on rank 1's window with its buffer in a local variable of main (on
 * the call stack, where the watcher uses debug registers: check/runtime/watch_hardware.c), then
 * uses the buffer after the call that completes it. Built with -DSTACK_CASE=N, one per kind of
 * buffer and synchronisation; with -DRMA_KNOWN_ERROR it uses the buffer before that call, which
 * MPI-4.1 §13.3 forbids: result_buffer_accessed_before_completion for a result buffer,
 * origin_buffer_stored_before_completion for an origin or compare buffer. STACK_CASE 10 passes
 * stack buffers of a pending get and a pending put to read(2) and write(2) (legal: the result's
 * neighbour and the origin, which the kernel only reads) and fails if either call does.
 * STACK_CASE 11 gets 40 bytes, more than the debug registers reach (32): the first are watched.
 * STACK_CASE 12 has three gets pending, the first two taking all 4 debug registers: the third's
 * buffer is said not watched. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#ifndef STACK_CASE
#error "build with -DSTACK_CASE=N"
#endif

enum sync { FENCE, LOCK_SHARED, LOCK_EXCLUSIVE, LOCK_ALL_FLUSH, PSCW, REQUEST };

/* What case N does: its synchronisation. */
static const enum sync syncs[] = {
    [1] = FENCE,          /* MPI_Get, result loaded */
    [2] = FENCE,          /* MPI_Put, origin stored */
    [3] = LOCK_SHARED,    /* MPI_Get_accumulate into two doubles, the second loaded */
    [4] = LOCK_EXCLUSIVE, /* MPI_Fetch_and_op, result stored */
    [5] = LOCK_ALL_FLUSH, /* MPI_Compare_and_swap, result loaded */
    [6] = PSCW,           /* MPI_Compare_and_swap, compare buffer stored */
    [7] = PSCW,           /* MPI_Accumulate, origin stored */
    [8] = REQUEST,        /* MPI_Rget, result loaded before MPI_Wait */
    [9] = REQUEST,        /* MPI_Rget_accumulate, result stored before MPI_Wait */
    [10] = LOCK_SHARED,   /* read(2) and write(2) on pending stack buffers */
    [11] = LOCK_SHARED,   /* MPI_Get into ten ints, the first loaded */
    [12] = LOCK_SHARED,   /* three MPI_Gets: no debug register left for the third */
};

static MPI_Win win;
static MPI_Group peer;

static void open_epoch(int rank) {
  switch (syncs[STACK_CASE]) {
    case FENCE:
      MPI_Win_fence(0, win);
      break;
    case LOCK_SHARED:
      if (rank == 0) MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
      break;
    case LOCK_EXCLUSIVE:
      if (rank == 0) MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
      break;
    case LOCK_ALL_FLUSH:
    case REQUEST:
      if (rank == 0) MPI_Win_lock_all(0, win);
      break;
    case PSCW:
      if (rank == 0) MPI_Win_start(peer, 0, win);
      if (rank == 1) MPI_Win_post(peer, 0, win);
      break;
  }
}

/* The call that completes rank 0's call at the origin. */
static void complete(int rank, MPI_Request *request) {
  switch (syncs[STACK_CASE]) {
    case FENCE:
      MPI_Win_fence(0, win);
      break;
    case LOCK_SHARED:
    case LOCK_EXCLUSIVE:
      if (rank == 0) MPI_Win_unlock(1, win);
      break;
    case LOCK_ALL_FLUSH:
      if (rank == 0) MPI_Win_flush(1, win);
      break;
    case REQUEST:
      if (rank == 0) MPI_Wait(request, MPI_STATUS_IGNORE);
      break;
    case PSCW:
      if (rank == 0) MPI_Win_complete(win);
      if (rank == 1) MPI_Win_wait(win);
      break;
  }
}

static void close_epoch(int rank) {
  if (rank == 0 && (syncs[STACK_CASE] == LOCK_ALL_FLUSH || syncs[STACK_CASE] == REQUEST)) MPI_Win_unlock_all(win);
  if (syncs[STACK_CASE] == FENCE) MPI_Win_fence(0, win);
}

/* The kernel reads from and writes to stack buffers of pending calls: neither may fail. */
static void system_calls(const int *origin, char *beside, size_t n) {
  int fds[2];
  if (pipe(fds) != 0 || write(fds[1], origin, sizeof *origin) != (ssize_t)sizeof *origin ||
      read(fds[0], beside, n) != (ssize_t)sizeof *origin) {
    perror("rma_stack: a system call on a pending stack buffer failed");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  close(fds[0]);
  close(fds[1]);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *base;
  MPI_Win_allocate(10 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  for (int i = 0; i < 10; ++i) base[i] = 10 * rank + i;
  MPI_Group world;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  const int other = rank == 0 ? 1 : 0;
  MPI_Group_incl(world, 1, &other, &peer);
  MPI_Barrier(MPI_COMM_WORLD);

  int value = 1, compare = 11, one = 1;
  double pair[2] = {0, 0}, sums[2] = {0.5, 0.25};
  struct {
    int got;
    char beside[16];
  } io = {0, ""};
  int ten[10] = {0};
  long long used = 0;
  MPI_Request request = MPI_REQUEST_NULL;
  open_epoch(rank);
  if (rank == 0) {
    switch (STACK_CASE) {
      case 1:
        MPI_Get(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        break;
      case 2:
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        break;
      case 3:
        MPI_Get_accumulate(sums, 2, MPI_DOUBLE, pair, 2, MPI_DOUBLE, 1, 2, 2, MPI_DOUBLE, MPI_SUM, win);
        break;
      case 4:
        MPI_Fetch_and_op(&one, &value, MPI_INT, 1, 0, MPI_SUM, win);
        break;
      case 5:
        MPI_Compare_and_swap(&one, &compare, &value, MPI_INT, 1, 1, win);
        break;
      case 6:
        MPI_Compare_and_swap(&one, &compare, &value, MPI_INT, 1, 1, win);
        break;
      case 7:
        MPI_Accumulate(&value, 1, MPI_INT, 1, 3, 1, MPI_INT, MPI_SUM, win);
        break;
      case 8:
        MPI_Rget(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win, &request);
        break;
      case 9:
        MPI_Rget_accumulate(&one, 1, MPI_INT, &value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win, &request);
        break;
      case 10:
        MPI_Get(&io.got, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Put(&one, 1, MPI_INT, 1, 5, 1, MPI_INT, win);
        system_calls(&one, io.beside, sizeof io.beside);
        break;
      case 11:
        MPI_Get(ten, 10, MPI_INT, 1, 0, 10, MPI_INT, win);
        break;
      case 12:
        MPI_Get(pair, 2, MPI_DOUBLE, 1, 0, 2, MPI_DOUBLE, win);
        MPI_Get(sums, 2, MPI_DOUBLE, 1, 0, 2, MPI_DOUBLE, win);
        MPI_Get(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        break;
    }
#ifdef RMA_KNOWN_ERROR
    switch (STACK_CASE) {
      case 1:
      case 5:
      case 8:
        printf("value is %d\n", value);
        break; /* a load of the pending result */
      case 2:
      case 7:
        value = 2;
        break; /* a store into the pending origin */
      case 3:
        used = (long long)pair[1];
        break;
      case 11:
        used = ten[0];
        break;
      case 4:
      case 9:
        value = 0;
        break; /* a store into the pending result */
      case 6:
        compare = 12;
        break; /* a store into the pending compare buffer */
    }
#endif
  }
  complete(rank, &request);
  if (rank == 0) {
    value += compare + (int)pair[0] + (int)pair[1] + (int)sums[0] + io.got + ten[0] + ten[9];
    printf("rank 0: %d %lld\n", value, used);
  }
  close_epoch(rank);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Group_free(&peer);
  MPI_Group_free(&world);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
