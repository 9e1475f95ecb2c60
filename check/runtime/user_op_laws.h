/* SPDX-License-Identifier: BSD-3-Clause */
/* A user op's laws on the program's own values, through its real function and datatype handle:
 * the commute flag it declared against f(a,b) and f(b,a), and associativity on triples
 * (MPI-4.1 §7.9.5: MPI assumes every op is associative, and may reorder a commutative one). */
#ifndef REDSEM_CHECK_USER_OP_LAWS_H
#define REDSEM_CHECK_USER_OP_LAWS_H

#include <mpi.h>

#include "reduction.h"
#include "user_ops.h"

/* The values: contribution i's element k starts at images[i] + k * extent (its true lower bound
 * already applied), for k < elements. `ranks[i]` names contribution i in the evidence. */
struct rc_contributions {
  int count;
  const unsigned char *const *images;
  const int *ranks;
  int elements;
};

void rc_check_user_op_laws(const struct rc_reduction *r, const struct rc_user_op *op,
                           const struct rc_contributions *values);

#endif
