/* SPDX-License-Identifier: BSD-3-Clause */
/* Window ranges an exclusive lock of their owner excludes (watch_state.h, `excluded`), in a program
 * of one thread: while this rank holds an exclusive lock on a segment's owner no other rank may
 * access that segment (MPI-4.1 §13.5.3), so the program's accesses to it cannot race with another
 * rank's calls and are not recorded, as when the range was released at the lock. Releasing it
 * there and arming it again at the unlock cost two protection changes of every page of the segment
 * an epoch, though most such epochs (MPICH's rma_contig: a get, put or accumulate on the rank's
 * own window) have no access of the program there at all, only the library's copies inside the
 * calls, which open spans of an armed range (watch_library_span.c) and leave it protected when the
 * call returns. So the range stays armed, its pages protected, and is given back only by a fault
 * that could be the program's access to it (rc_watch_excluded_fault says which): the first one
 * gives its pages back for the rest of the epoch, as the lock used to, and the unlock arms it again
 * (watch_window_sync.c, keep_armed). Async-signal-safe: table reads and mprotect, from the SIGSEGV
 * handler under the watch lock. */
#define _GNU_SOURCE
#include "watch_state.h"

/* Whether excluded range i covers [lo, hi). */
static int excluded_at(uintptr_t lo, uintptr_t hi, int i) {
  const struct rc_watch_range *r = &rc_watch_ranges[i];
  return r->armed && r->excluded && r->paged && r->lo < hi && r->hi > lo;
}

/* Inside a forwarded call only the program's code at the range's own bytes (a callback of the
 * library's) gives it back: there the library's faults, and those beside the bytes that the caller
 * rule takes for the program's (the library's data on the window's pages, reached through libc),
 * open spans or are stepped, unrecorded, as on any armed range. */
void rc_watch_excluded_fault(uintptr_t page, uintptr_t address, int forwarding, const ucontext_t *uc) {
  const uintptr_t end = page + rc_watch_page_size();
  int on_page = 0, on_bytes = 0;
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    on_page |= excluded_at(page, end, i);
    on_bytes |= excluded_at(address, address + 1, i);
  }
  uintptr_t instruction = 0;
  if (!on_page || (forwarding && (!on_bytes || !rc_watch_program_access(uc, &instruction)))) return;
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i)
    if (excluded_at(page, end, i)) rc_watch_give_back(i);
}
