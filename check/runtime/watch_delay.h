/* SPDX-License-Identifier: BSD-3-Clause */
/* Delay injection (docs/design.md, "Threads"): in a process where the program runs threads of its
 * own, a thread is held, asleep, (1) as it enters a call that completes pending buffers that are
 * watched (unlock, flush, fence, complete, a wait or test), before the call is forwarded, and (2) at
 * its access to watched window memory where no pending buffer lies, before the access is retried.
 * Another thread's access to a pending buffer made within the hold of the call then comes inside
 * the call's span, and is found by the rule that already holds (an access between an RMA call's
 * return and its completion is a race whatever orders the threads): a hold only changes timing, so
 * it can find no race that this run's threads could not have made. Each hold lasts
 * REDSEM_CHECK_DELAY milliseconds (`redsem check --delay`; 0: none), at the first RC_DELAY_FIRST
 * holds of each call site or instruction and at power-of-two indexes after, within a budget per
 * process. */
#ifndef REDSEM_CHECK_WATCH_DELAY_H
#define REDSEM_CHECK_WATCH_DELAY_H

#include <stdint.h>

#include "record.h"

#define RC_DELAY_DEFAULT_MS 20  /* the hold, unless REDSEM_CHECK_DELAY says otherwise */
#define RC_DELAY_BUDGET_MS 2000 /* the holds' total per process */
#define RC_DELAY_FIRST 4        /* holds of each call site or instruction before power-of-two indexes */
#define RC_DELAY_SITES 256      /* call sites and instructions counted apart; the others share one count */

/* Reads REDSEM_CHECK_DELAY (once, in normal context, before any window exists). */
void rc_delay_read(void);
/* The start line's `delay_ms`. */
void rc_delay_describe(rc_line *l);
/* The finalize line's `delay` (its holds by kind, those the schedule skipped and the budget cut),
 * when the process ran threads of the program's. */
void rc_delay_write_counts(rc_line *l);

/* pthread_create was called from `caller`: a thread of the program (its own code's or its OpenMP
 * runtime's, not the MPI library's, and not while MPI_Init runs) makes the process threaded. */
void rc_delay_thread_created(const void *caller);
/* Whether holds are on (REDSEM_CHECK_DELAY above 0, and --thread-sync calls not in force) and the
 * program has threads of its own. Async-signal-safe. */
int rc_delay_threaded(void);

/* Before a call from `caller` that completes a watched pending buffer: holds the calling thread when
 * the schedule and the budget allow. Without any lock of this library held. */
void rc_delay_completion(const void *caller);
/* From the fault handler, at the program's access (its code `instruction`) to watched memory at
 * `address`, window memory with no pending buffer there when `window_only`: 1 when the thread is to
 * be held (the access recorded, then rc_delay_hold with no lock held, and the access retried); 2
 * when this is that retry (recorded already, but for a pending buffer there now); 0 otherwise (not
 * threaded, or the schedule or the budget say no). Async-signal-safe. */
int rc_delay_fault(uintptr_t instruction, uintptr_t address, int window_only);
void rc_delay_hold(void);

#endif
