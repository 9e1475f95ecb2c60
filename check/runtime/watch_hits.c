/* SPDX-License-Identifier: BSD-3-Clause */
/* What the watcher keeps of the program's accesses (rc_watch_hits): a fault's hit, extended while
 * one instruction walks on through a window range, and the value a stepped store left. The fault
 * handlers (watch_signals.c, watch_hardware.c, watch_open.c, watch_string_ops.c) call in here, so
 * everything is async-signal-safe: writes to static tables under a bounded spin lock, memcpy,
 * clock_gettime. */
#define _GNU_SOURCE

#include <string.h>

#include "rma_state.h"
#include "watch_state.h"

struct rc_watch_hit rc_watch_hits[RC_WATCH_MAX_HITS];
static volatile char hits_busy; /* program threads other than the one in MPI may fault at once */

int rc_watch_hits_lock(void) {
  /* Bounded: a handler that interrupted the drain on its own thread must not wait forever. */
  for (long spins = 0; __atomic_test_and_set(&hits_busy, __ATOMIC_ACQUIRE); ++spins)
    if (spins > (1L << 24)) return 0;
  return 1;
}

void rc_watch_hits_unlock(void) { __atomic_clear(&hits_busy, __ATOMIC_RELEASE); }
volatile int rc_watch_hit_count;
volatile int rc_watch_hits_dropped;

/* The hit whose value the end of the current step reads (rc_watch_take_value), -1 when none:
 * one thread steps at a time (step_lock), and a debug register's trap reads it at once. */
static int value_hit = -1;
static uintptr_t value_address;
/* This thread is noting a held access (rc_watch_held_begin): its window hits are new and kept back. */
static __thread __attribute__((tls_model("initial-exec"))) int noting_held;
/* The thread whose held access this thread notes (rc_watch_note_access_of), else 0: this one's. */
static __thread __attribute__((tls_model("initial-exec"))) pid_t noting_for;

/* Whether [address, end] is the next of the last hit's accesses a stride apart (a loop's first
 * access on each page it walks into, those pages left open: watch_open.c), each access kept exact. */
static int strided(struct rc_watch_hit *last, uintptr_t address, uintptr_t end) {
  const uintptr_t width = last->last - last->address;
  if (rc_tc_on || end - address != width || address <= last->last) return 0;
  if (last->count == 1 && address - last->address <= RC_WATCH_MAX_STRIDE) last->stride = address - last->address;
  if (last->count == 1 ? last->stride == 0 : address != last->address + last->stride * last->count) return 0;
  ++last->count;
  return 1;
}

/* Extends the last hit when the same instruction walks on through the same window range: over
 * the bytes it reaches, or by one more access a stride on (strided). */
static void record_hit(int range, uintptr_t address, int len, int store, uintptr_t instruction) {
  const uintptr_t end = address + (uintptr_t)len - 1;
  const pid_t thread = noting_for ? noting_for : rc_watch_thread();
  int slot = -1;
  unsigned version = 0;
  static rc_tc_clock clock; /* copied under the hits lock below */
  if (!rc_watch_hits_lock()) {
    __atomic_store_n(&rc_watch_hits_dropped, 1, __ATOMIC_RELAXED); /* the drain reads it without the lock */
    return;
  }
  const int n = rc_watch_hit_count;
  const struct rc_watch_range *r = &rc_watch_ranges[range];
  struct rc_watch_hit *last = n > 0 ? &rc_watch_hits[n - 1] : NULL;
  const int held = noting_held && r->kind == RC_WATCH_WINDOW;
  if (!held && last && !last->holding && last->range == range && last->generation == r->generation &&
      last->seen.epoch == r->epoch && last->seen.fence == r->fence && last->seen.in_fence == r->in_fence &&
      last->seen.in_post == r->in_post && last->store == store && last->instruction == instruction &&
      last->thread == thread && r->kind == RC_WATCH_WINDOW &&
      (!rc_tc_on || (rc_tc_snapshot(&clock, &slot, &version) && last->tc_version == version)) &&
      ((last->count == 1 && address >= last->address && address <= last->last + 64) || strided(last, address, end))) {
    if (last->count == 1 && end > last->last) last->last = end;
    last->time_last = rc_rma_now();
    last->value_bytes = 0; /* a walk: no one state of its bytes */
    value_hit = -1;
  } else if (n >= RC_WATCH_MAX_HITS) {
    __atomic_store_n(&rc_watch_hits_dropped, 1, __ATOMIC_RELAXED);
  } else {
    const long long t = rc_rma_now();
    struct rc_watch_hit *h = &rc_watch_hits[n];
    *h = (struct rc_watch_hit){.range = range,
                               .generation = r->generation,
                               .address = address,
                               .last = end,
                               .store = store,
                               .instruction = instruction,
                               .time = t,
                               .time_last = t,
                               .thread = thread,
                               .tc_slot = -1,
                               .holding = held,
                               .count = 1};
    h->seen = *r; /* the handler holds the watch lock: no arming or release meanwhile */
    if (r->kind == RC_WATCH_WINDOW && !r->hw_end) { /* read at the step's end; a debug register's bytes are
                                                       not read from its trap, which reading them would retrigger */
      value_hit = n;
      value_address = address;
    }
    if (rc_tc_snapshot(&h->tc, &slot, &version)) {
      h->tc_slot = slot;
      h->tc_version = version;
    }
    rc_watch_hit_count = n + 1;
  }
  rc_watch_hits_unlock();
}

void rc_watch_drop_value(void) { value_hit = -1; }

void rc_watch_held_begin(void) { noting_held = 1; }

void rc_watch_note_access_of(pid_t thread, int range, uintptr_t address, int len, int access, uintptr_t instruction) {
  noting_for = thread;
  rc_watch_note_access(range, address, len, access, instruction);
  noting_for = 0;
}

/* The retry's time goes in `time`, the fault's in `held_from`: the drain places a line at the first
 * hook after its time, and what ordered the access before it is what returned before its fault. */
void rc_watch_held_end(void) {
  noting_held = 0;
  const pid_t thread = rc_watch_thread();
  const long long now = rc_rma_now();
  /* Bounded like every wait on it; a hit left holding is kept from the drain, never written wrong. */
  if (!rc_watch_hits_lock()) return;
  for (int i = 0; i < rc_watch_hit_count; ++i) {
    struct rc_watch_hit *h = &rc_watch_hits[i];
    if (!h->holding || h->thread != thread) continue;
    h->holding = 0;
    h->held_from = h->time;
    h->time = now;
    if (h->time_last < now) h->time_last = now;
  }
  rc_watch_hits_unlock();
}

void rc_watch_take_value(const uintptr_t *stepped_pages, int stepped_count) {
  const int k = value_hit;
  value_hit = -1;
  if (k < 0 || !rc_watch_hits_lock()) return;
  struct rc_watch_hit *h = &rc_watch_hits[k];
  const uintptr_t page = h->address & ~(rc_watch_page_size() - 1);
  int stepped = 0; /* only a page this step opened can be read here: another is protected, and a
                      fault inside this handler, its SIGTRAP blocked, would kill the program */
  for (int i = 0; i < stepped_count; ++i) stepped |= stepped_pages[i] == page;
  if (k < rc_watch_hit_count && !h->holding && h->address == value_address && stepped) {
    const struct rc_watch_range *r = &rc_watch_ranges[h->range];
    const uintptr_t page_end = page + rc_watch_page_size();
    uintptr_t end = h->address + sizeof h->value;
    if (end > r->hi) end = r->hi;
    if (end > page_end) end = page_end;
    h->value_bytes = end > h->address ? (int)(end - h->address) : 0;
    memcpy(h->value, (const void *)h->address, (size_t)h->value_bytes);
  }
  rc_watch_hits_unlock();
}

/* Notes what the program did, and decides whether the range stays armed after the step. */
void rc_watch_note_access(int range, uintptr_t address, int len, int store, uintptr_t instruction) {
  struct rc_watch_range *r = &rc_watch_ranges[range];
  if (r->kind != RC_WATCH_WINDOW) {
    if (!r->hit) record_hit(range, address, len, store, instruction);
    r->hit = 1;
    r->armed = 0; /* its finding is made: the rest of its accesses run at full speed */
    return;
  }
  record_hit(range, address, len, store, instruction);
  if (++r->faults >= RC_WATCH_MAX_WINDOW_FAULTS) {
    r->stopped = 1;
    rc_watch_any_stopped = 1; /* after `stopped`: the drain that clears it then sees the range */
    r->armed = 0;
  }
}
