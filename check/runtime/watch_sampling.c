/* SPDX-License-Identifier: BSD-3-Clause */
/* Which RMA calls' pending buffers the watcher arms (watch_state.h): the sampled ones, counted per
 * call site, and the `watch_sampled` lines that say what the others leave unseen. */
#define _GNU_SOURCE
#include "watch.h"
#include "watch_state.h"

void rc_watch_sampled_line(const struct rc_window *w, const char *buffer, const char *call) {
  rc_line l;
  rc_begin(&l, "watch_sampled");
  if (w) rc_int(&l, "win", w->id);
  rc_str(&l, "buffer", buffer);
  if (call) rc_str(&l, "call", call);
  rc_end(&l);
}

/* Arming a buffer costs two mprotect calls (at the call and at its completion), several times a
 * small accumulate's own cost: the buffers are armed on the calls the sampling policy picks
 * (rc_sampled: the first N of each call site, that is each call on each window from each caller,
 * then the powers of two), as reductions are checked in depth. Counting per call site, not per
 * call and window, keeps a site that runs rarely from finding the first N taken by a busy one. The
 * calls not sampled keep their range unarmed (result buffers are still compared for overlap), and
 * their origin bytes are still compared at completion (rma_origin.c), which sees every store that
 * changed them, outside window memory (where a change may be another rank's); the first one of each
 * call on each window gets a `watch_sampled` line, and another (`origin_in_window`) the first whose
 * origin or compare bytes lie in window memory, which nothing then checks. */
#define SAMPLE_SITES 64
struct sample_site {
  int win_id;
  const char *call;   /* a string literal: compared by address */
  const void *caller; /* the program's code that made the call */
  unsigned long calls;
  unsigned said; /* SAID_* bits: the watch_sampled lines of this call on this window known to be written */
};
enum { SAID_BUFFERS = 1, SAID_IN_WINDOW = 2 };
static struct sample_site sample_sites[SAMPLE_SITES];

/* The counter of this call site. When the table is full a slot of the oldest window is taken
 * (window ids grow with creation: it is most likely freed), in turn among its slots; a counter
 * started anew only arms more buffers. */
static struct sample_site *sample_site_of(const struct rc_window *w, const struct rc_watch_call *c) {
  static int turn;
  int slot = -1;
  for (int i = 0; i < SAMPLE_SITES; ++i) {
    struct sample_site *k = &sample_sites[(turn + i) % SAMPLE_SITES];
    if (k->call == c->call && k->win_id == w->id && k->caller == c->caller) return k;
    if (slot < 0 || (sample_sites[slot].call && (!k->call || k->win_id < sample_sites[slot].win_id)))
      slot = (turn + i) % SAMPLE_SITES;
  }
  turn = (slot + 1) % SAMPLE_SITES;
  sample_sites[slot] = (struct sample_site){.win_id = w->id, .call = c->call, .caller = c->caller};
  return &sample_sites[slot];
}

/* The `watch_sampled` line `buffer` (its SAID_* bit `said`) of this call on window w, written once
 * for all its sites: a slot scans for it once, not at every call. */
static void say_sampled(const struct rc_window *w, const struct rc_watch_call *c, const char *buffer, unsigned said) {
  struct sample_site *k = sample_site_of(w, c);
  if (k->said & said) return;
  int known = 0;
  for (int i = 0; i < SAMPLE_SITES && !known; ++i)
    known = (sample_sites[i].said & said) && sample_sites[i].call == c->call && sample_sites[i].win_id == w->id;
  if (!known) rc_watch_sampled_line(w, buffer, c->call);
  k->said |= said;
}

/* Whether this call's buffers are armed; the first one of its call on its window that is not says so. */
int rc_watch_buffers_sampled(const struct rc_window *w, const struct rc_watch_call *c) {
  if (rc_sampled(sample_site_of(w, c)->calls++)) return 1;
  say_sampled(w, c, "buffers", SAID_BUFFERS);
  return 0;
}

/* An origin or compare buffer of a call not sampled that lies in this rank's window memory is
 * neither armed nor compared at completion: another rank's put or accumulate may change those
 * bytes while the call is pending, so a change there could not be charged to this rank's program
 * (rma_origin.c). Said, so that the coverage names it rather than implying it was checked. */
void rc_watch_unchecked_in_window(const struct rc_window *w, const struct rc_watch_call *c, uintptr_t lo,
                                  uintptr_t hi) {
  if (rc_rma_in_window_memory((const void *)lo, hi - lo)) say_sampled(w, c, "origin_in_window", SAID_IN_WINDOW);
}
