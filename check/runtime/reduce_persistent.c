/* The persistent reduction collectives (MPI-4.1 §7.13): MPI-4's own, or on Open MPI 4.1 its
 * pcollreq extension with MPIX_ names (it predates MPI-4); counted and checked locally at
 * initialisation, like the nonblocking forms. */
#include <mpi.h>

#include "record.h"
#include "reduction.h"

#if MPI_VERSION >= 4
#define HAVE_PERSISTENT 1
#elif defined(OPEN_MPI)
#include <mpi-ext.h>
#if defined(OMPI_HAVE_MPI_EXT_PCOLLREQ) && OMPI_HAVE_MPI_EXT_PCOLLREQ
#define HAVE_PERSISTENT 1
#define HAVE_MPIX_PERSISTENT 1
#endif
#endif

/* Runs the checks around the forwarded call and returns what the call returned. */
#define RC_CHECKED(reduction, forward)             \
  do {                                             \
    struct rc_sample sample;                       \
    rc_reduction_enter(&(reduction), &sample);     \
    const int rc = (forward);                      \
    rc_reduction_leave(&(reduction), &sample, rc); \
    return rc;                                     \
  } while (0)

#if defined(HAVE_MPIX_PERSISTENT)

int MPIX_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                     MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPIX_Reduce_init(sendbuf, recvbuf, count, datatype, op, root, comm, info, request);
  rc_count("MPIX_Reduce_init");
  const struct rc_reduction r = {RC_REDUCE, "MPIX_Reduce_init", 0,  sendbuf, recvbuf, count,
                                 NULL,      datatype,           op, root,    comm,    __builtin_return_address(0)};
  RC_CHECKED(r, PMPIX_Reduce_init(sendbuf, recvbuf, count, datatype, op, root, comm, info, request));
}

int MPIX_Allreduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                        MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPIX_Allreduce_init(sendbuf, recvbuf, count, datatype, op, comm, info, request);
  rc_count("MPIX_Allreduce_init");
  const struct rc_reduction r = {
      RC_ALLREDUCE, "MPIX_Allreduce_init",      0, sendbuf, recvbuf, count, NULL, datatype, op, -1,
      comm,         __builtin_return_address(0)};
  RC_CHECKED(r, PMPIX_Allreduce_init(sendbuf, recvbuf, count, datatype, op, comm, info, request));
}

int MPIX_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                             MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPIX_Reduce_scatter_init(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request);
  rc_count("MPIX_Reduce_scatter_init");
  const struct rc_reduction r = {RC_REDUCE_SCATTER,
                                 "MPIX_Reduce_scatter_init",
                                 0,
                                 sendbuf,
                                 recvbuf,
                                 0,
                                 recvcounts,
                                 datatype,
                                 op,
                                 -1,
                                 comm,
                                 __builtin_return_address(0)};
  RC_CHECKED(r, PMPIX_Reduce_scatter_init(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request));
}

int MPIX_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                                   MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active())
    return PMPIX_Reduce_scatter_block_init(sendbuf, recvbuf, recvcount, datatype, op, comm, info, request);
  rc_count("MPIX_Reduce_scatter_block_init");
  const struct rc_reduction r = {RC_REDUCE_SCATTER_BLOCK,
                                 "MPIX_Reduce_scatter_block_init",
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
  RC_CHECKED(r, PMPIX_Reduce_scatter_block_init(sendbuf, recvbuf, recvcount, datatype, op, comm, info, request));
}

int MPIX_Scan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                   MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPIX_Scan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request);
  rc_count("MPIX_Scan_init");
  const struct rc_reduction r = {RC_SCAN, "MPIX_Scan_init", 0,  sendbuf, recvbuf, count,
                                 NULL,    datatype,         op, -1,      comm,    __builtin_return_address(0)};
  RC_CHECKED(r, PMPIX_Scan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request));
}

int MPIX_Exscan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                     MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPIX_Exscan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request);
  rc_count("MPIX_Exscan_init");
  const struct rc_reduction r = {RC_EXSCAN, "MPIX_Exscan_init", 0,  sendbuf, recvbuf, count,
                                 NULL,      datatype,           op, -1,      comm,    __builtin_return_address(0)};
  RC_CHECKED(r, PMPIX_Exscan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request));
}

#elif defined(HAVE_PERSISTENT)

int MPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                    MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPI_Reduce_init(sendbuf, recvbuf, count, datatype, op, root, comm, info, request);
  rc_count("MPI_Reduce_init");
  const struct rc_reduction r = {RC_REDUCE, "MPI_Reduce_init", 0,  sendbuf, recvbuf, count,
                                 NULL,      datatype,          op, root,    comm,    __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Reduce_init(sendbuf, recvbuf, count, datatype, op, root, comm, info, request));
}

int MPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                       MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPI_Allreduce_init(sendbuf, recvbuf, count, datatype, op, comm, info, request);
  rc_count("MPI_Allreduce_init");
  const struct rc_reduction r = {
      RC_ALLREDUCE, "MPI_Allreduce_init",       0, sendbuf, recvbuf, count, NULL, datatype, op, -1,
      comm,         __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Allreduce_init(sendbuf, recvbuf, count, datatype, op, comm, info, request));
}

int MPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                            MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPI_Reduce_scatter_init(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request);
  rc_count("MPI_Reduce_scatter_init");
  const struct rc_reduction r = {
      RC_REDUCE_SCATTER,          "MPI_Reduce_scatter_init", 0, sendbuf, recvbuf, 0, recvcounts, datatype, op, -1, comm,
      __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Reduce_scatter_init(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request));
}

int MPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                                  MPI_Comm comm, MPI_Info info, MPI_Request *request) {
  if (!rc_active())
    return PMPI_Reduce_scatter_block_init(sendbuf, recvbuf, recvcount, datatype, op, comm, info, request);
  rc_count("MPI_Reduce_scatter_block_init");
  const struct rc_reduction r = {RC_REDUCE_SCATTER_BLOCK,
                                 "MPI_Reduce_scatter_block_init",
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
  RC_CHECKED(r, PMPI_Reduce_scatter_block_init(sendbuf, recvbuf, recvcount, datatype, op, comm, info, request));
}

int MPI_Scan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                  MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPI_Scan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request);
  rc_count("MPI_Scan_init");
  const struct rc_reduction r = {RC_SCAN, "MPI_Scan_init", 0,  sendbuf, recvbuf, count,
                                 NULL,    datatype,        op, -1,      comm,    __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Scan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request));
}

int MPI_Exscan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                    MPI_Info info, MPI_Request *request) {
  if (!rc_active()) return PMPI_Exscan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request);
  rc_count("MPI_Exscan_init");
  const struct rc_reduction r = {RC_EXSCAN, "MPI_Exscan_init", 0,  sendbuf, recvbuf, count,
                                 NULL,      datatype,          op, -1,      comm,    __builtin_return_address(0)};
  RC_CHECKED(r, PMPI_Exscan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request));
}

#endif
