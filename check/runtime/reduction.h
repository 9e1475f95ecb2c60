/* SPDX-License-Identifier: BSD-3-Clause */
/* One call of a reduction collective or MPI_Reduce_local as the interceptors see it, and the
 * checks every such call goes through (reduction_checks.c: local, on every call;
 * reduction_sample.c: with communication, on sampled blocking calls). */
#ifndef REDSEM_CHECK_REDUCTION_H
#define REDSEM_CHECK_REDUCTION_H

#include <mpi.h>

enum rc_collective {
  RC_REDUCE,
  RC_ALLREDUCE,
  RC_REDUCE_SCATTER,
  RC_REDUCE_SCATTER_BLOCK,
  RC_SCAN,
  RC_EXSCAN,
  RC_REDUCE_LOCAL
};

enum rc_form { RC_BLOCKING, RC_NONBLOCKING, RC_PERSISTENT_FORM };

struct rc_reduction {
  enum rc_collective kind;
  const char *call; /* "MPI_Iallreduce", … (a string literal) */
  enum rc_form form;
  const void *sendbuf;           /* MPI_Reduce_local: inbuf */
  void *recvbuf;                 /* MPI_Reduce_local: inoutbuf */
  long long count;               /* elements per contribution; Reduce_scatter_block: recvcount */
  const int *recvcounts;         /* MPI_Reduce_scatter only (rc_recvcount) */
  const MPI_Count *recvcounts_c; /* MPI_Reduce_scatter_c's instead */
  MPI_Datatype type;
  MPI_Op op;
  int root;           /* MPI_Reduce only; -1 otherwise */
  MPI_Comm comm;      /* MPI_COMM_NULL for MPI_Reduce_local */
  const void *caller; /* the return address in the program */
};

struct rc_block; /* reduction_report.h */

/* What a sampled call keeps from before it ran for the checks after it. */
struct rc_sample {
  int active; /* this call is sampled (the same on every rank of comm) */
  int rank, size;
  unsigned long index;    /* among this call kind on comm */
  int elements;           /* leading elements gathered per contribution */
  struct rc_block *input; /* this rank's contribution, from before the call to the gather after it */
};

/* Whether MPI_Reduce_scatter's recvcounts were given, and rank i's. */
static inline int rc_has_recvcounts(const struct rc_reduction *r) { return r->recvcounts || r->recvcounts_c; }
static inline long long rc_recvcount(const struct rc_reduction *r, int i) {
  return r->recvcounts ? r->recvcounts[i] : (long long)r->recvcounts_c[i];
}

/* The call's arguments in MPI's order (recvcounts, MPI_Reduce_scatter's, is set apart). */
struct rc_reduction rc_reduction_of(enum rc_collective kind, const char *call, enum rc_form form, const void *caller,
                                    const void *sendbuf, void *recvbuf, long long count, MPI_Datatype type, MPI_Op op,
                                    int root, MPI_Comm comm);

/* Before the call: counts it (rc_count), runs the local checks; on a sampled blocking call, copies this rank's
 * contribution. */
void rc_reduction_enter(const struct rc_reduction *r, struct rc_sample *s);
/* After the call (rc: what it returned): on a sampled blocking call, one gather of every rank's contribution and
 * result to comm rank 0; the checks on them, the `reduction` record. */
void rc_reduction_leave(const struct rc_reduction *r, struct rc_sample *s, int rc);

/* The body of an interceptor: the checks around the forwarded call, whose result it returns. */
#define RC_CHECKED(reduction, forward)             \
  do {                                             \
    struct rc_sample sample;                       \
    rc_reduction_enter(&(reduction), &sample);     \
    const int rc = (forward);                      \
    rc_reduction_leave(&(reduction), &sample, rc); \
    rc_reduction_synced(&(reduction), rc);         \
    return rc;                                     \
  } while (0)

/* RC_CHECKED for a nonblocking call: its request, which completes the collective, is followed. */
#define RC_CHECKED_STARTED(reduction, request, forward) \
  do {                                                  \
    struct rc_sample sample;                            \
    rc_reduction_enter(&(reduction), &sample);          \
    const int rc = (forward);                           \
    rc_reduction_leave(&(reduction), &sample, rc);      \
    rc_reduction_started(&(reduction), rc, (request));  \
    return rc;                                          \
  } while (0)

/* After the call: what it says of the order of processes (process_sync.h). */
void rc_reduction_synced(const struct rc_reduction *r, int rc);
/* After a nonblocking call: its start, and the request its completion comes by. */
void rc_reduction_started(const struct rc_reduction *r, int rc, const MPI_Request *request);

/* reduction_checks.c */
void rc_check_op_type(const struct rc_reduction *r);
void rc_check_buffers(const struct rc_reduction *r, int rank, int size);

#endif
