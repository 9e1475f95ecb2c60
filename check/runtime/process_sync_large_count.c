/* SPDX-License-Identifier: BSD-3-Clause */
/* The large-count forms (MPI-4.1 §2.5.8: MPI_Count counts, MPI_Aint displacements) of the
 * collectives that move data without reducing it, blocking, nonblocking and persistent, where the
 * library has them (per_mpi/probes): process synchronisation with the data flow of their int
 * forms (process_sync_calls.c, process_sync_nonblocking.c, process_sync_persistent.c). The
 * reductions' are in reduce_large_count.c, the neighbourhood ones' in process_sync_neighbor.c.
 * Every argument is forwarded unchanged. */
#include <mpi.h>

#include "process_sync_forms.h"
#include "redsem_mpi_features.h"

#if REDSEM_HAVE_LARGE_COUNT_DATA_COLLECTIVES

#define ROOTED(form, bcast, gather, gatherv, scatter, scatterv)                                                       \
  RC_SYNC_COLLECTIVE(                                                                                                 \
      bcast, form, (void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm form##_PARAMS),     \
      (buffer, count, datatype, root, comm form##_ARGS), count == 0 ? RC_FLOW_NONE : RC_FLOW_FROM_ROOT, root)         \
  RC_SYNC_COLLECTIVE(gather, form,                                                                                    \
                     (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,                 \
                      MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm form##_PARAMS),             \
                     (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm form##_ARGS),            \
                     RC_FLOW_TO_ROOT, root)                                                                           \
  RC_SYNC_COLLECTIVE(                                                                                                 \
      gatherv, form,                                                                                                  \
      (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],  \
       const MPI_Aint displs[], MPI_Datatype recvtype, int root, MPI_Comm comm form##_PARAMS),                        \
      (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm form##_ARGS), RC_FLOW_TO_ROOT, \
      root)                                                                                                           \
  RC_SYNC_COLLECTIVE(scatter, form,                                                                                   \
                     (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,                 \
                      MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm form##_PARAMS),             \
                     (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm form##_ARGS),            \
                     RC_FLOW_FROM_ROOT, root)                                                                         \
  RC_SYNC_COLLECTIVE(                                                                                                 \
      scatterv, form,                                                                                                 \
      (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[], MPI_Datatype sendtype,             \
       void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm form##_PARAMS),             \
      (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm form##_ARGS),                  \
      RC_FLOW_FROM_ROOT, root)

#define EVERY_MEMBER(form, allgather, allgatherv, alltoall, alltoallv, alltoallw)                                      \
  RC_SYNC_COLLECTIVE(allgather, form,                                                                                  \
                     (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,                  \
                      MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm form##_PARAMS),                        \
                     (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm form##_ARGS), RC_FLOW_ALL, 0)   \
  RC_SYNC_COLLECTIVE(                                                                                                  \
      allgatherv, form,                                                                                                \
      (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],   \
       const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm form##_PARAMS),                                   \
      (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm form##_ARGS), RC_FLOW_ALL, 0)         \
  RC_SYNC_COLLECTIVE(alltoall, form,                                                                                   \
                     (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,                  \
                      MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm form##_PARAMS),                        \
                     (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm form##_ARGS), RC_FLOW_ALL, 0)   \
  RC_SYNC_COLLECTIVE(                                                                                                  \
      alltoallv, form,                                                                                                 \
      (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype,             \
       void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype,                   \
       MPI_Comm comm form##_PARAMS),                                                                                   \
      (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm form##_ARGS), RC_FLOW_ALL, \
      0)                                                                                                               \
  RC_SYNC_COLLECTIVE(                                                                                                  \
      alltoallw, form,                                                                                                 \
      (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],    \
       void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],          \
       MPI_Comm comm form##_PARAMS),                                                                                   \
      (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm form##_ARGS),            \
      RC_FLOW_ALL, 0)

ROOTED(RC_BLOCKING_CALL, MPI_Bcast_c, MPI_Gather_c, MPI_Gatherv_c, MPI_Scatter_c, MPI_Scatterv_c)
EVERY_MEMBER(RC_BLOCKING_CALL, MPI_Allgather_c, MPI_Allgatherv_c, MPI_Alltoall_c, MPI_Alltoallv_c, MPI_Alltoallw_c)
ROOTED(RC_NONBLOCKING_CALL, MPI_Ibcast_c, MPI_Igather_c, MPI_Igatherv_c, MPI_Iscatter_c, MPI_Iscatterv_c)
EVERY_MEMBER(RC_NONBLOCKING_CALL, MPI_Iallgather_c, MPI_Iallgatherv_c, MPI_Ialltoall_c, MPI_Ialltoallv_c,
             MPI_Ialltoallw_c)
ROOTED(RC_PERSISTENT_CALL, MPI_Bcast_init_c, MPI_Gather_init_c, MPI_Gatherv_init_c, MPI_Scatter_init_c,
       MPI_Scatterv_init_c)
EVERY_MEMBER(RC_PERSISTENT_CALL, MPI_Allgather_init_c, MPI_Allgatherv_init_c, MPI_Alltoall_init_c, MPI_Alltoallv_init_c,
             MPI_Alltoallw_init_c)

#endif
