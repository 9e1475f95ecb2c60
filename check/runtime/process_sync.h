/* SPDX-License-Identifier: BSD-3-Clause */
/* Process synchronisation as the RMA race analysis needs it (docs/design.md, "Ordering by
 * synchronisation"): which calls of other ranks each call of this rank may follow. A target's
 * load of its window and another rank's passive-target put are ordered only through such calls
 * (a barrier, a message, a collective between the unlock and the load), so the post-run analysis
 * decides their concurrency from these lines, never from clocks.
 *
 * While this process has a window, every blocking collective on an intracommunicator writes a
 * `process_sync` line with the communicator's collective index, and every blocking send and
 * receive one with the message's (sender, receiver, tag, index) on that communicator, so that the
 * analysis matches them without a clock. The first line about a communicator is preceded by a
 * `sync_comm` line naming its members by world rank. Calls that could synchronise but are not
 * modelled (nonblocking and persistent point-to-point and collectives) write one
 * `sync_unmodelled` line per kind: the analysis then falls back to what the run's timing shows. */
#ifndef REDSEM_CHECK_PROCESS_SYNC_H
#define REDSEM_CHECK_PROCESS_SYNC_H

#include <mpi.h>

/* A blocking collective `call` on `comm` returned (rc: what it returned); `caller` is the
 * return address in the program. */
void rc_sync_collective_at(MPI_Comm comm, const char *call, int rc, const void *caller);

/* One side of a blocking message: `peer` its rank in the communicator (MPI_PROC_NULL: none), the
 * tag the message has (a receive's from its status). */
struct rc_message {
  int peer;
  int tag;
  int synchronous; /* MPI_Ssend: it completes only once the receive has started */
};
/* A blocking point-to-point call returned successfully: its send part, receive part or both
 * (MPI_Sendrecv); NULL for a part it does not have. */
void rc_sync_message(MPI_Comm comm, const char *call, const struct rc_message *send, const struct rc_message *recv,
                     const void *caller);
/* A call of a kind the analysis does not model, which may order this rank with others. */
void rc_sync_unmodelled(const char *call);

#endif
