/* SPDX-License-Identifier: BSD-3-Clause */
/* One collective's three forms (blocking, nonblocking, persistent: MPI-4.1 §7.12, §7.13) written
 * once as process synchronisation (process_sync.h), for the files that intercept a family of
 * calls by one macro: each form's trailing parameters and arguments, and its request. */
#ifndef REDSEM_CHECK_PROCESS_SYNC_FORMS_H
#define REDSEM_CHECK_PROCESS_SYNC_FORMS_H

#include <mpi.h>

#include "process_sync.h"
#include "record.h"

enum rc_call_form { RC_BLOCKING_CALL, RC_NONBLOCKING_CALL, RC_PERSISTENT_CALL };

#define RC_BLOCKING_CALL_PARAMS
#define RC_BLOCKING_CALL_ARGS
#define RC_BLOCKING_CALL_REQUEST NULL
#define RC_NONBLOCKING_CALL_PARAMS , MPI_Request *request
#define RC_NONBLOCKING_CALL_ARGS , request
#define RC_NONBLOCKING_CALL_REQUEST request
#define RC_PERSISTENT_CALL_PARAMS , MPI_Info info, MPI_Request *request
#define RC_PERSISTENT_CALL_ARGS , info, request
#define RC_PERSISTENT_CALL_REQUEST request

/* The library's name of a call, its arguments' macros expanded first. */
#define RC_PMPI_OF(name) RC_PMPI_OF_(name)
#define RC_PMPI_OF_(name) P##name

/* The collective `call` of this `form` succeeded on `comm` (`request`: a nonblocking or
 * persistent one's, else NULL): its line, its request followed. */
void rc_sync_collective_form(enum rc_call_form form, MPI_Comm comm, const char *call, enum rc_flow flow, int root,
                             const MPI_Request *request, const void *caller);

/* One call of `form`: `flow` and `root`, expressions of its arguments, read once it succeeded. */
#define RC_SYNC_COLLECTIVE(name, form, params, args, flow, root)                                           \
  int name params {                                                                                        \
    if (!rc_active()) return RC_PMPI_OF(name) args;                                                        \
    const int rc = RC_PMPI_OF(name) args;                                                                  \
    if (rc == MPI_SUCCESS)                                                                                 \
      rc_sync_collective_form(form, comm, #name, flow, root, form##_REQUEST, __builtin_return_address(0)); \
    return rc;                                                                                             \
  }

#endif
