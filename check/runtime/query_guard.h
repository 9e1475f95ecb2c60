/* SPDX-License-Identifier: BSD-3-Clause */
/* The library's own queries on the program's handles (datatype extents and contents, a
 * communicator's size) must never abort the program, whatever its error handlers say. Arguments
 * a call ignores are not queried at all (the checks skip them first); what remains is queried
 * between rc_guard_begin and rc_guard_end, which route errors raised on MPI_COMM_WORLD and
 * MPI_COMM_SELF (where MPI raises the errors of calls on datatypes, MPI-4.1 §9.3) to a handler
 * that only counts them, and restore the program's handlers after. A query that failed becomes a
 * `note` on the call. The program's own call is never made inside a guard. */
#ifndef REDSEM_CHECK_QUERY_GUARD_H
#define REDSEM_CHECK_QUERY_GUARD_H

#include <mpi.h>

struct rc_guard {
  int failures_before;
  const char *call;
  const void *caller;
};

void rc_guard_begin(struct rc_guard *g, const char *call, const void *caller);
/* Restores the handlers; writes one note when a query failed since rc_guard_begin. */
void rc_guard_end(struct rc_guard *g);

/* Whether a datatype argument can be queried: not MPI_DATATYPE_NULL. */
int rc_type_queryable(MPI_Datatype type);

#endif
