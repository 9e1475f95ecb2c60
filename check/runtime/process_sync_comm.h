/* SPDX-License-Identifier: BSD-3-Clause */
/* What the files writing `process_sync` lines share (process_sync.c, process_sync_messages.c):
 * what the check keeps about a communicator, and how a line about one begins. */
#ifndef REDSEM_CHECK_PROCESS_SYNC_COMM_H
#define REDSEM_CHECK_PROCESS_SYNC_COMM_H

#include <mpi.h>
#include <pthread.h>

#include "process_sync.h"
#include "record.h"

/* What the library keeps about a communicator, on it as an attribute (MPI-4.1 §8.7): it goes
 * away with the communicator and is not inherited by a duplicate (MPI_COMM_NULL_COPY_FN). */
struct rc_comm_info {
  int id;                 /* this rank's name for it in the record */
  int size;               /* its members; -1: not followed */
  int *world;             /* world rank of each member: an intercommunicator's two groups, the one with the
                             lowest world rank first, so that both groups list them alike */
  int inter;              /* an intercommunicator */
  int peer_offset, peers; /* where a peer's rank (the remote group's, on an intercommunicator) is
                             in `world`, and how many there are */
  int described;
  unsigned long collectives;
  /* How it was made, the same on every member (process_sync_names.c): "w" for MPI_COMM_WORLD;
   * empty when not known. */
  char name[RC_COMM_NAME_SIZE];
};

/* Held while a communicator's information is read or changed and its lines written. */
extern pthread_mutex_t rc_sync_mutex;
/* Called with rc_sync_mutex held. NULL when the communicator cannot be followed. */
struct rc_comm_info *rc_sync_info_of(MPI_Comm comm);
/* The world rank of `peer` (its rank in comm, the remote group's on an intercommunicator); -1
 * when it is none. */
int rc_sync_peer_world(const struct rc_comm_info *c, int peer);
/* Delay injection (watch_delay.h) at a process synchronisation's return: in a threaded process
 * with watched window memory, the returning thread is held before its line's time is taken. With no
 * lock of this library held. */
void rc_sync_hold_return(const void *caller);
/* Starts a process_sync line when the process has a window (0: nothing to write). */
int rc_sync_begin(rc_line *l, struct rc_comm_info *c, const char *call, const void *caller);

#endif
