/* SPDX-License-Identifier: BSD-3-Clause */
/* Whose entry into a collective a member's return follows (process_sync.h, enum rc_flow): the
 * members whose input its result depends on, and nobody else (MPI-4.1 §7.14 promises no
 * synchronisation). On an intracommunicator they are members of the same group; on an
 * intercommunicator every result comes from the other group (§7.2.2): the receivers of an
 * MPI_Bcast or MPI_Scatter follow the root (its rank in their remote group), the root of an
 * MPI_Gather or MPI_Reduce (MPI_ROOT) every member of the other group, and the other members of
 * the root's group (MPI_PROC_NULL) nobody; the all- forms, MPI_Barrier (§7.3: it returns once the
 * other group entered) and the reduce-scatters every member of the other group. The neighbourhood
 * collectives follow their in-neighbours in the topology (§8.6). A constructor whose result
 * depends on every member's input follows every member, of both groups (RC_FLOW_EVERY). */
#include <stdlib.h>

#include "process_sync_forms.h"

/* Ranks [from, to) into a new array. */
static int range(int from, int to, int **peers) {
  const int n = to > from ? to - from : 0;
  *peers = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
  if (!*peers) return 0; /* an order lost, never one added */
  for (int i = 0; i < n; ++i) (*peers)[i] = from + i;
  return n;
}

static int inter_peers(MPI_Comm comm, enum rc_flow flow, int root, int **peers) {
  int remote = 0;
  PMPI_Comm_remote_size(comm, &remote);
  switch (flow) {
    case RC_FLOW_ALL:
      return range(0, remote, peers);
    case RC_FLOW_FROM_ROOT: /* a receiver names the root; MPI_ROOT and MPI_PROC_NULL receive nothing */
      return root >= 0 && root < remote ? range(root, root + 1, peers) : range(0, 0, peers);
    case RC_FLOW_TO_ROOT:
      return root == MPI_ROOT ? range(0, remote, peers) : range(0, 0, peers);
    default: /* no data (count 0), or a flow MPI does not define on an intercommunicator */
      return range(0, 0, peers);
  }
}

int rc_sync_flow_peers(MPI_Comm comm, enum rc_flow flow, int root, int **peers) {
  *peers = NULL;
  int inter = 0, me = 0, size = 0;
  if (flow == RC_FLOW_EVERY) return -1;
  PMPI_Comm_test_inter(comm, &inter);
  if (inter) return inter_peers(comm, flow, root, peers);
  PMPI_Comm_rank(comm, &me);
  PMPI_Comm_size(comm, &size);
  switch (flow) {
    case RC_FLOW_ALL:
      return -1;
    case RC_FLOW_TO_ROOT:
      return me == root ? -1 : range(0, 0, peers);
    case RC_FLOW_FROM_ROOT:
      return me != root && root >= 0 && root < size ? range(root, root + 1, peers) : range(0, 0, peers);
    case RC_FLOW_PREFIX:
      return range(0, me + 1, peers);
    case RC_FLOW_EXCLUSIVE_PREFIX:
      return range(0, me, peers);
    case RC_FLOW_NEIGHBOURS: {
      const int n = rc_sync_in_neighbours(comm, peers);
      int kept = 0;
      for (int i = 0; i < n; ++i)
        if ((*peers)[i] != MPI_PROC_NULL && rc_sync_neighbour_receives(root, i)) (*peers)[kept++] = (*peers)[i];
      return n >= 0 ? kept : range(0, 0, peers);
    }
    default:
      return range(0, 0, peers);
  }
}

void rc_sync_collective_form(enum rc_call_form form, MPI_Comm comm, const char *call, enum rc_flow flow, int root,
                             const MPI_Request *request, const void *caller) {
  if (form == RC_BLOCKING_CALL) rc_sync_collective_at(comm, call, flow, root, MPI_SUCCESS, caller);
  if (form == RC_NONBLOCKING_CALL) rc_sync_collective_started(comm, call, flow, root, *request, caller);
  if (form == RC_PERSISTENT_CALL) rc_sync_persistent_collective(comm, call, flow, root, *request);
}
