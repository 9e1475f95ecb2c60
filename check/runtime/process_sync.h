/* SPDX-License-Identifier: BSD-3-Clause */
/* Process synchronisation as the RMA race analysis needs it (docs/design.md, "Ordering by
 * synchronisation"): which calls of other ranks each call of this rank may follow. A target's
 * load of its window and another rank's passive-target put are ordered only through such calls
 * (a barrier, a message, a collective between the unlock and the load), so the post-run analysis
 * decides their concurrency from these lines, never from clocks.
 *
 * While this process has a window, every blocking collective writes a
 * `process_sync` line with the communicator's collective index, and every blocking send and
 * receive one with the message's (sender, receiver, tag, index) on that communicator (an
 * intercommunicator's too, its peer a rank of the remote group), so that the analysis matches
 * them without a clock. Nonblocking and persistent point-to-point calls are
 * followed by their requests (process_sync_requests.c): a send is counted when it starts, a
 * receive when a wait or test completes it. The first line about a communicator is preceded by a
 * `sync_comm` line naming its members by world rank, and how it was made. Calls that could synchronise but are not
 * modelled write one `sync_unmodelled` line per kind: the analysis then falls back to what the
 * run's timing shows. */
#ifndef REDSEM_CHECK_PROCESS_SYNC_H
#define REDSEM_CHECK_PROCESS_SYNC_H

#include <mpi.h>

/* Whose entry into a collective this member's return follows: MPI promises no synchronisation
 * (MPI-4.1 §7.14), so only what the call's data flow forces. RC_FLOW_ALL: every member's (each
 * output depends on every input: MPI_Barrier, §7.3, the all- forms); RC_FLOW_FROM_ROOT: the
 * root's (MPI_Bcast, the scatters); RC_FLOW_TO_ROOT: every member's at the root, nobody's
 * elsewhere (the gathers, MPI_Reduce); RC_FLOW_PREFIX, RC_FLOW_EXCLUSIVE_PREFIX: the members of
 * lower rank, and its own (MPI_Scan, MPI_Exscan); RC_FLOW_NONE: nobody's (a call of count 0,
 * a member that gets no communicator from MPI_Comm_split); RC_FLOW_NEIGHBOURS: its in-neighbours'
 * in the communicator's topology (the neighbourhood collectives, MPI-4.1 §8.6), `root` naming
 * which of them it receives from (rc_sync_neighbour_receives); RC_FLOW_EVERY: every member's, of
 * both groups on an intercommunicator too (MPI_Comm_split: who shares a member's new
 * communicator depends on every member's colour). On an
 * intercommunicator a member's result comes from the other group (§7.2.2): the flows name members
 * of the remote group (every one, or the root, whose rank there is `root`; MPI_ROOT and
 * MPI_PROC_NULL in the root's group). */
enum rc_flow {
  RC_FLOW_ALL,
  RC_FLOW_FROM_ROOT,
  RC_FLOW_TO_ROOT,
  RC_FLOW_PREFIX,
  RC_FLOW_EXCLUSIVE_PREFIX,
  RC_FLOW_NONE,
  RC_FLOW_NEIGHBOURS,
  RC_FLOW_EVERY
};

/* The members whose entry this member's return follows under `flow` (process_sync_flow.c), by
 * their rank in `comm` (in its remote group, on an intercommunicator), into *peers (malloc'd;
 * the caller frees it); their number, or -1 when it is every member of an intracommunicator. */
int rc_sync_flow_peers(MPI_Comm comm, enum rc_flow flow, int root, int **peers);
/* The in-neighbours (sources) of this process in the topology of `comm` (MPI_Cart_shift's, with
 * MPI_PROC_NULL where a dimension ends, so that the i-th is the one of the i-th receive count;
 * MPI_Graph_neighbors; MPI_Dist_graph_neighbors' sources), by rank, into *sources (malloc'd);
 * their number, -1 when `comm` has no topology or they cannot be had. */
int rc_sync_in_neighbours(MPI_Comm comm, int **sources);
/* Whether a neighbourhood collective whose `root` is `pattern` receives from its i-th
 * in-neighbour (-1: from every one). */
int rc_sync_neighbour_receives(int pattern, int i);
/* A persistent neighbourhood collective's request whose `root` was `pattern` was freed. */
void rc_sync_neighbour_pattern_release(int pattern);

/* A blocking collective `call` on `comm` returned (rc: what it returned); `root` its root's rank
 * in `comm` for the rooted flows; `caller` is the return address in the program. Returns the
 * index it took, or -1. */
long long rc_sync_collective_at(MPI_Comm comm, const char *call, enum rc_flow flow, int root, int rc,
                                const void *caller);
/* A collective on `comm` that orders nothing (a communicator constructor) takes its index: the
 * index, or -1 when `comm` is not followed. */
long long rc_sync_collective_index(MPI_Comm comm);
/* `made` (MPI_COMM_NULL: none) was made from `parent` by the collective `index` there: named by
 * them (the sync_comm line's `name`), the same on every member, so that communicators of the
 * same members (a duplicate and its parent) are told apart (process_sync_names.c). */
void rc_sync_comm_made(MPI_Comm parent, long long index, MPI_Comm made);
/* A communicator's name (the sync_comm line's), empty when it has none; and naming one that no
 * line described yet. */
#define RC_COMM_NAME_SIZE 64
void rc_sync_comm_name(MPI_Comm comm, char name[RC_COMM_NAME_SIZE]);
void rc_sync_comm_named(MPI_Comm made, const char *name);
/* MPI_Intercomm_create made `inter`, MPI_Comm_create_group `made` from `parent` with `tag`, and a
 * nonblocking MPI_Comm_idup (its `request`, the collective `index` of `parent`) will write its
 * handle into *made (process_sync_names.c). */
void rc_sync_intercomm_named(MPI_Comm inter);
void rc_sync_group_comm_made(MPI_Comm parent, int tag, MPI_Comm made);
void rc_sync_idup_started(MPI_Comm parent, long long index, MPI_Comm *made, MPI_Request request);
/* A request completed (a pending MPI_Comm_idup's communicator is then named), or was freed. */
void rc_sync_idup_done(MPI_Request request, int completed);

/* A nonblocking collective `call` started on `comm` (MPI_Ibarrier, MPI_Iallreduce…): its index is
 * taken now, since every member starts the collectives of a communicator, blocking or not, in one
 * order (MPI-4.1 §7.12); its `request` is followed to its completion. Returns the index, or -1. */
long long rc_sync_collective_started(MPI_Comm comm, const char *call, enum rc_flow flow, int root, MPI_Request request,
                                     const void *caller);
/* A persistent collective `call` was initialised on `comm` (MPI_Barrier_init, MPI_Allreduce_init…):
 * the initialisation takes its index among the communicator's collectives, since every member
 * initialises them in the order of the collectives (MPI-4.1 §7.13); its `request` is followed,
 * and each start of it is the start of a collective matched by that index and the start's number,
 * since every member starts it as often, and a start completes before the next (§7.13). */
void rc_sync_persistent_collective(MPI_Comm comm, const char *call, enum rc_flow flow, int root, MPI_Request request);
/* The `start`-th start (MPI_Start, MPI_Startall: `call`) of the persistent collective `index`. */
void rc_sync_persistent_started(MPI_Comm comm, const char *call, enum rc_flow flow, int root, long long index,
                                long long start, const void *caller);
/* The nonblocking collective `index` on `comm` (persistent: its `start`-th start; else -1)
 * completed, by the wait or test `call`. */
/* A synchronous send's request (MPI_Issend, MPI_Ssend_init) completed: the `index`-th message to
 * `peer` with `tag` on `comm` was received, or its receive started. */
void rc_sync_ssend_done(MPI_Comm comm, int peer, int tag, long long index, const char *call, const void *caller);
void rc_sync_collective_done(MPI_Comm comm, long long index, long long start, const char *call, const void *caller);

/* One side of a blocking message: `peer` its rank in the communicator (MPI_PROC_NULL: none), the
 * tag the message has (a receive's from its status). */
struct rc_message {
  int peer;
  int tag;
  int synchronous;   /* MPI_Ssend: it completes only once the receive has started */
  long long started; /* a receive started by an earlier call (MPI_Irecv, MPI_Start) than the one completing it:
                        the record's next line number then (rc_next_seq); -1 otherwise */
};
/* A point-to-point call returned successfully: its send part, receive part or both
 * (MPI_Sendrecv); NULL for a part it does not have. Returns the send's index among its
 * (communicator, destination, tag), or -1. */
long long rc_sync_message(MPI_Comm comm, const char *call, const struct rc_message *send, const struct rc_message *recv,
                          const void *caller);
/* MPI_Probe or MPI_Iprobe (`call`) found the message `status` describes (MPI-4.1 §3.8.1): it
 * is the next one a receive of that source and tag would take, whose send therefore started;
 * recorded as a `probe` of that message, which it does not take. */
void rc_sync_probed(MPI_Comm comm, const char *call, const MPI_Status *status, const void *caller);
/* MPI_Intercomm_create made `inter`: the leaders' arguments decide every member's remote group
 * (MPI-4.1 §8.6.2), so the local leader's return follows the remote leader's entry, and every
 * other member's its local leader's entry; recorded as the intercommunicator's first collective. */
void rc_sync_intercomm_made(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader,
                            MPI_Comm inter, const void *caller);
/* A call of a kind the analysis does not model, which may order this rank with others. */
void rc_sync_unmodelled(const char *call);

/* Requests of nonblocking and persistent point-to-point calls (process_sync_requests.c). */
/* How many requests are followed (completion.c copies the handles only when some are), how many
 * of them receives (it asks for statuses only when some are). */
int rc_sync_requests_followed(void);
int rc_sync_receives_followed(void);
/* Follows the request of the nonblocking (or persistent) collective `index` on `comm`. */
void rc_sync_follow_collective(MPI_Request request, MPI_Comm comm, long long index, enum rc_flow flow, int root,
                               int persistent);
/* A request that a wait or test `call` completed (its handle before the call; its status). */
void rc_sync_request_completed(MPI_Request request, const MPI_Status *status, const char *call, const void *caller);
/* A request the program freed. */
void rc_sync_request_freed(MPI_Request request);
/* `comm` is being freed: the requests that use it complete normally (MPI-4.1 §7.4.3), but its
 * handle may not be used for them any more; their ordering is then said not modelled. */
void rc_sync_requests_comm_freed(MPI_Comm comm);
/* Whether a receive request still pending could take the message `status` describes. */
int rc_sync_receive_pending(MPI_Comm comm, const MPI_Status *status);
/* A blocking receive got the message `status` describes: said not modelled when a receive
 * request started before it could have taken that message, which makes its index unknown. */
void rc_sync_blocking_received(MPI_Comm comm, const MPI_Status *status);

#endif
