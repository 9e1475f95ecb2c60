/* SPDX-License-Identifier: BSD-3-Clause */
/* Passive target ordered by nonblocking and persistent point-to-point messages (happens_before.h):
 * rank 1 puts into rank 0's window under a shared lock, unlocks, and then tells rank 0 with a
 * message; rank 0 reads the element once the message's receive request has completed.
 * SYNC_CASE 1: MPI_Isend and MPI_Irecv from MPI_ANY_SOURCE, completed by MPI_Waitall with the
 *   statuses ignored, beside another receive request from rank 2 on another tag;
 * SYNC_CASE 2: persistent requests (MPI_Send_init, MPI_Recv_init, MPI_Start), the receive completed
 *   by an MPI_Testany loop, the send by MPI_Wait; the requests used twice;
 * SYNC_CASE 3: a matched probe (an MPI_Improbe loop from MPI_ANY_SOURCE and MPI_ANY_TAG), the
 *   message then received by MPI_Imrecv and MPI_Wait;
 * SYNC_CASE 4: the large-count forms (MPI_Send_c to an MPI_Irecv_c completed by MPI_Wait), where
 *   the MPI has them (MPI-4), else their int forms;
 * SYNC_CASE 7: MPI_Isendrecv between ranks 0 and 1 (MPI-4; else MPI_Isend and MPI_Irecv);
 * SYNC_CASE 8: a message on an intercommunicator (to rank 0 of the remote group), mapped through
 *   the remote group; the racy twin reads before the receive;
 * SYNC_CASE 9: two receive requests for rank 1's two messages of one tag, the later one waited for
 *   first: which message each took is not known from the completions, which the record says;
 * SYNC_CASE 10 and 11: MPI_Issend (with MPI_Wait) and MPI_Ssend to a receive request that rank 1
 *   starts after its put (below);
 * SYNC_CASE 12: rank 0 reads once MPI_Probe found rank 1's MPI_Ssend, before the MPI_Recv that
 *   lets the send return (a probe orders the send's start before its return, MPI-4.1 §3.8.1);
 * SYNC_CASE 13: likewise once an MPI_Iprobe loop from MPI_ANY_SOURCE found an MPI_Send;
 * SYNC_CASE 22: two communicators of the same members (MPI_COMM_WORLD and its MPI_Comm_dup):
 *   rank 1 sends on the duplicate, then on MPI_COMM_WORLD, one message of one tag each; rank 0
 *   receives the first, reads, then receives the second. Rank 1 puts before its first send; the
 *   racy twin between its two sends, a race only seen if the two messages are told apart;
 * SYNC_CASE 25: a persistent send to another tag made and freed unstarted while rank 1 follows no
 *   other request, then the one that sends (MPI_Send_init, MPI_Start, MPI_Wait): the libraries
 *   give the freed request's handle to the new one, whose message must be the one counted.
 * Collectives that order the same put and read are in rma_lock_collectives.c.
 * Built with -DRMA_KNOWN_ERROR rank 0 reads after starting the receive but before it completes
 * (before the probe, in case 3): window_access_race. Rank 1 waits before it locks, so the read
 * usually comes first in time and only the ranks' synchronisation shows the race. */
#include "lock_put_read.h"

#if SYNC_CASE == 1
static void exchange(int rank, const int *base, MPI_Win win) {
  int token = rank, from_two = -1, got = -1;
  MPI_Request requests[2];
  if (rank == 1) {
    put_seven(win);
    MPI_Isend(&token, 1, MPI_INT, 0, 42, MPI_COMM_WORLD, &requests[0]);
    MPI_Wait(&requests[0], MPI_STATUS_IGNORE);
  }
  if (rank == 2) {
    MPI_Isend(&token, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &requests[0]);
    MPI_Wait(&requests[0], MPI_STATUS_IGNORE);
  }
  if (rank == 0) {
    MPI_Irecv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 42, MPI_COMM_WORLD, &requests[0]);
    MPI_Irecv(&from_two, 1, MPI_INT, 2, 5, MPI_COMM_WORLD, &requests[1]);
#ifdef RMA_KNOWN_ERROR
    read_element(base);
#endif
    /* through a volatile pointer: GCC takes MPICH's MPI_STATUSES_IGNORE for a buffer too small */
    MPI_Status *volatile ignored = MPI_STATUSES_IGNORE;
    MPI_Waitall(2, requests, ignored);
#ifndef RMA_KNOWN_ERROR
    read_element(base);
#endif
  }
}
#elif SYNC_CASE == 3
static void exchange(int rank, const int *base, MPI_Win win) {
  int token = rank, got = -1;
  if (rank == 1) {
    put_seven(win);
    MPI_Send(&token, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
  }
  if (rank == 0) {
#ifdef RMA_KNOWN_ERROR
    read_element(base);
#endif
    int flag = 0;
    MPI_Message message;
    while (!flag) MPI_Improbe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &message, MPI_STATUS_IGNORE);
    MPI_Request request;
    MPI_Imrecv(&got, 1, MPI_INT, &message, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
#ifndef RMA_KNOWN_ERROR
    read_element(base);
#endif
  }
}
#elif SYNC_CASE == 4
#if MPI_VERSION >= 4
#define SEND_C(buf, count, type, dest, tag, comm) MPI_Send_c(buf, (MPI_Count)(count), type, dest, tag, comm)
#define IRECV_C(buf, count, type, source, tag, comm, request) \
  MPI_Irecv_c(buf, (MPI_Count)(count), type, source, tag, comm, request)
#else
#define SEND_C MPI_Send
#define IRECV_C MPI_Irecv
#endif
static void exchange(int rank, const int *base, MPI_Win win) {
  int token = rank, got = -1;
  if (rank == 1) {
    put_seven(win);
    SEND_C(&token, 1, MPI_INT, 0, 11, MPI_COMM_WORLD);
  }
  if (rank == 0) {
    MPI_Request request;
    IRECV_C(&got, 1, MPI_INT, 1, 11, MPI_COMM_WORLD, &request);
#ifdef RMA_KNOWN_ERROR
    read_element(base);
#endif
    MPI_Wait(&request, MPI_STATUS_IGNORE);
#ifndef RMA_KNOWN_ERROR
    read_element(base);
#endif
  }
}
#elif SYNC_CASE == 7
static void exchange(int rank, const int *base, MPI_Win win) {
  if (rank > 1) return;
  int token = rank, got = -1;
  if (rank == 1) put_seven(win);
  MPI_Request request;
#if MPI_VERSION >= 4
  MPI_Isendrecv(&token, 1, MPI_INT, 1 - rank, 6, &got, 1, MPI_INT, 1 - rank, 6, MPI_COMM_WORLD, &request);
#else
  MPI_Request send;
  MPI_Isend(&token, 1, MPI_INT, 1 - rank, 6, MPI_COMM_WORLD, &send);
  MPI_Irecv(&got, 1, MPI_INT, 1 - rank, 6, MPI_COMM_WORLD, &request);
  MPI_Wait(&send, MPI_STATUS_IGNORE);
#endif
#ifdef RMA_KNOWN_ERROR
  if (rank == 0) read_element(base);
#endif
  MPI_Wait(&request, MPI_STATUS_IGNORE);
#ifndef RMA_KNOWN_ERROR
  if (rank == 0) read_element(base);
#endif
}
#elif SYNC_CASE == 8
static void exchange(int rank, const int *base, MPI_Win win) {
  MPI_Comm half, inter;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - rank % 2, 12, &inter);
  int token = rank, got = -1;
  if (rank == 1) {
    put_seven(win);
    MPI_Send(&token, 1, MPI_INT, 0, 8, inter); /* to world rank 0, the even group's first */
  }
  if (rank == 0) {
#ifdef RMA_KNOWN_ERROR
    read_element(base);
#endif
    MPI_Recv(&got, 1, MPI_INT, 0, 8, inter, MPI_STATUS_IGNORE);
#ifndef RMA_KNOWN_ERROR
    read_element(base);
#endif
  }
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
}
#elif SYNC_CASE == 9
static void exchange(int rank, const int *base, MPI_Win win) {
  int tokens[2] = {rank, rank}, got[2] = {-1, -1};
  if (rank == 1) {
    put_seven(win);
    MPI_Send(&tokens[0], 1, MPI_INT, 0, 4, MPI_COMM_WORLD);
    MPI_Send(&tokens[1], 1, MPI_INT, 0, 4, MPI_COMM_WORLD);
  }
  if (rank == 0) {
    MPI_Request requests[2];
    MPI_Irecv(&got[0], 1, MPI_INT, 1, 4, MPI_COMM_WORLD, &requests[0]);
    MPI_Irecv(&got[1], 1, MPI_INT, 1, 4, MPI_COMM_WORLD, &requests[1]);
    MPI_Wait(&requests[1], MPI_STATUS_IGNORE);
    MPI_Wait(&requests[0], MPI_STATUS_IGNORE);
    read_element(base);
  }
}
#elif SYNC_CASE == 10 || SYNC_CASE == 11
/* Rank 0's synchronous send returns once rank 1's receive request started, which rank 1 starts
 * after its put: the read after the send is ordered after the put. The racy twin sends with a
 * plain MPI_Isend or MPI_Send, which may return at once. */
static void exchange(int rank, const int *base, MPI_Win win) {
  int token = rank, got = -1;
  if (rank == 0) {
#if SYNC_CASE == 10
    MPI_Request request;
#ifdef RMA_KNOWN_ERROR
    MPI_Isend(&token, 1, MPI_INT, 1, 10, MPI_COMM_WORLD, &request);
#else
    MPI_Issend(&token, 1, MPI_INT, 1, 10, MPI_COMM_WORLD, &request);
#endif
    MPI_Wait(&request, MPI_STATUS_IGNORE);
#elif defined(RMA_KNOWN_ERROR)
    MPI_Send(&token, 1, MPI_INT, 1, 10, MPI_COMM_WORLD);
#else
    MPI_Ssend(&token, 1, MPI_INT, 1, 10, MPI_COMM_WORLD);
#endif
    read_element(base);
  }
  if (rank == 1) {
    usleep(200000);
    put_seven(win);
    MPI_Request request;
    MPI_Irecv(&got, 1, MPI_INT, 0, 10, MPI_COMM_WORLD, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  }
}
#elif SYNC_CASE == 12 || SYNC_CASE == 13
static void exchange(int rank, const int *base, MPI_Win win) {
  int token = rank, got = -1;
  if (rank == 1) {
    put_seven(win);
#if SYNC_CASE == 12
    MPI_Ssend(&token, 1, MPI_INT, 0, 13, MPI_COMM_WORLD);
#else
    MPI_Send(&token, 1, MPI_INT, 0, 13, MPI_COMM_WORLD);
#endif
  }
  if (rank == 0) {
#ifdef RMA_KNOWN_ERROR
    read_element(base);
#endif
#if SYNC_CASE == 12
    MPI_Probe(1, 13, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
    for (int flag = 0; !flag;) MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
#endif
#ifndef RMA_KNOWN_ERROR
    read_element(base);
#endif
    MPI_Recv(&got, 1, MPI_INT, 1, 13, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
}
#elif SYNC_CASE == 22
static void exchange(int rank, const int *base, MPI_Win win) {
  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  put_read_over(rank, base, win, 1, dup, MPI_COMM_WORLD);
  MPI_Comm_free(&dup);
}
#elif SYNC_CASE == 25
static void exchange(int rank, const int *base, MPI_Win win) {
  int token = rank, got = -1;
  MPI_Request request;
  if (rank == 1) {
    put_seven(win);
    MPI_Send_init(&token, 1, MPI_INT, 0, 13, MPI_COMM_WORLD, &request);
    MPI_Request_free(&request);
    MPI_Send_init(&token, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &request);
    MPI_Start(&request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Request_free(&request);
  }
  if (rank == 0) {
    MPI_Irecv(&got, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, &request);
#ifdef RMA_KNOWN_ERROR
    read_element(base);
#endif
    MPI_Wait(&request, MPI_STATUS_IGNORE);
#ifndef RMA_KNOWN_ERROR
    read_element(base);
#endif
  }
}
#else
static void exchange(int rank, const int *base, MPI_Win win) {
  int token = rank, got = -1;
  MPI_Request request = MPI_REQUEST_NULL;
  if (rank == 1) MPI_Send_init(&token, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &request);
  if (rank == 0) MPI_Recv_init(&got, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, &request);
  for (int round = 0; round < 2; ++round) {
    if (rank == 1) {
      if (round == 1) put_seven(win);
      MPI_Start(&request);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
    }
    if (rank == 0) {
      MPI_Start(&request);
#ifdef RMA_KNOWN_ERROR
      if (round == 1) read_element(base);
#endif
      int index = MPI_UNDEFINED, flag = 0;
      while (!flag) MPI_Testany(1, &request, &index, &flag, MPI_STATUS_IGNORE);
#ifndef RMA_KNOWN_ERROR
      if (round == 1) read_element(base);
#endif
    }
  }
  if (request != MPI_REQUEST_NULL) MPI_Request_free(&request);
}
#endif

int main(int argc, char **argv) { return put_read_main(argc, argv, exchange); }
