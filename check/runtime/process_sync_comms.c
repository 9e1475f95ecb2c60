/* SPDX-License-Identifier: BSD-3-Clause */
/* Communicator and topology creation as process synchronisation (process_sync.h). MPI promises
 * no synchronisation from these collectives (MPI-4.1 §7.14, §8.4), so a call orders ranks only
 * where its result on one member depends on another member's input (docs/design.md, "Ordering
 * by synchronisation"):
 *  - MPI_Comm_split and MPI_Comm_split_type: which members share a member's new communicator
 *    depends on every member's colour or split type (§8.4.2), so every member's entry precedes
 *    the return of a member that gets a communicator; one that passed MPI_UNDEFINED gets
 *    MPI_COMM_NULL whatever the others passed, and its return follows nobody's entry;
 *  - MPI_Dist_graph_create: any member may name the edges of any other (§9.5.4), so every
 *    member's neighbours depend on every member's input;
 *  - MPI_Intercomm_create: the leaders' inputs (the remote leader, the tag) decide the remote
 *    group of every member (§8.6.2): the local leader's return follows the remote leader's
 *    entry, every other member's its local leader's (the remote leader's entry reaches them too,
 *    through their leader, but which rank that is only the leaders know: that order is not
 *    recorded, which can only report a race MPI rules out, never hide one).
 * The others give each member a result its own arguments decide, and order nothing; those on an
 * intracommunicator's every member (MPI_Comm_dup, MPI_Comm_dup_with_info, MPI_Comm_create,
 * MPI_Cart_create, MPI_Cart_sub, MPI_Graph_create, MPI_Dist_graph_create_adjacent) are intercepted
 * only to name what they make. Each of these calls takes its index among the collectives of the
 * communicator it is called on, as a collective does, and the communicator it makes is named by
 * that index and its parent's name (process_sync.h), which tells apart communicators of the same
 * members. Every argument is forwarded unchanged. */
#include <mpi.h>

#include "process_sync.h"
#include "record.h"

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm) {
  if (!rc_active()) return PMPI_Comm_split(comm, color, key, newcomm);
  const int rc = PMPI_Comm_split(comm, color, key, newcomm);
  const long long index =
      rc_sync_collective_at(comm, "MPI_Comm_split", color == MPI_UNDEFINED ? RC_FLOW_NONE : RC_FLOW_EVERY, 0, rc,
                            __builtin_return_address(0));
  if (rc == MPI_SUCCESS) rc_sync_comm_made(comm, index, *newcomm);
  return rc;
}

int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm) {
  if (!rc_active()) return PMPI_Comm_split_type(comm, split_type, key, info, newcomm);
  const int rc = PMPI_Comm_split_type(comm, split_type, key, info, newcomm);
  const long long index =
      rc_sync_collective_at(comm, "MPI_Comm_split_type", split_type == MPI_UNDEFINED ? RC_FLOW_NONE : RC_FLOW_EVERY, 0,
                            rc, __builtin_return_address(0));
  if (rc == MPI_SUCCESS) rc_sync_comm_made(comm, index, *newcomm);
  return rc;
}

int MPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[], const int destinations[],
                          const int weights[], MPI_Info info, int reorder, MPI_Comm *comm_dist_graph) {
  if (!rc_active())
    return PMPI_Dist_graph_create(comm_old, n, sources, degrees, destinations, weights, info, reorder, comm_dist_graph);
  const int rc =
      PMPI_Dist_graph_create(comm_old, n, sources, degrees, destinations, weights, info, reorder, comm_dist_graph);
  const long long index =
      rc_sync_collective_at(comm_old, "MPI_Dist_graph_create", RC_FLOW_EVERY, 0, rc, __builtin_return_address(0));
  if (rc == MPI_SUCCESS) rc_sync_comm_made(comm_old, index, *comm_dist_graph);
  return rc;
}

int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader, int tag,
                         MPI_Comm *newintercomm) {
  const int rc = PMPI_Intercomm_create(local_comm, local_leader, peer_comm, remote_leader, tag, newintercomm);
  if (rc == MPI_SUCCESS) rc_sync_intercomm_named(*newintercomm);
  if (rc == MPI_SUCCESS)
    rc_sync_intercomm_made(local_comm, local_leader, peer_comm, remote_leader, *newintercomm,
                           __builtin_return_address(0));
  return rc;
}

/* A constructor that orders nothing: its index taken on the parent, what it made named. */
static int made(MPI_Comm parent, int rc, const MPI_Comm *newcomm) {
  if (rc == MPI_SUCCESS) rc_sync_comm_made(parent, rc_sync_collective_index(parent), *newcomm);
  return rc;
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm) {
  if (!rc_active()) return PMPI_Comm_dup(comm, newcomm);
  return made(comm, PMPI_Comm_dup(comm, newcomm), newcomm);
}

int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm) {
  if (!rc_active()) return PMPI_Comm_dup_with_info(comm, info, newcomm);
  return made(comm, PMPI_Comm_dup_with_info(comm, info, newcomm), newcomm);
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm) {
  if (!rc_active()) return PMPI_Comm_create(comm, group, newcomm);
  return made(comm, PMPI_Comm_create(comm, group, newcomm), newcomm);
}

int MPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[], int reorder,
                    MPI_Comm *comm_cart) {
  if (!rc_active()) return PMPI_Cart_create(comm_old, ndims, dims, periods, reorder, comm_cart);
  return made(comm_old, PMPI_Cart_create(comm_old, ndims, dims, periods, reorder, comm_cart), comm_cart);
}

int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm) {
  if (!rc_active()) return PMPI_Cart_sub(comm, remain_dims, newcomm);
  return made(comm, PMPI_Cart_sub(comm, remain_dims, newcomm), newcomm);
}

int MPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder,
                     MPI_Comm *comm_graph) {
  if (!rc_active()) return PMPI_Graph_create(comm_old, nnodes, index, edges, reorder, comm_graph);
  return made(comm_old, PMPI_Graph_create(comm_old, nnodes, index, edges, reorder, comm_graph), comm_graph);
}

int MPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[], const int sourceweights[],
                                   int outdegree, const int destinations[], const int destweights[], MPI_Info info,
                                   int reorder, MPI_Comm *comm_dist_graph) {
  if (!rc_active())
    return PMPI_Dist_graph_create_adjacent(comm_old, indegree, sources, sourceweights, outdegree, destinations,
                                           destweights, info, reorder, comm_dist_graph);
  return made(comm_old,
              PMPI_Dist_graph_create_adjacent(comm_old, indegree, sources, sourceweights, outdegree, destinations,
                                              destweights, info, reorder, comm_dist_graph),
              comm_dist_graph);
}
