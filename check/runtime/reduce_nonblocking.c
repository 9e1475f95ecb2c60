/* The nonblocking reduction collectives (MPI-4.1 §7.12): counted and checked locally. Their
 * in-depth checks would need a blocking gather inside a call that must not block. */
#include <mpi.h>

#include "record.h"
#include "reduction.h"

/* Runs the checks around the forwarded call and returns what the call returned. */
#define RC_CHECKED(reduction, forward)             \
  do {                                             \
    struct rc_sample sample;                       \
    rc_reduction_enter(&(reduction), &sample);     \
    const int rc = (forward);                      \
    rc_reduction_leave(&(reduction), &sample, rc); \
    return rc;                                     \
  } while (0)

int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                MPI_Comm comm, MPI_Request *request) {
  if (!rc_active()) return PMPI_Ireduce(sendbuf, recvbuf, count, datatype, op, root, comm, request);
  rc_count("MPI_Ireduce");
  const struct rc_reduction r = {RC_REDUCE, "MPI_Ireduce", 0,  sendbuf, recvbuf, count,
                                 NULL,      datatype,      op, root,    comm,    __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Ireduce(sendbuf, recvbuf, count, datatype, op, root, comm, request));
}

int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                   MPI_Request *request) {
  if (!rc_active()) return PMPI_Iallreduce(sendbuf, recvbuf, count, datatype, op, comm, request);
  rc_count("MPI_Iallreduce");
  const struct rc_reduction r = {RC_ALLREDUCE, "MPI_Iallreduce", 0,  sendbuf, recvbuf, count,
                                 NULL,         datatype,         op, -1,      comm,    __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Iallreduce(sendbuf, recvbuf, count, datatype, op, comm, request));
}

int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                        MPI_Comm comm, MPI_Request *request) {
  if (!rc_active()) return PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, request);
  rc_count("MPI_Ireduce_scatter");
  const struct rc_reduction r = {
      RC_REDUCE_SCATTER,          "MPI_Ireduce_scatter", 0, sendbuf, recvbuf, 0, recvcounts, datatype, op, -1, comm,
      __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, request));
}

int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm, MPI_Request *request) {
  if (!rc_active()) return PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, request);
  rc_count("MPI_Ireduce_scatter_block");
  const struct rc_reduction r = {RC_REDUCE_SCATTER_BLOCK,
                                 "MPI_Ireduce_scatter_block",
                                 0,
                                 sendbuf,
                                 recvbuf,
                                 recvcount,
                                 NULL,
                                 datatype,
                                 op,
                                 -1,
                                 comm,
                                 __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, request));
}

int MPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
              MPI_Request *request) {
  if (!rc_active()) return PMPI_Iscan(sendbuf, recvbuf, count, datatype, op, comm, request);
  rc_count("MPI_Iscan");
  const struct rc_reduction r = {RC_SCAN, "MPI_Iscan", 0,  sendbuf, recvbuf, count,
                                 NULL,    datatype,    op, -1,      comm,    __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Iscan(sendbuf, recvbuf, count, datatype, op, comm, request));
}

int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                MPI_Request *request) {
  if (!rc_active()) return PMPI_Iexscan(sendbuf, recvbuf, count, datatype, op, comm, request);
  rc_count("MPI_Iexscan");
  const struct rc_reduction r = {RC_EXSCAN, "MPI_Iexscan", 0,  sendbuf, recvbuf, count,
                                 NULL,      datatype,      op, -1,      comm,    __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Iexscan(sendbuf, recvbuf, count, datatype, op, comm, request));
}
