/* SPDX-License-Identifier: BSD-3-Clause */
/* The watcher of window memory (watch.h), across synchronisation calls (their hooks:
 * watch_window_sync.c): pending buffers are forgotten when the call completing them is made, and
 * the window memory this rank reaches directly (its own, and the segments of other ranks it
 * queried with MPI_Win_shared_query) is armed for the epoch each synchronisation call opens:
 *   - after a fence without MPI_MODE_NOSUCCEED: a fence epoch, loads and stores (stores only
 *     under MPI_MODE_NOPUT: no put or accumulate updates the window, gets may still read it);
 *   - after MPI_Win_post, until MPI_Win_wait or a true MPI_Win_test: a PSCW exposure epoch;
 *   - otherwise: passive-target exposure (another rank may lock the window at any time), except
 *     a segment whose owner this rank holds an exclusive lock on, which no other rank can then
 *     access, and after a fence with MPI_MODE_NOSUCCEED until this rank's next synchronisation
 *     call on the window: a fence program computes on its window between fence sequences, and
 *     one that mixes in passive target is watched again from its own next lock; but not a
 *     shared-memory window, whose segments other ranks load and store directly whatever the
 *     epoch: it is watched as in passive target there.
 * The window is disarmed inside the synchronisation calls that open or close its epochs (the
 * library completes the epoch's calls there). Window memory in a shared mapping is armed: other ranks reach it through
 * their own mappings, which a protection here does not touch. Private memory (what the program gave to MPI_Win_create)
 * is armed only where watch_policy.h knows other ranks' accesses to be copies by the library in this process: elsewhere
 * they may be copies made by the kernel or a network card, which a protection would make fail, so it gets a
 * `watch_unavailable` line instead. Window memory on the call stack, where page protection cannot be used,
 * is armed in the same epochs on the debug registers of the thread that created the window (watch_hardware.c), as
 * far as the free ones reach: a kernel's or another rank's copy into it neither traps nor fails there, so no
 * policy is needed; a window needing more than all of them is not watched, and said. */
#define _GNU_SOURCE
#include "watch_window.h"

#include <sys/mman.h>

#include "watch.h"

struct rc_watched_window rc_watched_windows[RC_RMA_MAX_WINDOWS];

int rc_watched_slot(const struct rc_window *w) {
  for (int i = 0; i < RC_RMA_MAX_WINDOWS; ++i)
    if (rc_watched_windows[i].used && rc_watched_windows[i].id == w->id) return i;
  return -1;
}

void rc_watch_disarm_window(struct rc_watched_window *ww) {
  for (int k = 0; k < ww->segment_count; ++k) {
    struct rc_watch_segment *g = &ww->segments[k];
    if (g->range < 0) continue;
    rc_watch_release(g->range);
    g->range = -1;
  }
}

/* Window memory on the call stack, range i filled in: on the debug registers of the thread that
 * created the window, those still free (first come: pending stack buffers armed since the epoch
 * opened hold theirs); the bytes they do not reach are said. */
static void arm_on_stack(const struct rc_window *w, struct rc_watch_segment *g, int i) {
  const char *why =
      "on the call stack (page protection cannot be used there), and synchronised by a thread other than the one "
      "that created the window, whose debug registers watch it";
  const uintptr_t end = rc_watch_thread() == g->thread ? rc_watch_hw_arm(i, &why) : g->lo;
  if (end == g->lo) {
    rc_watch_release(i);
    rc_watch_unavailable(w, "window", NULL, why);
    return;
  }
  g->range = i;
  rc_watch_armed_line(w, &rc_watch_ranges[i]);
  if (end < g->hi) rc_watch_unavailable(w, "window", NULL, why);
}

/* The one place a segment is armed: the same epochs for this rank's own memory and for the
 * segments of other ranks it reaches directly. */
static void arm_segment(const struct rc_window *w, struct rc_watched_window *ww, struct rc_watch_segment *g) {
  if (g->locked || g->range >= 0) return;
  const char *buffer = g->rank == ww->win_rank ? "window" : "segment";
  int shared = 0;
  const char *why = "";
  if (!g->on_stack) rc_watch_mapping(g->lo, g->hi, &shared, &why);
  const int i = rc_watch_fill(&(struct rc_watch_range){.lo = g->lo,
                                                       .hi = g->hi,
                                                       .kind = RC_WATCH_WINDOW,
                                                       .shared_mapping = shared,
                                                       .win_id = w->id,
                                                       .epoch = (long long)w->syncs,
                                                       .fence = ww->fence_open ? ww->fences : -1,
                                                       .call = "window",
                                                       .mode = ww->fence_open ? "fence"
                                                               : ww->pscw     ? "pscw"
                                                                              : "passive",
                                                       .target = g->rank,
                                                       .other_segment = g->rank != ww->win_rank,
                                                       .request = MPI_REQUEST_NULL,
                                                       .original_prot = PROT_READ | PROT_WRITE,
                                                       .hw_widest = g->widest,
                                                       .prot = ww->fence_open && ww->noput ? PROT_READ : PROT_NONE});
  if (i < 0) {
    rc_watch_unavailable(w, buffer, NULL, "too many buffers pending at once");
    return;
  }
  const struct rc_watch_range *r = &rc_watch_ranges[i];
  if (g->on_stack) {
    arm_on_stack(w, g, i);
    return;
  }
  if (!rc_watch_arm(i)) {
    rc_watch_unavailable(w, buffer, NULL, "mprotect refused");
    return;
  }
  g->range = i;
  rc_watch_armed_line(w, r);
}

int rc_watch_between_sequences(const struct rc_watched_window *ww) {
  return ww->fences_ended && !ww->pscw && !ww->shared;
}

void rc_watch_arm_window(const struct rc_window *w, struct rc_watched_window *ww) {
  if (rc_watch_between_sequences(ww)) return; /* see the top of the file */
  for (int k = 0; k < ww->segment_count; ++k) arm_segment(w, ww, &ww->segments[k]);
}

/* `stack`: 0, or on the call stack, watched by debug registers in pieces of at most that many bytes. */
static void add_segment(struct rc_watched_window *ww, int rank, uintptr_t lo, uintptr_t hi, int stack) {
  ww->segments[ww->segment_count++] = (struct rc_watch_segment){.rank = rank,
                                                                .lo = lo,
                                                                .hi = hi,
                                                                .range = -1,
                                                                .on_stack = stack > 0,
                                                                .thread = rc_watch_thread(),
                                                                .widest = stack};
}

void rc_watch_window_created(const struct rc_window *w) {
  int slot = -1;
  for (int i = 0; i < RC_RMA_MAX_WINDOWS && slot < 0; ++i)
    if (!rc_watched_windows[i].used) slot = i;
  if (slot < 0) return;
  struct rc_watched_window *ww = &rc_watched_windows[slot];
  *ww = (struct rc_watched_window){.used = 1, .id = w->id, .win_rank = -1};
  MPI_Group group;
  if (PMPI_Win_get_group(w->win, &group) == MPI_SUCCESS) {
    PMPI_Group_rank(group, &ww->win_rank);
    PMPI_Group_free(&group);
  }
  const char *why = "";
  if (!w->base || w->size <= 0) return; /* nothing to watch: no line needed */
  if (!rc_watch_ready(&why)) {
    rc_watch_unavailable(w, "window", NULL, why);
    return;
  }
  const uintptr_t lo = (uintptr_t)w->base, hi = lo + (uintptr_t)w->size;
  int stack = 0;
  why = rc_watch_window_unwatchable(w, lo, hi, &stack);
  if (why) {
    rc_watch_unavailable(w, "window", NULL, why);
    return;
  }
  add_segment(ww, ww->win_rank, lo, hi, stack);
  rc_watch_arm_window(w, ww);
}

/* Why rank's segment [lo, hi) cannot be watched, or NULL. */
static const char *segment_unwatchable(const struct rc_window *w, const struct rc_watched_window *ww, int rank,
                                       uintptr_t lo, uintptr_t hi) {
  const char *why = "";
  if (rank < 0) return "MPI_Win_shared_query with MPI_PROC_NULL: the segment's owner is not named";
  if (!rc_watch_ready(&why)) return why;
  if (ww->segment_count == RC_WATCH_MAX_SEGMENTS)
    return "more segments in this shared-memory window than the 16 the watcher follows: the others are not watched";
  return rc_watch_window_unwatchable(w, lo, hi, NULL);
}

void rc_watch_segment(const struct rc_window *w, int rank, const void *base, MPI_Aint size) {
  rc_watch_drain();
  const int slot = rc_watched_slot(w);
  if (slot < 0 || !base || size <= 0) return;
  struct rc_watched_window *ww = &rc_watched_windows[slot];
  if (rank == ww->win_rank) return; /* its own memory: watched from the window's creation */
  const uintptr_t lo = (uintptr_t)base, hi = lo + (uintptr_t)size;
  for (int k = 0; k < ww->segment_count; ++k)
    if (ww->segments[k].lo < hi && lo < ww->segments[k].hi) return; /* queried before */
  const char *why = segment_unwatchable(w, ww, rank, lo, hi);
  if (why) {
    rc_watch_unavailable(w, "segment", NULL, why);
    return;
  }
  add_segment(ww, rank, lo, hi, 0);
  rc_watch_arm_window(w, ww);
  rc_watch_rearm();
}

/* Where each segment lies is the library's own answer (PMPI_Win_shared_query, which holds for a
 * window allocated with alloc_shared_noncontig too); empty segments have no bytes to watch. A
 * later MPI_Win_shared_query of any rank, MPI_PROC_NULL included, then finds its segment followed. */
void rc_watch_shared_segments(const struct rc_window *w, int group_size) {
  const int slot = rc_watched_slot(w);
  const char *why = "";
  if (slot < 0) return;
  rc_watched_windows[slot].shared = 1;
  if (!rc_watch_ready(&why)) return; /* said at the window's creation */
  for (int rank = 0; rank < group_size; ++rank) {
    MPI_Aint size = 0;
    int unit = 0;
    void *base = NULL;
    if (rank == rc_watched_windows[slot].win_rank ||
        PMPI_Win_shared_query(w->win, rank, &size, &unit, &base) != MPI_SUCCESS || size <= 0)
      continue;
    const int full = rc_watched_windows[slot].segment_count == RC_WATCH_MAX_SEGMENTS;
    rc_watch_segment(w, rank, base, size);
    if (full) return; /* said once */
  }
}

/* Attached memory is not armed: other ranks name it by address, which the local_access lines'
 * offsets from one segment's base could not express; said once per window, so that a dynamic
 * window's race with its target's own accesses is never behind a plain `clean`. */
void rc_watch_attached(const struct rc_window *w) {
  const int slot = rc_watched_slot(w);
  if (slot < 0 || rc_watched_windows[slot].attach_said) return;
  rc_watched_windows[slot].attach_said = 1;
  rc_watch_unavailable(w, "window", NULL, "memory attached to a dynamic window (MPI_Win_attach) is not watched");
}

void rc_watch_window_freed(const struct rc_window *w) {
  rc_watch_drain();
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i)
    if (rc_watch_ranges[i].lo && rc_watch_ranges[i].win_id == w->id && rc_watch_ranges[i].kind != RC_WATCH_WINDOW)
      rc_watch_release(i);
  const int slot = rc_watched_slot(w);
  if (slot < 0) return;
  rc_watch_disarm_window(&rc_watched_windows[slot]);
  rc_watched_windows[slot].used = 0;
}

/* At MPI_Finalize: what was seen is written and nothing stays armed. */
void rc_watch_finish(void) {
  rc_rma_lock();
  rc_watch_drain();
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) rc_watch_release(i);
  for (int i = 0; i < RC_RMA_MAX_WINDOWS; ++i)
    for (int k = 0; k < rc_watched_windows[i].segment_count; ++k) rc_watched_windows[i].segments[k].range = -1;
  rc_rma_unlock();
}
