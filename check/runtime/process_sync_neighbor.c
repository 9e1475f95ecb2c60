/* SPDX-License-Identifier: BSD-3-Clause */
/* The neighbourhood collectives (MPI-4.1 §8.6) as process synchronisation (process_sync.h):
 * blocking, nonblocking and persistent, in their int and, where the library has them
 * (per_mpi/probes), large-count forms. Every member of the communicator calls them, so each takes
 * its index among the communicator's collectives; a member's return follows the entry of the
 * in-neighbours (RC_FLOW_NEIGHBOURS) whose data it receives: those of a receive count other than
 * 0 and not MPI_PROC_NULL, nobody when none. Every argument is forwarded unchanged. */
#include <mpi.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "persistent_names.h"
#include "process_sync_forms.h"
#include "redsem_mpi_features.h"

/* Both sources of each dimension's shift by one (§8.6: a Cartesian process's neighbours), in that
 * order and MPI_PROC_NULL kept where a non-periodic dimension ends: the v and w forms' counts
 * have an entry for each of the 2 * dims, a missing neighbour's too. */
static int cartesian_sources(MPI_Comm comm, int **sources) {
  int dims = 0;
  if (PMPI_Cartdim_get(comm, &dims) != MPI_SUCCESS || !(*sources = malloc(sizeof(int) * (size_t)(2 * dims + 1))))
    return -1;
  for (int d = 0; d < dims; ++d) {
    (*sources)[2 * d] = (*sources)[2 * d + 1] = MPI_PROC_NULL;
    PMPI_Cart_shift(comm, d, 1, &(*sources)[2 * d], &(*sources)[2 * d + 1]);
  }
  return 2 * dims;
}

static int graph_sources(MPI_Comm comm, int **sources) {
  int me = 0, n = 0;
  PMPI_Comm_rank(comm, &me);
  if (PMPI_Graph_neighbors_count(comm, me, &n) != MPI_SUCCESS || !(*sources = malloc(sizeof(int) * (size_t)(n + 1))))
    return -1;
  return PMPI_Graph_neighbors(comm, me, n, *sources) == MPI_SUCCESS ? n : -1;
}

static int dist_graph_sources(MPI_Comm comm, int **sources) {
  int in = 0, out = 0, weighted = 0;
  if (PMPI_Dist_graph_neighbors_count(comm, &in, &out, &weighted) != MPI_SUCCESS) return -1;
  *sources = malloc(sizeof(int) * (size_t)(in + 1));
  int *weights = malloc(sizeof(int) * (size_t)(in + 1));
  int *destinations = malloc(sizeof(int) * (size_t)(2 * out + 2)); /* and their weights */
  const int ok =
      *sources && weights && destinations &&
      PMPI_Dist_graph_neighbors(comm, in, *sources, weights, out, destinations, destinations + out + 1) == MPI_SUCCESS;
  free(weights);
  free(destinations);
  return ok ? in : -1;
}

int rc_sync_in_neighbours(MPI_Comm comm, int **sources) {
  int kind = MPI_UNDEFINED, n = -1;
  *sources = NULL;
  if (PMPI_Topo_test(comm, &kind) != MPI_SUCCESS) return -1;
  if (kind == MPI_CART) n = cartesian_sources(comm, sources);
  if (kind == MPI_GRAPH) n = graph_sources(comm, sources);
  if (kind == MPI_DIST_GRAPH) n = dist_graph_sources(comm, sources);
  if (n < 0) {
    free(*sources);
    *sources = NULL;
  }
  return n;
}

/* Which in-neighbours a neighbourhood collective receives from, while its line may be written: a
 * blocking or nonblocking one's until its start's line is, a persistent one's until its request
 * is freed (each start writes one). */
#define PATTERNS 256
static struct {
  int used, n;
  unsigned char *received;
} patterns[PATTERNS];
static pthread_mutex_t patterns_mutex = PTHREAD_MUTEX_INITIALIZER;

/* An id for `received` (n flags); -1 (every in-neighbour) when the table is full, which is said:
 * that order MPI does not promise. */
static int pattern_of(const unsigned char *received, int n) {
  pthread_mutex_lock(&patterns_mutex);
  int id = -1;
  for (int i = 0; i < PATTERNS && id < 0; ++i)
    if (!patterns[i].used && (patterns[i].received = malloc((size_t)n + 1))) {
      memcpy(patterns[i].received, received, (size_t)n);
      patterns[i].used = 1;
      patterns[i].n = n;
      id = i;
    }
  pthread_mutex_unlock(&patterns_mutex);
  if (id < 0) rc_sync_unmodelled("the neighbourhood collectives' receive patterns (table full)");
  return id;
}

void rc_sync_neighbour_pattern_release(int id) {
  if (id < 0 || id >= PATTERNS) return;
  pthread_mutex_lock(&patterns_mutex);
  free(patterns[id].received);
  patterns[id].received = NULL;
  patterns[id].used = 0;
  pthread_mutex_unlock(&patterns_mutex);
}

int rc_sync_neighbour_receives(int pattern, int i) {
  if (pattern < 0 || pattern >= PATTERNS) return 1;
  pthread_mutex_lock(&patterns_mutex);
  const int receives = !patterns[pattern].used || i >= patterns[pattern].n || patterns[pattern].received[i];
  pthread_mutex_unlock(&patterns_mutex);
  return receives;
}

/* A neighbourhood collective with a receive count per in-neighbour (`counts`, of count_t)
 * succeeded: it follows those it receives something from, nobody when none. */
#define RECEIVES_FROM(count_t)                                                                                     \
  static void synced_##count_t(enum rc_call_form form, MPI_Comm comm, const char *call, const count_t *counts,     \
                               const MPI_Request *request, const void *caller) {                                   \
    int *sources = NULL;                                                                                           \
    const int n = rc_sync_in_neighbours(comm, &sources);                                                           \
    unsigned char *received = malloc((size_t)(n > 0 ? n : 1));                                                     \
    int some = n < 0 || !received, every = 1;                                                                      \
    for (int i = 0; received && i < n; ++i) {                                                                      \
      received[i] = counts[i] != 0 && sources[i] != MPI_PROC_NULL;                                                 \
      some |= received[i];                                                                                         \
      every &= received[i];                                                                                        \
    }                                                                                                              \
    const int pattern = every || !received ? -1 : pattern_of(received, n);                                         \
    free(received);                                                                                                \
    free(sources);                                                                                                 \
    rc_sync_collective_form(form, comm, call, some ? RC_FLOW_NEIGHBOURS : RC_FLOW_NONE, pattern, request, caller); \
    if (form != RC_PERSISTENT_CALL) rc_sync_neighbour_pattern_release(pattern);                                    \
  }
RECEIVES_FROM(int)
#if REDSEM_HAVE_LARGE_COUNT_DATA_COLLECTIVES
RECEIVES_FROM(MPI_Count)
#endif

/* A call whose receive counts are one per in-neighbour. */
#define PER_NEIGHBOUR(name, form, params, args, count_t)                                            \
  int name params {                                                                                 \
    if (!rc_active()) return RC_PMPI_OF(name) args;                                                 \
    const int rc = RC_PMPI_OF(name) args;                                                           \
    if (rc == MPI_SUCCESS)                                                                          \
      synced_##count_t(form, comm, #name, recvcounts, form##_REQUEST, __builtin_return_address(0)); \
    return rc;                                                                                      \
  }

static enum rc_flow flow_of_count(long long count) { return count == 0 ? RC_FLOW_NONE : RC_FLOW_NEIGHBOURS; }

/* The five calls of one form, counts of count_t and displacements of displ_t. The allgather and
 * alltoall receive alike from every in-neighbour: pattern -1 (an id of 0 or more names a pattern of
 * the table, maybe a persistent call's that is still kept). */
#define NEIGHBOURHOOD(form, allgather, allgatherv, alltoall, alltoallv, alltoallw, count_t, displ_t)                   \
  RC_SYNC_COLLECTIVE(allgather, form,                                                                                  \
                     (const void *sendbuf, count_t sendcount, MPI_Datatype sendtype, void *recvbuf, count_t recvcount, \
                      MPI_Datatype recvtype, MPI_Comm comm form##_PARAMS),                                             \
                     (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm form##_ARGS),                   \
                     flow_of_count(recvcount), -1)                                                                     \
  PER_NEIGHBOUR(                                                                                                       \
      allgatherv, form,                                                                                                \
      (const void *sendbuf, count_t sendcount, MPI_Datatype sendtype, void *recvbuf, const count_t recvcounts[],       \
       const displ_t displs[], MPI_Datatype recvtype, MPI_Comm comm form##_PARAMS),                                    \
      (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm form##_ARGS), count_t)                \
  RC_SYNC_COLLECTIVE(alltoall, form,                                                                                   \
                     (const void *sendbuf, count_t sendcount, MPI_Datatype sendtype, void *recvbuf, count_t recvcount, \
                      MPI_Datatype recvtype, MPI_Comm comm form##_PARAMS),                                             \
                     (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm form##_ARGS),                   \
                     flow_of_count(recvcount), -1)                                                                     \
  PER_NEIGHBOUR(                                                                                                       \
      alltoallv, form,                                                                                                 \
      (const void *sendbuf, const count_t sendcounts[], const displ_t sdispls[], MPI_Datatype sendtype, void *recvbuf, \
       const count_t recvcounts[], const displ_t rdispls[], MPI_Datatype recvtype, MPI_Comm comm form##_PARAMS),       \
      (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm form##_ARGS), count_t)     \
  PER_NEIGHBOUR(alltoallw, form,                                                                                       \
                (const void *sendbuf, const count_t sendcounts[], const MPI_Aint sdispls[],                            \
                 const MPI_Datatype sendtypes[], void *recvbuf, const count_t recvcounts[], const MPI_Aint rdispls[],  \
                 const MPI_Datatype recvtypes[], MPI_Comm comm form##_PARAMS),                                         \
                (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm form##_ARGS),  \
                count_t)

NEIGHBOURHOOD(RC_BLOCKING_CALL, MPI_Neighbor_allgather, MPI_Neighbor_allgatherv, MPI_Neighbor_alltoall,
              MPI_Neighbor_alltoallv, MPI_Neighbor_alltoallw, int, int)
NEIGHBOURHOOD(RC_NONBLOCKING_CALL, MPI_Ineighbor_allgather, MPI_Ineighbor_allgatherv, MPI_Ineighbor_alltoall,
              MPI_Ineighbor_alltoallv, MPI_Ineighbor_alltoallw, int, int)
#ifdef RC_PERSISTENT
NEIGHBOURHOOD(RC_PERSISTENT_CALL, RC_PERSISTENT(Neighbor_allgather), RC_PERSISTENT(Neighbor_allgatherv),
              RC_PERSISTENT(Neighbor_alltoall), RC_PERSISTENT(Neighbor_alltoallv), RC_PERSISTENT(Neighbor_alltoallw),
              int, int)
#endif
#if REDSEM_HAVE_LARGE_COUNT_DATA_COLLECTIVES
NEIGHBOURHOOD(RC_BLOCKING_CALL, MPI_Neighbor_allgather_c, MPI_Neighbor_allgatherv_c, MPI_Neighbor_alltoall_c,
              MPI_Neighbor_alltoallv_c, MPI_Neighbor_alltoallw_c, MPI_Count, MPI_Aint)
NEIGHBOURHOOD(RC_NONBLOCKING_CALL, MPI_Ineighbor_allgather_c, MPI_Ineighbor_allgatherv_c, MPI_Ineighbor_alltoall_c,
              MPI_Ineighbor_alltoallv_c, MPI_Ineighbor_alltoallw_c, MPI_Count, MPI_Aint)
NEIGHBOURHOOD(RC_PERSISTENT_CALL, MPI_Neighbor_allgather_init_c, MPI_Neighbor_allgatherv_init_c,
              MPI_Neighbor_alltoall_init_c, MPI_Neighbor_alltoallv_init_c, MPI_Neighbor_alltoallw_init_c, MPI_Count,
              MPI_Aint)
#endif
