/* SPDX-License-Identifier: BSD-3-Clause */
/* Every RMA synchronisation call (MPI-4.1 §13.5): an `rma_sync` line each, which is what the
 * post-run analysis cuts the RMA calls into epochs by, and the completion point of the origin-
 * buffer check for those that complete calls at the origin (fence, unlock, unlock_all, flush,
 * flush_all, flush_local, flush_local_all, complete). The buffers are compared before the call
 * is forwarded: what the program left in them when it reached the completion. */
#define _GNU_SOURCE
#include <string.h>

#include "query_guard.h"
#include "rma_state.h"
#include "thread_clocks.h"
#include "watch.h"
#include "watch_delay.h"
#include "watch_policy.h"

#define MAX_GROUP_RECORDED 64

/* The ranks of `group` in the window's group, written as an array. */
static void group_ranks(rc_line *l, MPI_Group group, MPI_Win win) {
  MPI_Group win_group;
  int n = 0;
  if (PMPI_Group_size(group, &n) != MPI_SUCCESS || PMPI_Win_get_group(win, &win_group) != MPI_SUCCESS) return;
  if (n > MAX_GROUP_RECORDED) {
    rc_bool(l, "group_bounded", 1);
    n = MAX_GROUP_RECORDED;
  }
  int in[MAX_GROUP_RECORDED], out[MAX_GROUP_RECORDED];
  for (int i = 0; i < n; ++i) in[i] = i;
  if (PMPI_Group_translate_ranks(group, n, in, win_group, out) == MPI_SUCCESS) {
    rc_open_array(l, "group");
    for (int i = 0; i < n; ++i) rc_int(l, NULL, out[i]);
    rc_close(l);
  }
  PMPI_Group_free(&win_group);
}

/* What one synchronisation call adds to the record; `completes` says which of the window's
 * pending calls it completes at the origin (target < 0: all; no_completion: none). */
enum { no_completion = -2, all_targets = -1 };

struct sync_call {
  const char *call;
  MPI_Win win;
  int completes; /* a target, all_targets or no_completion */
  int target;    /* -1 when the call names none */
  const char *lock;
  int assert_;
  MPI_Group group; /* MPI_GROUP_NULL when none */
  const void *caller;
};

/* Delay injection (watch_delay.h): a thread of a threaded program that enters a call completing a
 * watched pending buffer sleeps first, with no lock held, so that another thread's access to the
 * buffer made meanwhile comes inside the span; one that enters a call that will disarm the window
 * memory (MPI_Win_lock, a fence…) too, so that another thread's access made meanwhile is still seen,
 * and held, rather than lost to the call's unwatched moment. */
static void hold_before_sync(const struct sync_call *s) {
  rc_delay_sync_enter(); /* left in after_sync */
  if (!rc_delay_threaded()) return;
  rc_rma_lock();
  const struct rc_window *w = rc_rma_window(s->win);
  const int pending = w && s->completes != no_completion && rc_watch_pending_completed(w, s->completes);
  const int disarms = w && !pending && rc_watch_disarms_window(w, s->call);
  rc_rma_unlock();
  if (pending || disarms) rc_delay_sync(s->caller, pending);
}

static void before_sync(const struct sync_call *s) {
  rc_count(s->call);
  hold_before_sync(s);
  struct rc_guard guard;
  rc_guard_begin(&guard, s->call, s->caller);
  rc_rma_lock();
  const struct rc_window *w = rc_rma_window(s->win);
  if (w) rc_watch_before_sync(w, s->completes, s->call);
  if (w && s->completes != no_completion) rc_rma_complete_origins(w, s->completes, s->call);
  rc_rma_unlock();
  rc_guard_end(&guard);
}

/* After the call returned: its line. The time is the return's, the latest instant at which
 * the calls it completes were still in flight. */
static void after_sync(const struct sync_call *s, int rc) {
  struct rc_guard guard;
  rc_guard_begin(&guard, s->call, s->caller);
  rc_rma_lock();
  struct rc_window *w = rc_rma_window(s->win);
  struct rc_window *watched = w;
  if (rc != MPI_SUCCESS) w = NULL;
  const int bounded = w && rc_rma_syncs_bounded(w);
  if (bounded) rc_rma_limit(w, "sync_events", RC_RMA_MAX_SYNCS);
  if (w && !bounded) {
    if (s->completes != no_completion) rc_rma_complete_results(w, s->completes);
    rc_line l;
    rc_rma_begin(&l, "rma_sync", w, s->call);
    if (s->target >= 0) rc_int(&l, "target", s->target);
    if (s->lock) rc_str(&l, "lock", s->lock);
    if (s->assert_ >= 0) rc_int(&l, "assert", s->assert_);
    /* The fence's assertions by name, since their values differ between MPIs: the analysis
     * takes the fence order of MPI-4.1 §13.5.1 from them (check/analysis/rma_fence_order.h). */
    if (s->assert_ > 0 && strcmp(s->call, "MPI_Win_fence") == 0) {
      if (s->assert_ & MPI_MODE_NOPRECEDE) rc_bool(&l, "noprecede", 1);
      if (s->assert_ & MPI_MODE_NOSUCCEED) rc_bool(&l, "nosucceed", 1);
    }
    if (s->group != MPI_GROUP_NULL) group_ranks(&l, s->group, s->win);
    rc_int(&l, "time", rc_rma_now());
    rc_caller(&l, s->caller);
    rc_tc_write_now(&l);
    rc_end(&l);
  }
  if (w) {
    ++w->syncs;
    w->calls = 0;
  }
  if (watched) rc_watch_after_sync(watched, s->call, s->target, s->lock, s->assert_, rc == MPI_SUCCESS);
  rc_rma_unlock();
  rc_guard_end(&guard);
  rc_delay_sync_leave();
}

/* The line's fields: target -1, assert_ -1 and group MPI_GROUP_NULL when the call has none. */
static struct sync_call sync_call(const char *call, MPI_Win win, int completes, int target, const char *lock,
                                  int assert_, MPI_Group group, const void *caller) {
  return (struct sync_call){call, win, completes, target, lock, assert_, group, caller};
}

#define SYNC(call, win, completes, target, lock, assert_, group) \
  sync_call(call, win, completes, target, lock, assert_, group, __builtin_return_address(0))

int MPI_Win_fence(int assert_, MPI_Win win) {
  if (!rc_active()) return PMPI_Win_fence(assert_, win);
  const struct sync_call s = SYNC("MPI_Win_fence", win, all_targets, -1, NULL, assert_, MPI_GROUP_NULL);
  before_sync(&s);
  const int rc = PMPI_Win_fence(assert_, win);
  after_sync(&s, rc);
  return rc;
}

int MPI_Win_lock(int lock_type, int rank, int assert_, MPI_Win win) {
  if (!rc_active()) return PMPI_Win_lock(lock_type, rank, assert_, win);
  const char *lock = lock_type == MPI_LOCK_EXCLUSIVE ? "exclusive" : "shared";
  const struct sync_call s = SYNC("MPI_Win_lock", win, no_completion, rank, lock, assert_, MPI_GROUP_NULL);
  before_sync(&s);
  const int rc = PMPI_Win_lock(lock_type, rank, rc_watch_policy_lock_assert(assert_), win);
  after_sync(&s, rc);
  return rc;
}

int MPI_Win_unlock(int rank, MPI_Win win) {
  if (!rc_active()) return PMPI_Win_unlock(rank, win);
  const struct sync_call s = SYNC("MPI_Win_unlock", win, rank, rank, NULL, -1, MPI_GROUP_NULL);
  before_sync(&s);
  const int rc = PMPI_Win_unlock(rank, win);
  after_sync(&s, rc);
  return rc;
}

int MPI_Win_lock_all(int assert_, MPI_Win win) {
  if (!rc_active()) return PMPI_Win_lock_all(assert_, win);
  const struct sync_call s = SYNC("MPI_Win_lock_all", win, no_completion, -1, NULL, assert_, MPI_GROUP_NULL);
  before_sync(&s);
  const int rc = PMPI_Win_lock_all(assert_, win);
  after_sync(&s, rc);
  return rc;
}

int MPI_Win_unlock_all(MPI_Win win) {
  if (!rc_active()) return PMPI_Win_unlock_all(win);
  const struct sync_call s = SYNC("MPI_Win_unlock_all", win, all_targets, -1, NULL, -1, MPI_GROUP_NULL);
  before_sync(&s);
  const int rc = PMPI_Win_unlock_all(win);
  after_sync(&s, rc);
  return rc;
}

int MPI_Win_flush(int rank, MPI_Win win) {
  if (!rc_active()) return PMPI_Win_flush(rank, win);
  const struct sync_call s = SYNC("MPI_Win_flush", win, rank, rank, NULL, -1, MPI_GROUP_NULL);
  before_sync(&s);
  const int rc = PMPI_Win_flush(rank, win);
  after_sync(&s, rc);
  return rc;
}

int MPI_Win_flush_all(MPI_Win win) {
  if (!rc_active()) return PMPI_Win_flush_all(win);
  const struct sync_call s = SYNC("MPI_Win_flush_all", win, all_targets, -1, NULL, -1, MPI_GROUP_NULL);
  before_sync(&s);
  const int rc = PMPI_Win_flush_all(win);
  after_sync(&s, rc);
  return rc;
}

int MPI_Win_flush_local(int rank, MPI_Win win) {
  if (!rc_active()) return PMPI_Win_flush_local(rank, win);
  const struct sync_call s = SYNC("MPI_Win_flush_local", win, rank, rank, NULL, -1, MPI_GROUP_NULL);
  before_sync(&s);
  const int rc = PMPI_Win_flush_local(rank, win);
  after_sync(&s, rc);
  return rc;
}

int MPI_Win_flush_local_all(MPI_Win win) {
  if (!rc_active()) return PMPI_Win_flush_local_all(win);
  const struct sync_call s = SYNC("MPI_Win_flush_local_all", win, all_targets, -1, NULL, -1, MPI_GROUP_NULL);
  before_sync(&s);
  const int rc = PMPI_Win_flush_local_all(win);
  after_sync(&s, rc);
  return rc;
}

int MPI_Win_post(MPI_Group group, int assert_, MPI_Win win) {
  if (!rc_active()) return PMPI_Win_post(group, assert_, win);
  const struct sync_call s = SYNC("MPI_Win_post", win, no_completion, -1, NULL, assert_, group);
  before_sync(&s);
  const int rc = PMPI_Win_post(group, assert_, win);
  after_sync(&s, rc);
  return rc;
}

int MPI_Win_start(MPI_Group group, int assert_, MPI_Win win) {
  if (!rc_active()) return PMPI_Win_start(group, assert_, win);
  const struct sync_call s = SYNC("MPI_Win_start", win, no_completion, -1, NULL, assert_, group);
  before_sync(&s);
  const int rc = PMPI_Win_start(group, assert_, win);
  after_sync(&s, rc);
  return rc;
}

int MPI_Win_complete(MPI_Win win) {
  if (!rc_active()) return PMPI_Win_complete(win);
  const struct sync_call s = SYNC("MPI_Win_complete", win, all_targets, -1, NULL, -1, MPI_GROUP_NULL);
  before_sync(&s);
  const int rc = PMPI_Win_complete(win);
  after_sync(&s, rc);
  return rc;
}

int MPI_Win_wait(MPI_Win win) {
  if (!rc_active()) return PMPI_Win_wait(win);
  const struct sync_call s = SYNC("MPI_Win_wait", win, no_completion, -1, NULL, -1, MPI_GROUP_NULL);
  before_sync(&s);
  const int rc = PMPI_Win_wait(win);
  after_sync(&s, rc);
  return rc;
}

/* Only a test that returns true ends the exposure epoch, so only it is a synchronisation point. */
int MPI_Win_test(MPI_Win win, int *flag) {
  if (!rc_active()) return PMPI_Win_test(win, flag);
  const struct sync_call s = SYNC("MPI_Win_test", win, no_completion, -1, NULL, -1, MPI_GROUP_NULL);
  before_sync(&s);
  const int rc = PMPI_Win_test(win, flag);
  if (rc == MPI_SUCCESS && *flag)
    after_sync(&s, rc);
  else
    rc_delay_sync_leave(); /* entered in before_sync */
  return rc;
}

int MPI_Win_sync(MPI_Win win) {
  if (!rc_active()) return PMPI_Win_sync(win);
  const struct sync_call s = SYNC("MPI_Win_sync", win, no_completion, -1, NULL, -1, MPI_GROUP_NULL);
  before_sync(&s);
  const int rc = PMPI_Win_sync(win);
  after_sync(&s, rc);
  return rc;
}
