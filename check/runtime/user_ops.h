/* SPDX-License-Identifier: BSD-3-Clause */
/* The user-defined ops a checked program created (MPI_Op_create, MPI-4.1 §7.9.5): their
 * function, declared commute flag and a label `user#N` (N from 1 per rank, in creation order)
 * that records and findings use. */
#ifndef REDSEM_CHECK_USER_OPS_H
#define REDSEM_CHECK_USER_OPS_H

#include <mpi.h>

struct rc_user_op {
  MPI_Op handle;
  MPI_User_function *function;
  int commute;
  int number; /* the N of user#N */
};

/* Copies the op's entry into *out; 0 when `op` is not a live user op this library saw created. */
int rc_user_op_find(MPI_Op op, struct rc_user_op *out);

/* "MPI_SUM", "user#3", or "unknown" for an op that is neither. */
void rc_op_label(MPI_Op op, char *out, int size);

#endif
