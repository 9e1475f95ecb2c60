/* SPDX-License-Identifier: BSD-3-Clause */
/* Races between the threads of one process under `--thread-sync calls` (thread_clocks.h): an
 * access of one thread to window memory against another thread's RMA call whose origin, compare
 * or result buffer holds the same bytes, over the call's span from the call to the call that
 * completes it. They race (`thread_race_with_rma_buffer`) when the clocks order the access
 * neither before the call nor after the completion, and one of the two writes the bytes (a result
 * buffer is written by the call). Decided in the process, whatever the order the run happened to
 * take: each access is compared with every span kept, each new span with every access kept. An
 * access by the thread that made the call is the watcher's own business (watch_rma.c).
 * Called with the RMA lock held. */
#ifndef REDSEM_CHECK_THREAD_RACES_H
#define REDSEM_CHECK_THREAD_RACES_H

#include <stdint.h>

#include "rma_state.h"
#include "thread_clocks.h"

#define RC_TR_MAX_SPANS 256     /* RMA calls' buffers kept, pending or completed */
#define RC_TR_MAX_ACCESSES 4096 /* accesses to window memory kept */

struct rc_watch_call;
/* A buffer [lo, hi) of an RMA call that returned; `writes`: the call writes it (a result). */
void rc_tr_span(const struct rc_window *w, const struct rc_watch_call *c, const char *buffer, int writes, uintptr_t lo,
                uintptr_t hi);
/* A synchronisation call of this thread on window w that completes the calls to `completes` (a
 * target, -1 all, -2 none) starts; it returned (completed = 1 after it, by this thread). */
void rc_tr_completing(int win_id, int completes, const char *call);
void rc_tr_completed(void);
/* MPI_Wait/MPI_Test completed this request-based call. */
void rc_tr_request_done(MPI_Request request, const char *call);
/* An access of thread `tid` (clock `clock` in slot `slot`) to window memory [lo, hi) of window
 * win_id, at `offset` in it. */
void rc_tr_access(int win_id, uintptr_t lo, uintptr_t hi, long long offset, int store, int tid, int slot,
                  const rc_tc_clock *clock, uintptr_t instruction);

#endif
