/* The blocking reduction collectives (MPI-4.1 §7.9–§7.11) and MPI_Reduce_local (§7.9.7): each
 * counted, checked locally, and in depth when sampled (reduction.h). */
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

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
               MPI_Comm comm) {
  if (!rc_active()) return PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
  rc_count("MPI_Reduce");
  const struct rc_reduction r = {RC_REDUCE, "MPI_Reduce", 1,  sendbuf, recvbuf, count,
                                 NULL,      datatype,     op, root,    comm,    __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm));
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  if (!rc_active()) return PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
  rc_count("MPI_Allreduce");
  const struct rc_reduction r = {RC_ALLREDUCE, "MPI_Allreduce", 1,  sendbuf, recvbuf, count,
                                 NULL,         datatype,        op, -1,      comm,    __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm));
}

int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                       MPI_Comm comm) {
  if (!rc_active()) return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm);
  rc_count("MPI_Reduce_scatter");
  const struct rc_reduction r = {
      RC_REDUCE_SCATTER,          "MPI_Reduce_scatter", 1, sendbuf, recvbuf, 0, recvcounts, datatype, op, -1, comm,
      __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm));
}

int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm) {
  if (!rc_active()) return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm);
  rc_count("MPI_Reduce_scatter_block");
  const struct rc_reduction r = {RC_REDUCE_SCATTER_BLOCK,
                                 "MPI_Reduce_scatter_block",
                                 1,
                                 sendbuf,
                                 recvbuf,
                                 recvcount,
                                 NULL,
                                 datatype,
                                 op,
                                 -1,
                                 comm,
                                 __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm));
}

int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  if (!rc_active()) return PMPI_Scan(sendbuf, recvbuf, count, datatype, op, comm);
  rc_count("MPI_Scan");
  const struct rc_reduction r = {RC_SCAN, "MPI_Scan", 1,  sendbuf, recvbuf, count,
                                 NULL,    datatype,   op, -1,      comm,    __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Scan(sendbuf, recvbuf, count, datatype, op, comm));
}

int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  if (!rc_active()) return PMPI_Exscan(sendbuf, recvbuf, count, datatype, op, comm);
  rc_count("MPI_Exscan");
  const struct rc_reduction r = {RC_EXSCAN, "MPI_Exscan", 1,  sendbuf, recvbuf, count,
                                 NULL,      datatype,     op, -1,      comm,    __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Exscan(sendbuf, recvbuf, count, datatype, op, comm));
}

int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype, MPI_Op op) {
  if (!rc_active()) return PMPI_Reduce_local(inbuf, inoutbuf, count, datatype, op);
  rc_count("MPI_Reduce_local");
  const struct rc_reduction r = {
      RC_REDUCE_LOCAL, "MPI_Reduce_local",         1, inbuf, inoutbuf, count, NULL, datatype, op, -1,
      MPI_COMM_NULL,   __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Reduce_local(inbuf, inoutbuf, count, datatype, op));
}
