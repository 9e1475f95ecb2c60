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

struct rc_reduction {
  enum rc_collective kind;
  const char *call;      /* "MPI_Iallreduce", … (a string literal) */
  int blocking;          /* the result is there when the call returns */
  const void *sendbuf;   /* MPI_Reduce_local: inbuf */
  void *recvbuf;         /* MPI_Reduce_local: inoutbuf */
  int count;             /* elements per contribution; Reduce_scatter_block: recvcount */
  const int *recvcounts; /* MPI_Reduce_scatter only */
  MPI_Datatype type;
  MPI_Op op;
  int root;           /* MPI_Reduce only; -1 otherwise */
  MPI_Comm comm;      /* MPI_COMM_NULL for MPI_Reduce_local */
  const void *caller; /* the return address in the program */
};

/* What a sampled call gathered before it ran, for the checks after it. */
struct rc_sample {
  int active; /* this call is sampled (the same on every rank of comm) */
  int rank, size;
  unsigned long index;   /* among this call kind on comm */
  int elements;          /* leading elements gathered per contribution */
  unsigned char *inputs; /* at comm rank 0: one block per rank */
};

/* Before the call: the local checks; on a sampled blocking call, gathers the contributions. */
void rc_reduction_enter(const struct rc_reduction *r, struct rc_sample *s);
/* After the call (rc: what it returned): the checks on results, the `reduction` record. */
void rc_reduction_leave(const struct rc_reduction *r, struct rc_sample *s, int rc);

/* reduction_checks.c */
void rc_check_op_type(const struct rc_reduction *r);
void rc_check_buffers(const struct rc_reduction *r, int rank, int size);

#endif
