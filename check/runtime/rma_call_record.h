/* SPDX-License-Identifier: BSD-3-Clause */
/* An RMA communication call as its wrapper saw it (rma_calls.c, rma_calls_large_count.c), and
 * what is done with it once the forwarded call succeeded: its `rma_call` line (bounded:
 * RC_RMA_MAX_CALLS per epoch, RC_RMA_MAX_VALUE_BYTES of origin values), a copy of the buffers it
 * reads for the origin-buffer check (rma_origin.c), and its buffers watched (watch.h). */
#ifndef REDSEM_CHECK_RMA_CALL_RECORD_H
#define REDSEM_CHECK_RMA_CALL_RECORD_H

#include <mpi.h>

#include "rma_state.h"

struct rc_rma_call {
  const char *call;
  MPI_Win win;
  int target;
  MPI_Aint disp;
  long long count;
  MPI_Datatype type;
  const void *origin; /* read by the call; NULL for a get (the origin buffer is written) */
  long long origin_count;
  MPI_Datatype origin_type;
  const void *compare; /* MPI_Compare_and_swap */
  const char *op;      /* NULL for put, get and compare-and-swap */
  void *result;        /* written by the call: get, get-accumulate, fetch-and-op, compare-and-swap */
  long long result_count;
  MPI_Datatype result_type;
  const void *caller;
  long long time; /* when the call was made */
};

/* The call as made in the wrapper that expands it: its caller and the time it was made. */
#define RC_RMA_CALL(...) \
  (struct rc_rma_call) { .caller = __builtin_return_address(0), .time = rc_rma_now(), __VA_ARGS__ }

/* After the forwarded call succeeded. `request` points to the request of a request-based call.
 * With MPI_NO_OP the origin arguments are ignored (MPI-4.1 §13.3.4): they may be NULL, 0 and
 * MPI_DATATYPE_NULL, and are neither read nor described. */
void rc_rma_record_call(const struct rc_rma_call *given, const MPI_Request *request);

/* After the forwarded call returned: recorded on success; whatever the library left open to
 * itself meanwhile is protected again before the program runs on (rc_watch_forward_begin).
 * Returns `rc`. */
int rc_rma_finish_call(const struct rc_rma_call *c, int rc, const MPI_Request *request);

#endif
