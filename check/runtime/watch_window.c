/* SPDX-License-Identifier: BSD-3-Clause */
/* The watcher across synchronisation calls (watch.h): pending buffers are forgotten when the
 * call completing them is made, and the window memory this rank reaches directly (its own, and
 * the segments of other ranks it queried with MPI_Win_shared_query) is armed for the epoch each
 * synchronisation call opens:
 *   - after a fence without MPI_MODE_NOSUCCEED: a fence epoch, loads and stores (stores only
 *     under MPI_MODE_NOPUT: no put or accumulate updates the window, gets may still read it);
 *   - after MPI_Win_post, until MPI_Win_wait or a true MPI_Win_test: a PSCW exposure epoch;
 *   - otherwise: passive-target exposure (another rank may lock the window at any time), except
 *     a segment whose owner this rank holds an exclusive lock on, which no other rank can then
 *     access, and after a fence with MPI_MODE_NOSUCCEED until this rank's next synchronisation
 *     call on the window: a fence program computes on its window between fence sequences, and
 *     one that mixes in passive target is watched again from its own next lock.
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
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "thread_clocks.h"
#include "thread_races.h"
#include "watch.h"
#include "watch_policy.h"
#include "watch_state.h"

/* A segment of window memory this process reaches through its own mapping: this rank's own
 * (from the window's creation) or rank `rank`'s (from MPI_Win_shared_query on a window the library
 * allocated in shared memory, where the program loads and stores it directly). */
struct segment {
  int rank; /* its owner, a window rank */
  uintptr_t lo, hi;
  int range;    /* its armed range, -1 when none */
  int locked;   /* this rank holds an exclusive lock on its owner: no other rank may access it */
  int on_stack; /* armed by debug registers (for `thread`), not by pages */
  int thread;   /* on_stack: the thread that created the window */
  int widest;   /* on_stack: the widest debug register piece, the window's element */
};

struct watched_window {
  int used, id, win_rank;
  struct segment segments[RC_WATCH_MAX_SEGMENTS];
  int segment_count; /* those that can be watched */
  long long fences;  /* fence epochs opened so far */
  int fence_open, noput, pscw;
  int fences_ended; /* the last synchronisation was a fence with MPI_MODE_NOSUCCEED */
  int attach_said;  /* dynamic windows: the watch_unavailable line for attached memory was written */
};
static struct watched_window windows[RC_RMA_MAX_WINDOWS];

static int slot_of(const struct rc_window *w) {
  for (int i = 0; i < RC_RMA_MAX_WINDOWS; ++i)
    if (windows[i].used && windows[i].id == w->id) return i;
  return -1;
}

static void disarm_window(struct watched_window *ww) {
  for (int k = 0; k < ww->segment_count; ++k) {
    struct segment *g = &ww->segments[k];
    if (g->range < 0) continue;
    rc_watch_release(g->range);
    g->range = -1;
  }
}

/* Window memory on the call stack, range i filled in: on the debug registers of the thread that
 * created the window, those still free (first come: pending stack buffers armed since the epoch
 * opened hold theirs); the bytes they do not reach are said. */
static void arm_on_stack(const struct rc_window *w, struct segment *g, int i) {
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
  rc_watch_armed_line(&rc_watch_ranges[i]);
  if (end < g->hi) rc_watch_unavailable(w, "window", NULL, why);
}

/* The one place a segment is armed: the same epochs for this rank's own memory and for the
 * segments of other ranks it reaches directly. */
static void arm_segment(const struct rc_window *w, struct watched_window *ww, struct segment *g) {
  if (g->locked || g->range >= 0) return;
  const char *buffer = g->rank == ww->win_rank ? "window" : "segment";
  const int i = rc_watch_new_range();
  if (i < 0) {
    rc_watch_unavailable(w, buffer, NULL, "too many buffers pending at once");
    return;
  }
  int shared = 0;
  const char *why = "";
  if (!g->on_stack) rc_watch_mapping(g->lo, g->hi, &shared, &why);
  struct rc_watch_range *r = &rc_watch_ranges[i];
  *r = (struct rc_watch_range){.generation = r->generation,
                               .lo = g->lo,
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
                               .prot = ww->fence_open && ww->noput ? PROT_READ : PROT_NONE};
  if (g->on_stack) {
    arm_on_stack(w, g, i);
    return;
  }
  if (!rc_watch_arm(i)) {
    rc_watch_unavailable(w, buffer, NULL, "mprotect refused");
    return;
  }
  g->range = i;
  rc_watch_armed_line(r);
}

static void arm_window(const struct rc_window *w, struct watched_window *ww) {
  if (ww->fences_ended && !ww->pscw) return; /* between fence sequences: see the top of the file */
  for (int k = 0; k < ww->segment_count; ++k) arm_segment(w, ww, &ww->segments[k]);
}

static int reaches_outside_world(const struct rc_window *w);

/* The widest debug register piece for window w: one element (its displacement unit, when that is
 * more than a byte), so that an access to one element is never taken for one to its neighbour. */
static int element_bytes(const struct rc_window *w) {
  int *unit = NULL, flag = 0;
  if (PMPI_Win_get_attr(w->win, MPI_WIN_DISP_UNIT, &unit, &flag) != MPI_SUCCESS || !flag || !unit || *unit <= 1)
    return 8;
  int widest = 8;
  while (*unit % widest != 0) widest /= 2;
  return widest;
}

/* Why window memory [lo, hi) on the call stack cannot be watched: more than all the debug
 * registers would be needed. */
static const char *stack_unwatchable(const struct rc_window *w, uintptr_t lo, uintptr_t hi, int widest) {
  static char why[256]; /* written out before the next call: the RMA lock is held */
  if (rc_watch_hw_pieces(lo, hi, widest) <= RC_WATCH_HW_SLOTS) return NULL;
  snprintf(why, sizeof why,
           "window %d, a window of %lu bytes on the call stack (page protection cannot be used there): more than "
           "the %d debug registers (one aligned element of at most 8 bytes each) cover",
           w->id, (unsigned long)(hi - lo), RC_WATCH_HW_SLOTS);
  return why;
}

/* Whether [lo, hi) of window w can be watched (see the top of the file); the reason when not.
 * `stack` (NULL for another rank's segment): set to the widest debug register piece when it is on
 * the call stack, to be watched by debug registers. */
static const char *unwatchable(const struct rc_window *w, uintptr_t lo, uintptr_t hi, int *stack) {
  int shared = 0;
  const char *why = "";
  const int prot = rc_watch_mapping(lo, hi, &shared, &why);
  if (prot < 0 && why == rc_watch_on_stack && stack) {
    *stack = element_bytes(w);
    return stack_unwatchable(w, lo, hi, *stack);
  }
  if (prot < 0) return why; /* not one mapping */
  if (!shared && (why = rc_watch_policy_create_refusal()) != NULL) return why;
  if (!shared && reaches_outside_world(w))
    return "the window's group has processes outside MPI_COMM_WORLD, whose accesses to it may be a network card's or "
           "the kernel's, which a page protection would make fail";
  return prot == (PROT_READ | PROT_WRITE) ? NULL : "not read-write memory";
}

/* Whether the window's group has a process outside MPI_COMM_WORLD (spawned or connected), whose
 * node the policy (watch_policy.h) did not look at. */
static int reaches_outside_world(const struct rc_window *w) {
  MPI_Group group, world, both;
  int outside = 1, size = 0, common = -1;
  if (PMPI_Win_get_group(w->win, &group) != MPI_SUCCESS) return 1;
  if (PMPI_Comm_group(MPI_COMM_WORLD, &world) == MPI_SUCCESS) {
    if (PMPI_Group_intersection(group, world, &both) == MPI_SUCCESS) {
      PMPI_Group_size(group, &size);
      PMPI_Group_size(both, &common);
      outside = size != common;
      PMPI_Group_free(&both);
    }
    PMPI_Group_free(&world);
  }
  PMPI_Group_free(&group);
  return outside;
}

/* `stack`: 0, or on the call stack, watched by debug registers in pieces of at most that many bytes. */
static void add_segment(struct watched_window *ww, int rank, uintptr_t lo, uintptr_t hi, int stack) {
  ww->segments[ww->segment_count++] = (struct segment){.rank = rank,
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
    if (!windows[i].used) slot = i;
  if (slot < 0) return;
  struct watched_window *ww = &windows[slot];
  *ww = (struct watched_window){.used = 1, .id = w->id, .win_rank = -1};
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
  why = unwatchable(w, lo, hi, &stack);
  if (why) {
    rc_watch_unavailable(w, "window", NULL, why);
    return;
  }
  add_segment(ww, ww->win_rank, lo, hi, stack);
  arm_window(w, ww);
}

/* Why rank's segment [lo, hi) cannot be watched, or NULL. */
static const char *segment_unwatchable(const struct rc_window *w, const struct watched_window *ww, int rank,
                                       uintptr_t lo, uintptr_t hi) {
  const char *why = "";
  if (rank < 0) return "MPI_Win_shared_query with MPI_PROC_NULL: the segment's owner is not named";
  if (!rc_watch_ready(&why)) return why;
  if (ww->segment_count == RC_WATCH_MAX_SEGMENTS) return "too many segments of other ranks queried on this window";
  return unwatchable(w, lo, hi, NULL);
}

void rc_watch_segment(const struct rc_window *w, int rank, const void *base, MPI_Aint size) {
  rc_watch_drain();
  const int slot = slot_of(w);
  if (slot < 0 || !base || size <= 0) return;
  struct watched_window *ww = &windows[slot];
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
  arm_window(w, ww);
  rc_watch_rearm();
}

/* Attached memory is not armed: other ranks name it by address, which the local_access lines'
 * offsets from one segment's base could not express; said once per window, so that a dynamic
 * window's race with its target's own accesses is never behind a plain `clean`. */
void rc_watch_attached(const struct rc_window *w) {
  const int slot = slot_of(w);
  if (slot < 0 || windows[slot].attach_said) return;
  windows[slot].attach_said = 1;
  rc_watch_unavailable(w, "window", NULL, "memory attached to a dynamic window (MPI_Win_attach) is not watched");
}

void rc_watch_window_freed(const struct rc_window *w) {
  rc_watch_drain();
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i)
    if (rc_watch_ranges[i].lo && rc_watch_ranges[i].win_id == w->id && rc_watch_ranges[i].kind != RC_WATCH_WINDOW)
      rc_watch_release(i);
  const int slot = slot_of(w);
  if (slot < 0) return;
  disarm_window(&windows[slot]);
  windows[slot].used = 0;
}

/* The calls that may open or close an epoch of this rank's window as a target. The others
 * (flush, lock_all…) leave it armed: the library's own accesses to it during them are stepped
 * aside by the handler (watch_signals.c) at one fault a page. */
static int changes_exposure(const char *call) {
  static const char *const calls[] = {"MPI_Win_fence", "MPI_Win_post", "MPI_Win_wait",
                                      "MPI_Win_test",  "MPI_Win_lock", "MPI_Win_unlock"};
  for (size_t i = 0; i < sizeof calls / sizeof calls[0]; ++i)
    if (strcmp(call, calls[i]) == 0) return 1;
  return 0;
}

/* Whether MPI provided MPI_THREAD_SINGLE: the program has no other thread that could access memory
 * while one of its calls is forwarded. */
static int single_threaded(void) {
  static int level = -1;
  if (level < 0 && PMPI_Query_thread(&level) != MPI_SUCCESS) level = MPI_THREAD_MULTIPLE;
  return level == MPI_THREAD_SINGLE;
}

void rc_watch_forward_begin(void) {
  if (rc_rma_has_windows()) rc_watch_forwarding = single_threaded();
}

void rc_watch_forward_end(void) {
  if (!rc_watch_forwarding) return; /* protected again already (rc_watch_rma_call) */
  rc_rma_lock();
  rc_watch_rearm();
  rc_rma_unlock();
}

void rc_watch_before_sync(const struct rc_window *w, int completes, const char *call) {
  rc_watch_drain();
  rc_watch_hw_pause(); /* the library completes calls here: its accesses are not the program's */
  rc_watch_forwarding = single_threaded();
  rc_watch_in_sync = 1;
  for (int i = 0; i < RC_WATCH_MAX_RANGES && completes != -2; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (r->lo && r->win_id == w->id && r->kind != RC_WATCH_WINDOW && (completes < 0 || r->target == completes))
      rc_watch_release(i);
  }
  rc_tr_completing(w->id, completes, call);
  /* Under --thread-sync calls the window stays armed: other threads' accesses meanwhile count, and
   * are seen whatever the moment they come (rc_watch_after_sync moves the ranges to the new epoch). */
  const int slot = slot_of(w);
  if (slot >= 0 && changes_exposure(call) && !rc_tc_on) disarm_window(&windows[slot]);
}

/* This rank's exclusive lock on `target` opens (locked 1) or closes: no other rank may access that
 * segment meanwhile. */
static void lock_segment(struct watched_window *ww, int target, int locked) {
  for (int k = 0; k < ww->segment_count; ++k)
    if (ww->segments[k].rank == target) ww->segments[k].locked = locked;
}

/* What the call changes in the window's exposure. */
static void epoch_state(struct watched_window *ww, const char *call, int target, const char *lock, int assert_) {
  ww->fences_ended = 0;
  if (strcmp(call, "MPI_Win_fence") == 0) {
    ++ww->fences;
    ww->fence_open = !(assert_ & MPI_MODE_NOSUCCEED);
    ww->fences_ended = !ww->fence_open;
    ww->noput = (assert_ & MPI_MODE_NOPUT) != 0;
  } else if (strcmp(call, "MPI_Win_lock") == 0) {
    lock_segment(ww, target, lock && strcmp(lock, "exclusive") == 0);
  } else if (strcmp(call, "MPI_Win_unlock") == 0) {
    lock_segment(ww, target, 0);
  } else if (strcmp(call, "MPI_Win_post") == 0) {
    ww->pscw = 1;
  } else if (strcmp(call, "MPI_Win_wait") == 0 || strcmp(call, "MPI_Win_test") == 0) {
    ww->pscw = 0;
  }
}

/* A window left armed through a call that changes its exposure (rc_watch_before_sync): the
 * ranges that stay watched the same way take the new epoch in place, so that no access of another
 * thread falls between a release and an arming; the others are released (arm_window arms them anew). */
static void keep_armed(const struct rc_window *w, struct watched_window *ww) {
  const int ended = ww->fences_ended && !ww->pscw;
  const int prot = ww->fence_open && ww->noput ? PROT_READ : PROT_NONE;
  for (int k = 0; k < ww->segment_count; ++k) {
    struct segment *g = &ww->segments[k];
    if (g->range < 0) continue;
    struct rc_watch_range *r = &rc_watch_ranges[g->range];
    if (g->locked || ended || r->prot != prot || r->stopped) {
      rc_watch_release(g->range);
      g->range = -1;
      continue;
    }
    r->epoch = (long long)w->syncs;
    r->fence = ww->fence_open ? ww->fences : -1;
    r->mode = ww->fence_open ? "fence" : ww->pscw ? "pscw" : "passive";
    rc_watch_armed_line(r);
  }
}

void rc_watch_after_sync(const struct rc_window *w, const char *call, int target, const char *lock, int assert_,
                         int ok) {
  const int slot = slot_of(w);
  if (slot < 0) {
    rc_watch_rearm(); /* what the library opened during the call */
    return;
  }
  struct watched_window *ww = &windows[slot];
  rc_tr_completed();
  if (ok) epoch_state(ww, call, target, lock, assert_);
  if (changes_exposure(call)) keep_armed(w, ww);
  arm_window(w, ww);
  rc_watch_rearm();
}

void rc_watch_request_done(MPI_Request request) {
  rc_watch_drain();
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i)
    if (rc_watch_ranges[i].lo && rc_watch_ranges[i].kind != RC_WATCH_WINDOW && rc_watch_ranges[i].request == request)
      rc_watch_release(i);
  rc_tr_request_done(request, "MPI_Wait or MPI_Test");
  rc_watch_rearm();
}

/* At MPI_Finalize: what was seen is written and nothing stays armed. */
void rc_watch_finish(void) {
  rc_rma_lock();
  rc_watch_drain();
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) rc_watch_release(i);
  for (int i = 0; i < RC_RMA_MAX_WINDOWS; ++i)
    for (int k = 0; k < windows[i].segment_count; ++k) windows[i].segments[k].range = -1;
  rc_rma_unlock();
}
