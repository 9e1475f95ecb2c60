/* SPDX-License-Identifier: BSD-3-Clause */
/* Delay injection (docs/design.md, "Threads"): in a process where the program runs threads of its
 * own, a thread is held, asleep, (1) as it enters a call that completes pending buffers that are
 * watched (unlock, flush, fence, complete, a wait or test), before the call is forwarded, and (2) at
 * its access to watched window memory where no pending buffer lies, before the access is retried
 * (again, a few times, while no pending buffer is there), and (3) as it enters a call that will
 * disarm the window memory (MPI_Win_lock, a fence…), so that other threads' accesses meanwhile are
 * still seen, and (4) as it returns from a process synchronisation (MPI_Barrier, a message, the
 * calls written as `process_sync` lines) while window memory is watched, after the call and before
 * the line's time is taken, so that another thread's access meanwhile is placed before the return.
 * Another thread's access to a pending buffer made within the hold of the call then comes inside
 * the call's span, and is found by the rule that already holds (an access between an RMA call's
 * return and its completion is a race whatever orders the threads): a hold only changes timing, so
 * it can find no race that this run's threads could not have made. Each hold lasts at least D,
 * REDSEM_CHECK_DELAY milliseconds (`redsem check --delay`; 0: none), and on while another thread
 * of the process is runnable and has had less than D of CPU time since it began, up to 10 D
 * (hold_clock.h), at the first RC_DELAY_FIRST holds of each call site or instruction and at
 * power-of-two indexes after, within a budget per process. */
#ifndef REDSEM_CHECK_WATCH_DELAY_H
#define REDSEM_CHECK_WATCH_DELAY_H

#include <stdint.h>

#include "record.h"

#define RC_DELAY_DEFAULT_MS 20   /* D, a hold's least length, unless REDSEM_CHECK_DELAY says otherwise */
#define RC_DELAY_BUDGET_MS 2000  /* the holds' least times (D each) per process: delay_budget.h */
#define RC_DELAY_FIRST 4         /* holds of each call site or instruction before power-of-two indexes */
#define RC_DELAY_SITES 256       /* call sites and instructions counted apart; the others share one count */
#define RC_DELAY_AGAIN 3         /* holds of one access after its first, while no pending buffer is there */
#define RC_DELAY_AGAIN_IN_SYNC 9 /* ... while another thread is in a synchronisation call */

/* Reads REDSEM_CHECK_DELAY (once, in normal context, before any window exists). */
void rc_delay_read(void);
/* The start line's `delay_ms`. */
void rc_delay_describe(rc_line *l);
/* The finalize line's `delay` (its holds by kind, those the schedule skipped and the budget cut,
 * those made longer than D and those of them that ended at the cap), when the
 * process ran threads of the program's. */
void rc_delay_write_counts(rc_line *l);

/* pthread_create was called from `caller`: a thread of the program (its own code's or its OpenMP
 * runtime's, not the MPI library's, and not while MPI_Init runs) makes the process threaded. */
void rc_delay_thread_created(const void *caller);
/* Whether holds are on (REDSEM_CHECK_DELAY above 0, and --thread-sync calls not in force) and the
 * program has threads of its own. Async-signal-safe. */
int rc_delay_threaded(void);

/* A thread enters, or leaves, an intercepted RMA synchronisation call. */
void rc_delay_sync_enter(void);
void rc_delay_sync_leave(void);
/* Before a call from `caller` that completes a watched pending buffer (`completes`), or that will
 * disarm watched window memory: holds the calling thread when the schedule and the budget allow.
 * Without any lock of this library held. */
void rc_delay_sync(const void *caller, int completes);
/* After a process synchronisation from `caller` returned, before its line's time is taken, in a
 * process with watched window memory: holds the calling thread when the schedule and the budget
 * allow. Without any lock of this library held. */
void rc_delay_sync_return(const void *caller);
/* From the fault handler, at the program's access (its code `instruction`) to watched memory at
 * `address`, window memory with no pending buffer there when `window_only`: RC_DELAY_HOLD when the
 * thread is to be held (the access recorded, then rc_delay_hold with no lock held, again while
 * rc_delay_again says so, and the access retried); RC_DELAY_RETRIED when this is that retry
 * (recorded already, but for a pending buffer there now); RC_DELAY_NO otherwise (not threaded, or
 * the schedule or the budget say no). Async-signal-safe. */
enum { RC_DELAY_NO, RC_DELAY_HOLD, RC_DELAY_RETRIED };
int rc_delay_fault(uintptr_t instruction, uintptr_t address, int window_only);
/* The held access's retry ran to its end without reaching rc_delay_fault (its page was given back
 * meanwhile, or it was stepped as another range's): a later fault at the same instruction and
 * address is a new access. Async-signal-safe. */
void rc_delay_retry_over(void);
/* After a hold at an access with still no pending buffer there: whether to hold it again (up to
 * RC_DELAY_AGAIN more times, RC_DELAY_AGAIN_IN_SYNC while another thread is in a synchronisation
 * call, within the budget). Async-signal-safe. */
int rc_delay_again(void);
/* One hold (hold_clock.h), ended early when `stop` (NULL: none) says yes: at an access, a pending
 * buffer armed meanwhile, which the handler then looks for. Async-signal-safe. */
void rc_delay_hold(int (*stop)(void));

#endif
