/* SPDX-License-Identifier: BSD-3-Clause */
/* The MPI library's faults on watched pages while a program of one thread forwards a call
 * (rc_watch_forwarding, watch_state.h): the program cannot access memory before the call returns,
 * and a page the library faults on stays open until then (rc_watch_rearm protects every armed
 * range again). So a fault opens more than its page: the pages of the range it falls in around
 * it, on either side, as many as the library's faults in this call so far double to. A copy by
 * the library over n watched pages (a 2 MiB MPI_Get from the rank's own window, osc pt2pt's
 * transfers into a target's window while it waits in MPI_Barrier) then takes about log2(n)
 * faults instead of n, each a signal and an mprotect; a span opened past the pages the copy
 * reaches is at most about twice them, and is protected again with the rest at the call's end.
 * A `rep movs`/`rep stos` of the library is left to run natively on the opened pages, rather
 * than run whole by the handler (watch_string_ops.c) with its pages protected again one by one:
 * nothing is recorded of the library's accesses either way. Async-signal-safe: table reads and
 * mprotect, from the SIGSEGV handler under the watch lock. */
#define _GNU_SOURCE
#include <sys/mman.h>

#include "watch_state.h"

#define MAX_DOUBLINGS 24 /* 2^24 pages on either side: 64 GiB, beyond any range */

static unsigned faults_in_call; /* the library's faults opened since the last hook's rearm */

void rc_watch_library_span_reset(void) { faults_in_call = 0; }

/* The pages [first, end) of an armed, page-protected range holding `address`; 0 when none. */
static int range_pages(uintptr_t address, uintptr_t *first, uintptr_t *end) {
  const uintptr_t size = rc_watch_page_size();
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (!r->armed || !r->paged || address < r->lo || address >= r->hi) continue;
    *first = r->lo & ~(size - 1);
    *end = (r->hi + size - 1) & ~(size - 1);
    return 1;
  }
  return 0;
}

void rc_watch_open_library_span(uintptr_t address, uintptr_t page, int original) {
  const unsigned doublings = faults_in_call < MAX_DOUBLINGS ? faults_in_call : MAX_DOUBLINGS;
  ++faults_in_call;
  uintptr_t first = 0, end = 0;
  if (doublings == 0 || !range_pages(address, &first, &end)) return; /* the page alone: opened already */
  const uintptr_t size = rc_watch_page_size(), reach = (((uintptr_t)1 << doublings) - 1) * size;
  const uintptr_t lo = page - first > reach ? page - reach : first;
  const uintptr_t hi = end - (page + size) > reach ? page + size + reach : end;
  mprotect((void *)lo, hi - lo, original);
}
