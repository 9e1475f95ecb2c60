/* SPDX-License-Identifier: BSD-3-Clause */
/* How long a hold of delay injection lasts (watch_delay.h; docs/design.md, "Threads"). A hold is
 * there to let the process's other threads run meanwhile, so its length is counted in their CPU
 * time, not in the wall clock alone: it lasts at least D of wall-clock time, and then on while
 * another thread of the process is runnable (its /proc/self/task/TID/stat state `R`) and has had
 * less than D of CPU time since the hold began: on a loaded machine a runnable thread may get no
 * CPU at all within D. A blocked thread (in any other state: asleep, waiting for a lock, a
 * message or I/O) does not extend it, nor does a thread that already had D. A hold is bounded by
 * RC_HOLD_CAP times D. Async-signal-safe: open, read, close, getdents64, clock_gettime and
 * nanosleep, with buffers on the stack. */
#ifndef REDSEM_CHECK_HOLD_CLOCK_H
#define REDSEM_CHECK_HOLD_CLOCK_H

#define RC_HOLD_CAP 10     /* a hold lasts at most this many times D */
#define RC_HOLD_THREADS 64 /* threads of the process followed in one hold; the others do not extend it */
#define RC_HOLD_STEP_MS 1  /* the least pause between two looks at the threads past D */

/* One other thread as a hold sees it: its CPU time since the hold began and whether it is runnable. */
typedef struct {
  long long cpu_ns;
  int runnable;
} rc_hold_thread;

/* What a look at the threads decides, `elapsed_ns` into a hold of `delay_ns`. */
typedef enum {
  RC_HOLD_ON,     /* before D, or a runnable thread has had less than D of CPU */
  RC_HOLD_SERVED, /* past D, every other thread has had D of CPU or is blocked */
  RC_HOLD_CAPPED, /* RC_HOLD_CAP times D reached with a runnable thread still short of D */
} rc_hold_decision;

rc_hold_decision rc_hold_decide(long long elapsed_ns, long long delay_ns, const rc_hold_thread *threads, int count);

/* How a hold ended, for the `finalize` line's counts. */
typedef enum {
  RC_HOLD_AT_D,     /* at D: no other thread was runnable and short of CPU */
  RC_HOLD_EXTENDED, /* past D, once the others had had D of CPU or blocked */
  RC_HOLD_AT_CAP,   /* at RC_HOLD_CAP times D */
  RC_HOLD_STOPPED   /* early: `stop` said what the hold waited for has come */
} rc_hold_end;

/* Holds the calling thread for `delay_ns` as above. Past D, each further pause of `step_ns` is told
 * to `held` (the process's time held in all, delay_budget.h), which never cuts it: how long a hold
 * lasts past D is the threads' CPU times' to decide, never the load's. `stop`, when not NULL, is
 * asked after every pause of `step_ns`, D's included: the hold ends as soon as it says yes. errno
 * is kept. */
rc_hold_end rc_hold_for(long long delay_ns, void (*held)(long long step_ns), int (*stop)(void));

#endif
