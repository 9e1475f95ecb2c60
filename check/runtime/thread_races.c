/* SPDX-License-Identifier: BSD-3-Clause */
/* Races between threads by their clocks (thread_races.h). Both tables are rings: when one is
 * full its oldest entry (for spans: the oldest completed one) is forgotten, which can only miss a
 * race, and an `rma_limit` line says so. */
#define _GNU_SOURCE
#include "thread_races.h"

#include <stdio.h>

#include "watch.h"
#include "watch_state.h"

enum span_state { FREE, PENDING, COMPLETING, DONE };

struct span {
  enum span_state state;
  uintptr_t lo, hi;
  int writes, reported, win_id, target;
  const char *call, *buffer, *done_call;
  long long epoch;
  MPI_Request request;
  const void *caller;
  int call_slot, call_tid, done_slot, done_tid;
  unsigned long long made; /* creation order: the oldest completed span is forgotten first */
  rc_tc_clock call_clock, done_clock;
};

struct access {
  uintptr_t lo, hi;
  long long offset;
  int store, tid, slot, win_id;
  uintptr_t instruction;
  rc_tc_clock clock;
};

static struct span spans[RC_TR_MAX_SPANS];
static unsigned long long spans_made;
static struct access accesses[RC_TR_MAX_ACCESSES];
static unsigned long long accesses_made;

static const char *const access_names[] = {"load", "store", "load or store"};

static void finding(struct span *s, const struct access *a) {
  s->reported = 1;
  char message[768];
  snprintf(message, sizeof message,
           "thread %d %s bytes of the %s buffer of an %s (window %d, target %d) that thread %d made, and no OpenMP or "
           "pthreads call orders that access before the call or after its completion (%s): a race under the policy "
           "--thread-sync calls (threads synchronise only through OpenMP and pthreads calls)",
           a->tid,
           a->store == RC_WATCH_LOAD    ? "loaded"
           : a->store == RC_WATCH_STORE ? "stored into"
                                        : "accessed",
           s->buffer, s->call, s->win_id, s->target, s->call_tid,
           s->state == DONE ? s->done_call : "not completed yet when the race was found");
  rc_line l;
  rc_begin(&l, "finding");
  rc_str(&l, "check", "thread_race_with_rma_buffer");
  rc_str(&l, "call", s->call);
  rc_str(&l, "rule", "MPI-4.1 §13.7");
  rc_str(&l, "message", message);
  rc_caller(&l, (const void *)(a->instruction + 1));
  rc_open_object(&l, "evidence");
  rc_int(&l, "win", s->win_id);
  rc_int(&l, "target", s->target);
  rc_str(&l, "buffer", s->buffer);
  rc_str(&l, "access", access_names[a->store]);
  rc_int(&l, "offset", a->offset);
  rc_int(&l, "call_thread", s->call_tid);
  rc_int(&l, "thread", a->tid);
  rc_str(&l, "completion", s->state == DONE ? s->done_call : NULL);
  if (s->state == DONE) rc_int(&l, "completion_thread", s->done_tid);
  rc_str(&l, "thread_sync", "calls");
  rc_function(&l, "rma_call", (void (*)(void))((const char *)s->caller - 1));
  rc_close(&l);
  rc_end(&l);
}

/* Whether access a and span s race (thread_races.h). */
static int race(const struct span *s, const struct access *a) {
  if (s->state == FREE || s->reported || a->slot == s->call_slot || a->hi <= s->lo || a->lo >= s->hi) return 0;
  if (!s->writes && a->store == RC_WATCH_LOAD) return 0;
  if (a->clock.c[a->slot] <= s->call_clock.c[a->slot]) return 0; /* the access before the call */
  if (s->state == DONE && s->done_clock.c[s->done_slot] <= a->clock.c[s->done_slot]) return 0; /* after it */
  return 1;
}

static struct span *new_span(void) {
  struct span *oldest = NULL;
  for (int i = 0; i < RC_TR_MAX_SPANS; ++i) {
    if (spans[i].state == FREE) return &spans[i];
    if (spans[i].state == DONE && (!oldest || spans[i].made < oldest->made)) oldest = &spans[i];
  }
  rc_rma_limit(NULL, "thread_race_spans", RC_TR_MAX_SPANS);
  return oldest;
}

void rc_tr_span(const struct rc_window *w, const struct rc_watch_call *c, const char *buffer, int writes, uintptr_t lo,
                uintptr_t hi) {
  int slot;
  rc_tc_clock now;
  if (!rc_tc_now(&now, &slot) || !rc_rma_in_window_memory((const void *)lo, hi - lo)) return;
  struct span *s = new_span();
  if (!s) return;
  *s = (struct span){.state = PENDING,
                     .lo = lo,
                     .hi = hi,
                     .writes = writes,
                     .win_id = w->id,
                     .target = c->target,
                     .call = c->call,
                     .buffer = buffer,
                     .epoch = (long long)w->syncs,
                     .request = c->request,
                     .caller = c->caller,
                     .call_slot = slot,
                     .call_tid = rc_watch_thread(),
                     .made = spans_made++,
                     .call_clock = now};
  const unsigned long long kept = accesses_made < RC_TR_MAX_ACCESSES ? accesses_made : RC_TR_MAX_ACCESSES;
  for (unsigned long long k = 0; k < kept && !s->reported; ++k)
    if (race(s, &accesses[k])) finding(s, &accesses[k]);
}

void rc_tr_completing(int win_id, int completes, const char *call) {
  int slot;
  rc_tc_clock now;
  if (completes == -2 || !rc_tc_now(&now, &slot)) return;
  for (int i = 0; i < RC_TR_MAX_SPANS; ++i) {
    struct span *s = &spans[i];
    if (s->state != PENDING || s->win_id != win_id || (completes >= 0 && s->target != completes)) continue;
    if (s->request != MPI_REQUEST_NULL) continue; /* completed by its wait or test */
    s->state = COMPLETING;
    s->done_slot = slot;
    s->done_tid = rc_watch_thread();
    s->done_call = call;
  }
}

static void complete(struct span *s, int slot, const rc_tc_clock *now) {
  s->state = DONE;
  s->done_slot = slot;
  s->done_clock = *now;
}

void rc_tr_completed(void) {
  int slot;
  rc_tc_clock now;
  if (!rc_tc_now(&now, &slot)) return;
  for (int i = 0; i < RC_TR_MAX_SPANS; ++i)
    if (spans[i].state == COMPLETING && spans[i].done_slot == slot) complete(&spans[i], slot, &now);
}

void rc_tr_request_done(MPI_Request request, const char *call) {
  int slot;
  rc_tc_clock now;
  if (!rc_tc_now(&now, &slot)) return;
  for (int i = 0; i < RC_TR_MAX_SPANS; ++i)
    if (spans[i].state == PENDING && spans[i].request == request) {
      spans[i].done_tid = rc_watch_thread();
      spans[i].done_call = call;
      complete(&spans[i], slot, &now);
    }
}

void rc_tr_access(int win_id, uintptr_t lo, uintptr_t hi, long long offset, int store, int tid, int slot,
                  const rc_tc_clock *clock, uintptr_t instruction) {
  if (!rc_tc_on || slot < 0) return;
  if (accesses_made == RC_TR_MAX_ACCESSES) rc_rma_limit(NULL, "thread_race_accesses", RC_TR_MAX_ACCESSES);
  struct access *a = &accesses[accesses_made++ % RC_TR_MAX_ACCESSES];
  *a = (struct access){.lo = lo,
                       .hi = hi,
                       .offset = offset,
                       .store = store,
                       .tid = tid,
                       .slot = slot,
                       .win_id = win_id,
                       .instruction = instruction,
                       .clock = *clock};
  for (int i = 0; i < RC_TR_MAX_SPANS; ++i)
    if (race(&spans[i], a)) finding(&spans[i], a);
}
