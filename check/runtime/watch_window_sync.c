/* SPDX-License-Identifier: BSD-3-Clause */
/* The watcher's hooks around the synchronisation calls (watch.h): the pending buffers a call
 * completes are forgotten, and the window's exposure it opens or closes armed (watch_window.c
 * says what is armed in which epoch). */
#define _GNU_SOURCE
#include <string.h>
#include <sys/mman.h>

#include "thread_clocks.h"
#include "thread_races.h"
#include "watch.h"
#include "watch_window.h"

/* The calls that may open or close an epoch of this rank's window as a target: after them the
 * window's ranges take the new epoch. The others (flush, lock_all…) leave it armed as it was: the
 * library's own accesses to it during them are stepped aside by the handler (watch_signals.c), at
 * one fault a page in a program of one thread. */
static int opens_or_closes(const char *call) {
  static const char *const calls[] = {"MPI_Win_fence", "MPI_Win_post", "MPI_Win_wait",
                                      "MPI_Win_test",  "MPI_Win_lock", "MPI_Win_unlock"};
  for (size_t i = 0; i < sizeof calls / sizeof calls[0]; ++i)
    if (strcmp(call, calls[i]) == 0) return 1;
  return 0;
}

/* Whether MPI provided MPI_THREAD_SINGLE: the program has no other thread that could access memory
 * while one of its calls is forwarded. Asked by whichever thread calls first (any of them, without
 * the RMA lock, in rc_watch_forward_begin): every one gets the same answer. */
static int single_threaded(void) {
  static int level = -1;
  int known = __atomic_load_n(&level, __ATOMIC_RELAXED);
  if (known < 0) {
    if (PMPI_Query_thread(&known) != MPI_SUCCESS) known = MPI_THREAD_MULTIPLE;
    __atomic_store_n(&level, known, __ATOMIC_RELAXED);
  }
  return known == MPI_THREAD_SINGLE;
}

/* Whether the window is disarmed while the call is forwarded: one of those above, but in a program
 * of one thread neither a lock nor an unlock, whatever its target (docs/design.md, "Watching local
 * accesses"). A lock opens nothing of this rank's memory to other ranks (an exclusive one excludes
 * the segment it names: keep_armed), and an unlock of another rank changes nothing of what this rank
 * exposes; the library's accesses to the window inside them, and an unlock's copies into memory of
 * its target this rank watches (its own window: the calls on itself it completes), open spans of the
 * pages at their faults (rc_watch_forwarding, watch_library_span.c), protected again as the call
 * returns. Disarming cost two protection changes of the whole window at each. In a program of
 * threads the library's faults would be stepped one by one: there every one disarms as before. */
static int disarmed_through(const char *call) {
  if (!opens_or_closes(call)) return 0;
  const int lock_call = strcmp(call, "MPI_Win_lock") == 0 || strcmp(call, "MPI_Win_unlock") == 0;
  return !lock_call || !single_threaded();
}

/* rc_watch_forwarding is set here without the RMA lock, by any thread, and read by the handlers:
 * an atomic. It is 1 only in a program of one thread, where the handler that reads it runs on the
 * thread that set it; in any other program every thread stores 0. */
void rc_watch_forward_begin(void) {
  if (!rc_rma_has_windows()) return;
  rc_watch_close_opens(); /* what the program did before the call: its watch_open lines end here */
  __atomic_store_n(&rc_watch_forwarding, single_threaded(), __ATOMIC_RELAXED);
}

void rc_watch_forward_end(void) {
  if (!__atomic_load_n(&rc_watch_forwarding, __ATOMIC_RELAXED)) return; /* protected again already */
  rc_rma_lock();
  rc_watch_rearm();
  rc_rma_unlock();
}

/* A fence or a post entered on a watched window: its ranges say the epoch it opens while it runs
 * (in_fence, in_post). */
static void opening_entered(const struct rc_watched_window *ww, const char *call) {
  const int fence = strcmp(call, "MPI_Win_fence") == 0;
  if (!fence && strcmp(call, "MPI_Win_post") != 0) return;
  rc_watch_lock();
  for (int k = 0; k < ww->segment_count; ++k) {
    if (ww->segments[k].range < 0) continue;
    struct rc_watch_range *r = &rc_watch_ranges[ww->segments[k].range];
    if (fence)
      r->in_fence = ww->fences + 1;
    else
      r->in_post = 1;
  }
  rc_watch_unlock();
}

void rc_watch_before_sync(const struct rc_window *w, int completes, const char *call) {
  rc_watch_drain();
  rc_watch_hw_pause(); /* the library completes calls here: its accesses are not the program's */
  __atomic_store_n(&rc_watch_forwarding, single_threaded(), __ATOMIC_RELAXED);
  __atomic_store_n(&rc_watch_in_sync, 1, __ATOMIC_RELAXED);
  for (int i = 0; i < RC_WATCH_MAX_RANGES && completes != -2; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (r->lo && r->win_id == w->id && r->kind != RC_WATCH_WINDOW && (completes < 0 || r->target == completes))
      rc_watch_release(i);
  }
  rc_tr_completing(w->id, completes, call);
  /* Under --thread-sync calls the window stays armed: other threads' accesses meanwhile count, and
   * are seen whatever the moment they come (rc_watch_after_sync moves the ranges to the new epoch). */
  const int slot = rc_watched_slot(w);
  if (slot >= 0) opening_entered(&rc_watched_windows[slot], call);
  if (slot < 0 || rc_tc_on) return;
  struct rc_watched_window *ww = &rc_watched_windows[slot];
  if (disarmed_through(call)) rc_watch_disarm_window(ww);
}

/* This rank's exclusive lock on `target` opens (locked 1) or closes: no other rank may access that
 * segment meanwhile. */
static void lock_segment(struct rc_watched_window *ww, int target, int locked) {
  for (int k = 0; k < ww->segment_count; ++k)
    if (ww->segments[k].rank == target) ww->segments[k].locked = locked;
}

/* What the call changes in the window's exposure. */
static void epoch_state(struct rc_watched_window *ww, const char *call, int target, const char *lock, int assert_) {
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

/* Whether armed window range r of segment g is excluded rather than released while this rank
 * holds an exclusive lock on its owner: paged, in a program of one thread (watch_excluded.c). */
static int excludes(const struct rc_watch_segment *g, const struct rc_watch_range *r) {
  return g->locked && r->armed && r->paged && !r->hw_end && !rc_tc_on && single_threaded();
}

/* A window left armed through a call that opens or closes an epoch (rc_watch_before_sync: under
 * --thread-sync calls, or a lock or an unlock in a program of one thread): the ranges that stay
 * watched the same way take the new epoch in place, so that no access of another thread falls
 * between a release and an arming; those of a segment an exclusive lock now closes are excluded
 * (no `watch` line: not watched), and take the new epoch at the unlock unless a fault gave their
 * pages back meanwhile; the others are released (arm_window arms them anew). Under the watch
 * lock, as a handler reads them; their watch lines after it. */
static void keep_armed(const struct rc_window *w, struct rc_watched_window *ww) {
  const int ended = rc_watch_between_sequences(ww);
  const int prot = ww->fence_open && ww->noput ? PROT_READ : PROT_NONE;
  int kept[RC_WATCH_MAX_SEGMENTS], kept_count = 0;
  rc_watch_lock();
  for (int k = 0; k < ww->segment_count; ++k) {
    struct rc_watch_segment *g = &ww->segments[k];
    if (g->range < 0) continue;
    struct rc_watch_range *r = &rc_watch_ranges[g->range];
    const int same = !ended && r->prot == prot && !r->stopped;
    if (same && excludes(g, r)) {
      r->excluded = 1;
      continue;
    }
    if (g->locked || !same || !r->armed) {
      rc_watch_release(g->range);
      g->range = -1;
      continue;
    }
    r->excluded = 0;
    r->epoch = (long long)w->syncs;
    r->faults = r->beside = 0; /* the bounds on the program's faults are per epoch */
    r->in_fence = r->in_post = 0;
    r->fence = ww->fence_open ? ww->fences : -1;
    r->mode = ww->fence_open ? "fence" : ww->pscw ? "pscw" : "passive";
    kept[kept_count++] = g->range;
  }
  rc_watch_unlock();
  for (int k = 0; k < kept_count; ++k) rc_watch_armed_line(w, &rc_watch_ranges[kept[k]]);
}

void rc_watch_after_sync(const struct rc_window *w, const char *call, int target, const char *lock, int assert_,
                         int ok) {
  const int slot = rc_watched_slot(w);
  if (slot < 0) {
    rc_watch_rearm(); /* what the library opened during the call */
    return;
  }
  struct rc_watched_window *ww = &rc_watched_windows[slot];
  rc_tr_completed();
  if (ok) epoch_state(ww, call, target, lock, assert_);
  if (opens_or_closes(call)) keep_armed(w, ww);
  rc_watch_arm_window(w, ww);
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

/* A page-protected pending buffer, which every thread's access faults on (debug registers watch the
 * calling thread's only), that `completes` (a target, -1: all) or, with w NULL, one of `requests`
 * completes. */
static int pending_watched(const struct rc_window *w, int completes, const MPI_Request *requests, int count) {
  int found = 0;
  rc_watch_lock();
  for (int i = 0; i < RC_WATCH_MAX_RANGES && !found; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (!r->lo || !r->armed || !r->paged || r->kind == RC_WATCH_WINDOW) continue;
    if (w)
      found = r->win_id == w->id && (completes < 0 || r->target == completes);
    else
      for (int k = 0; k < count && !found; ++k) found = requests[k] != MPI_REQUEST_NULL && r->request == requests[k];
  }
  rc_watch_unlock();
  return found;
}

int rc_watch_pending_completed(const struct rc_window *w, int completes) {
  return completes != -2 && pending_watched(w, completes, NULL, 0);
}

int rc_watch_disarms_window(const struct rc_window *w, const char *call) {
  const int slot = rc_watched_slot(w);
  if (slot < 0 || rc_tc_on) return 0;
  const struct rc_watched_window *ww = &rc_watched_windows[slot];
  if (!disarmed_through(call)) return 0;
  for (int k = 0; k < ww->segment_count; ++k)
    if (ww->segments[k].range >= 0 && !ww->segments[k].on_stack) return 1;
  return 0;
}

int rc_watch_window_watched(void) {
  int found = 0;
  rc_watch_lock();
  for (int i = 0; i < RC_WATCH_MAX_RANGES && !found; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    found = r->lo && r->armed && r->paged && !r->excluded && r->kind == RC_WATCH_WINDOW;
  }
  rc_watch_unlock();
  return found;
}

int rc_watch_pending_requests(const MPI_Request *requests, int count) {
  return count > 0 && pending_watched(NULL, -1, requests, count);
}
