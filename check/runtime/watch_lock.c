/* SPDX-License-Identifier: BSD-3-Clause */
/* The watch lock (watch_state.h; docs/design.md, "Threads"): one word, the owner's thread id, over
 * what the fault handlers read and write (the ranges' armed state, the open pages, the handlers'
 * counters) and over the pages' protection. A fault handler holds it from the fault to the end of
 * its step; the arming side (a thread in an MPI call) around each change and the mprotect calls
 * that go with it, never around a record line or anything else that could fault. Both wait in a
 * bounded spin: a thread stopped mid-step (by a debugger, or in a handler of the program's that
 * never returns) costs a wait, never a deadlock; past the bound the caller goes on unserialised,
 * as a single thread would. A handler that interrupted its own thread's arming section cannot
 * wait for itself: it goes on without the lock, seeing the table in that thread's program order. */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/types.h>

#include "watch_state.h"

static volatile pid_t owner; /* 0: free */
/* This thread's fault handler holds it (a fault to its step's end). */
static __thread __attribute__((tls_model("initial-exec"))) volatile int handler_holds;
/* This thread's arming side is inside a section, this deep; and whether the outermost one took it. */
static __thread __attribute__((tls_model("initial-exec"))) volatile int arming_depth;
static __thread __attribute__((tls_model("initial-exec"))) int arming_took;

static int take(void) {
  const pid_t me = rc_watch_thread();
  for (long spins = 0; spins < (1L << 20); ++spins) {
    pid_t free_ = 0;
    if (__atomic_compare_exchange_n(&owner, &free_, me, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) return 1;
    if ((spins & 63) == 63) sched_yield();
  }
  return 0;
}

static void give(void) { __atomic_store_n(&owner, 0, __ATOMIC_RELEASE); }

int rc_watch_handler_lock(void) {
  if (handler_holds || arming_depth) return 0;
  handler_holds = take();
  return handler_holds;
}

void rc_watch_handler_unlock(void) {
  if (!handler_holds) return;
  handler_holds = 0;
  give();
}

void rc_watch_lock(void) {
  if (arming_depth++ > 0) return;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);  /* the depth is seen by a handler on this thread first */
  arming_took = handler_holds ? 0 : take(); /* a step of this thread that never ended holds it already */
}

void rc_watch_unlock(void) {
  if (arming_depth > 1) {
    --arming_depth;
    return;
  }
  if (arming_took) give();
  arming_took = 0;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  arming_depth = 0;
}
