/* SPDX-License-Identifier: BSD-3-Clause */
/* Pages of private window memory left open to the program between two hooks (watch_state.h,
 * docs/design.md "Coalesced accesses"), instead of one fault stepped per access: a loop over a
 * large window, or over the program's own data on a page beside it, costs one fault a page and an
 * interval instead of one an element. Nothing is lost silently: each page left open is one entry
 * here, written at the next drain as a `watch_open` line that names the window bytes on that page
 * whose accesses of the kinds it was opened to (loads, or loads and stores) were not seen one by one,
 * and from when to when; the analysis looks at every other rank's call that may have been in flight
 * on those bytes then, and where one conflicts says the bytes were not observed (the verdict is then
 * partial), never a race it did not see. The page is opened only as far as the access needs: after a
 * load, to reading only, so that stores still fault and are recorded. Only pages that nothing but
 * private window ranges watch are left open (a pending buffer's page, or a shared mapping that other
 * ranks load and store directly, is always stepped), and not under --thread-sync calls, whose
 * in-process decisions need every thread's access. A loop that walks on into the next page extends
 * its entry, so that a window of any size left open in one interval is one line. The handler appends and the drain
 * writes and clears, both under the watch lock (watch_lock.c), under which rc_watch_page_prot reads the
 * table, and the hits lock. */
#define _GNU_SOURCE
#include <sys/mman.h>

#include "record.h"
#include "rma_state.h"
#include "thread_clocks.h"
#include "watch_state.h"

struct rc_watch_open rc_watch_opens[RC_WATCH_MAX_OPEN];
volatile int rc_watch_open_count;

int rc_watch_open_prot(uintptr_t page) {
  int prot = 0;
  const int n = rc_watch_open_count;
  for (int i = 0; i < n && i < RC_WATCH_MAX_OPEN; ++i) {
    const struct rc_watch_open *o = &rc_watch_opens[i];
    if (!o->closed && page >= o->page_lo && page < o->page_hi) prot |= o->prot;
  }
  return prot;
}

int rc_watch_open_span_prot(uintptr_t lo, uintptr_t hi) {
  int prot = 0;
  const int n = rc_watch_open_count;
  for (int i = 0; i < n && i < RC_WATCH_MAX_OPEN; ++i) {
    const struct rc_watch_open *o = &rc_watch_opens[i];
    if (o->closed || o->page_hi <= lo || o->page_lo >= hi) continue;
    if (o->page_lo > lo || o->page_hi < hi) return -1; /* part of the span only */
    prot |= o->prot;
  }
  return prot;
}

/* Whether `page` may be left open: only armed private window ranges watch bytes of it. */
static int eligible(uintptr_t page, int *ranges) {
  const uintptr_t end = page + rc_watch_page_size();
  *ranges = 0;
  if (rc_tc_on) return 0;
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (!r->armed || r->lo >= end || r->hi <= page) continue;
    if (r->kind != RC_WATCH_WINDOW || r->shared_mapping || r->hw_end) return 0;
    ++*ranges;
  }
  return *ranges > 0;
}

/* The bytes of range r on pages [page_lo, page_hi). */
static void clamp(struct rc_watch_open *o, const struct rc_watch_range *r) {
  o->lo = r->lo > o->page_lo ? r->lo : o->page_lo;
  o->hi = r->hi < o->page_hi ? r->hi : o->page_hi;
}

/* The entry of range i that `page` extends (a loop walks on into the next page, or back into the
 * one before) at protection `prot`, else a new one; NULL when the table is full. */
static struct rc_watch_open *entry(int i, uintptr_t page, int prot, long long t) {
  const struct rc_watch_range *r = &rc_watch_ranges[i];
  const uintptr_t size = rc_watch_page_size();
  const int n = rc_watch_open_count;
  for (int k = 0; k < n; ++k) {
    struct rc_watch_open *o = &rc_watch_opens[k];
    if (o->range != i || o->generation != r->generation || o->closed || o->prot != prot) continue;
    if (page + size < o->page_lo || page > o->page_hi) continue;
    if (page < o->page_lo) o->page_lo = page;
    if (page + size > o->page_hi) o->page_hi = page + size;
    clamp(o, r);
    return o;
  }
  if (n >= RC_WATCH_MAX_OPEN) return NULL;
  struct rc_watch_open *o = &rc_watch_opens[n];
  *o = (struct rc_watch_open){.range = i,
                              .generation = r->generation,
                              .page_lo = page,
                              .page_hi = page + size,
                              .base = r->lo,
                              .prot = prot,
                              .original = r->original_prot,
                              .win_id = r->win_id,
                              .epoch = r->epoch,
                              .fence = r->fence,
                              .mode = r->mode,
                              .target = r->target,
                              .other_segment = r->other_segment,
                              .time = t,
                              .time_last = t};
  clamp(o, r);
  rc_watch_open_count = n + 1;
  return o;
}

int rc_watch_open_page(uintptr_t page, int store, int original) {
  int ranges = 0;
  if (!eligible(page, &ranges) || !rc_watch_hits_lock()) return 0;
  /* Room for a new entry of every range on the page, or the page is not opened at all. */
  const int room = rc_watch_open_count + ranges <= RC_WATCH_MAX_OPEN;
  const uintptr_t end = page + rc_watch_page_size();
  const int prot = (store ? PROT_READ | PROT_WRITE : PROT_READ) & original;
  const long long t = rc_rma_now();
  for (int i = 0; i < RC_WATCH_MAX_RANGES && room; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (r->armed && !r->excluded && r->lo < end && r->hi > page) entry(i, page, prot, t); /* excluded: none seen */
  }
  rc_watch_hits_unlock();
  if (!room) return 0;
  mprotect((void *)page, rc_watch_page_size(), rc_watch_page_prot(page));
  return 1;
}

/* Whether the window ranges on `page` have had more than RC_WATCH_MAX_BESIDE_STEPS of the program's
 * faults beside their bytes in their epoch (this one counted). */
static int beside_bound_passed(uintptr_t page) {
  const uintptr_t end = page + rc_watch_page_size();
  int passed = 0;
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    struct rc_watch_range *r = &rc_watch_ranges[i];
    if (r->armed && r->kind == RC_WATCH_WINDOW && r->lo < end && r->hi > page)
      passed |= ++r->beside > RC_WATCH_MAX_BESIDE_STEPS;
  }
  return passed;
}

int rc_watch_left_open(int range, uintptr_t address, uintptr_t page, int store, int original, uintptr_t instruction) {
  if (range < 0) {
    if (!beside_bound_passed(page) || !rc_watch_open_page(page, store, original)) return 0;
    __atomic_add_fetch(&rc_watch_fault_count.program_beside_opened, 1, __ATOMIC_RELAXED);
    return 1;
  }
  const struct rc_watch_range *r = &rc_watch_ranges[range];
  if (r->kind != RC_WATCH_WINDOW || r->faults < RC_WATCH_EXACT_WINDOW_FAULTS ||
      !rc_watch_open_page(page, store, original))
    return 0;
  rc_watch_note_access(range, address, 1, store ? RC_WATCH_STORE : RC_WATCH_LOAD, instruction);
  __atomic_add_fetch(&rc_watch_fault_count.program_opened, 1, __ATOMIC_RELAXED);
  return 1;
}

/* Protects every open page again; their entries stay, closed, until written. */
static void close_all(void) {
  const long long t = rc_rma_now();
  const int n = rc_watch_open_count;
  for (int k = 0; k < n; ++k) {
    struct rc_watch_open *o = &rc_watch_opens[k];
    if (o->closed) continue;
    o->closed = 1;
    o->time_last = t;
  }
  for (int k = 0; k < n; ++k)
    rc_watch_protect_pages(rc_watch_opens[k].page_lo, rc_watch_opens[k].page_hi, rc_watch_opens[k].original);
}

void rc_watch_close_opens(void) {
  rc_watch_lock();
  if (rc_watch_open_count && rc_watch_hits_lock()) {
    close_all();
    rc_watch_hits_unlock();
  }
  rc_watch_unlock();
}

static void open_line(const struct rc_watch_open *o) {
  rc_line l;
  rc_begin(&l, "watch_open");
  rc_int(&l, "win", o->win_id);
  rc_str(&l, "buffer", "window");
  if (o->other_segment) rc_int(&l, "segment_rank", o->target);
  rc_str(&l, "mode", o->mode);
  rc_int(&l, "epoch", o->epoch);
  if (o->fence >= 0) rc_int(&l, "fence", o->fence);
  rc_int(&l, "offset", (long long)(o->lo - o->base));
  rc_int(&l, "bytes", (long long)(o->hi - o->lo));
  rc_str(&l, "access", (o->prot & PROT_WRITE) ? "load or store" : "load");
  rc_int(&l, "time", o->time);
  rc_int(&l, "time_last", o->time_last);
  rc_end(&l);
}

void rc_watch_write_opens(void) {
  static struct rc_watch_open opens[RC_WATCH_MAX_OPEN]; /* called with the RMA lock held */
  int n = 0;
  rc_watch_lock();
  if (rc_watch_open_count && rc_watch_hits_lock()) {
    close_all();
    n = rc_watch_open_count;
    for (int k = 0; k < n; ++k) opens[k] = rc_watch_opens[k];
    rc_watch_open_count = 0;
    rc_watch_hits_unlock();
  }
  rc_watch_unlock();
  for (int k = 0; k < n; ++k) open_line(&opens[k]);
}
