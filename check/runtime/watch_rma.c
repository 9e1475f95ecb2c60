/* SPDX-License-Identifier: BSD-3-Clause */
/* The watcher's RMA side (watch.h): which ranges are armed when, and what the accesses the fault
 * handler saw become: a finding for a pending buffer (the access is erroneous by itself), a
 * `local_access` line for window memory (erroneous only if another rank's call on the same
 * bytes was in flight, which the post-run analysis decides from every rank's record). */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "thread_races.h"
#include "watch.h"
#include "watch_state.h"

const char *const rc_watch_kind_names[] = {"result", "origin", "compare", "window"};

void rc_watch_unavailable(const struct rc_window *w, const char *buffer, const char *call, const char *why) {
  rc_line l;
  rc_begin(&l, "watch_unavailable");
  rc_int(&l, "win", w->id);
  rc_str(&l, "buffer", buffer);
  if (call) rc_str(&l, "call", call);
  rc_int(&l, "epoch", (long long)w->syncs);
  rc_str(&l, "reason", why);
  rc_end(&l);
}

void rc_watch_armed_line(const struct rc_window *w, const struct rc_watch_range *r) {
  if (!rc_rma_epoch_recorded(w)) return;
  rc_line l;
  rc_begin(&l, "watch");
  rc_int(&l, "win", r->win_id);
  rc_str(&l, "buffer", rc_watch_kind_names[r->kind]);
  if (r->kind == RC_WATCH_WINDOW) {
    rc_str(&l, "mode", r->mode);
    if (r->other_segment) rc_int(&l, "segment_rank", r->target);
  } else
    rc_str(&l, "call", r->call);
  rc_int(&l, "epoch", r->epoch);
  rc_int(&l, "bytes", (long long)((r->hw_end ? r->hw_end : r->hi) - r->lo));
  if (r->hw_end) /* only this thread's accesses trap (watch_hardware.c): the coverage says so */
    rc_str(&l, "watches",
           r->prot == PROT_NONE ? "loads and stores by this thread, debug registers"
                                : "stores by this thread, debug registers");
  else
    rc_str(&l, "watches", r->prot == PROT_NONE ? "loads and stores" : "stores");
  rc_end(&l);
}

/* By enum rc_watch_access. */
static const char *const accesses[] = {"load", "store", "load or store"};

static void buffer_finding(const struct rc_watch_range *r, const struct rc_watch_hit *h) {
  static const char *const verbs[] = {"loaded from", "stored into", "loaded from or stored into"};
  const int result = r->kind == RC_WATCH_RESULT;
  const char *access = accesses[h->store];
  const int other_thread = h->thread != r->thread;
  char message[512];
  snprintf(message, sizeof message,
           "%s %s the %s buffer of this %s (window %d, target %d) before the call completing it: "
           "byte %lu of %lu",
           other_thread ? "another thread of the program" : "the program", verbs[h->store],
           rc_watch_kind_names[r->kind], r->call, r->win_id, r->target, (unsigned long)(h->address - r->lo),
           (unsigned long)(r->hi - r->lo));
  rc_line l;
  rc_begin(&l, "finding");
  rc_str(&l, "check", result ? "result_buffer_accessed_before_completion" : "origin_buffer_stored_before_completion");
  rc_str(&l, "call", r->call);
  rc_str(&l, "rule", "MPI-4.1 §13.3");
  rc_str(&l, "message", message);
  rc_caller(&l, (const void *)(h->instruction + 1));
  rc_open_object(&l, "evidence");
  rc_int(&l, "win", r->win_id);
  rc_int(&l, "target", r->target);
  rc_str(&l, "buffer", rc_watch_kind_names[r->kind]);
  rc_str(&l, "access", access);
  rc_int(&l, "offset", (long long)(h->address - r->lo));
  rc_int(&l, "bytes", (long long)(r->hi - r->lo));
  rc_int(&l, "epoch", r->epoch);
  if (other_thread) { /* Linux thread ids: which thread made the call, which one accessed */
    rc_int(&l, "call_thread", r->thread);
    rc_int(&l, "thread", h->thread);
  }
  rc_function(&l, "rma_call", (void (*)(void))((const char *)r->caller - 1));
  rc_close(&l);
  rc_end(&l);
}

static void local_access(const struct rc_watch_range *r, const struct rc_watch_hit *h) {
  rc_line l;
  rc_begin(&l, "local_access");
  rc_int(&l, "win", r->win_id);
  rc_str(&l, "buffer", "window");
  if (r->other_segment) rc_int(&l, "segment_rank", r->target); /* offset is from that rank's segment */
  rc_str(&l, "mode", r->mode);
  rc_int(&l, "epoch", r->epoch);
  if (r->fence >= 0) rc_int(&l, "fence", r->fence);
  if (r->in_fence) rc_int(&l, "in_fence", r->in_fence);
  if (r->in_post) rc_int(&l, "in_post", 1);
  rc_int(&l, "offset", (long long)(h->address - r->lo));
  rc_int(&l, "bytes", (long long)(h->last - h->address + 1));
  if (h->count > 1) { /* as many accesses of those bytes, each `stride` on from the one before */
    rc_int(&l, "stride", (long long)h->stride);
    rc_int(&l, "count", (long long)h->count);
  }
  rc_str(&l, "access", accesses[h->store]);
  if (h->value_bytes > 0) rc_hex(&l, "value", h->value, (size_t)h->value_bytes);
  rc_int(&l, "time", h->time);
  rc_int(&l, "time_last", h->time_last);
  if (h->held_from) rc_int(&l, "held_from", h->held_from); /* its fault's time: held until `time` */
  rc_int(&l, "thread", h->thread);
  rc_caller(&l, (const void *)(h->instruction + 1));
  rc_tc_write(&l, h->tc_slot, &h->tc);
  rc_end(&l);
}

/* A range the handler disarmed: from here its accesses are not seen, which coverage must say. */
static void say_stopped(const struct rc_watch_range *r) {
  rc_line l;
  rc_begin(&l, "watch_unavailable");
  rc_int(&l, "win", r->win_id);
  rc_str(&l, "buffer", rc_watch_kind_names[r->kind]);
  if (r->kind != RC_WATCH_WINDOW) rc_str(&l, "call", r->call);
  rc_int(&l, "epoch", r->epoch);
  char reason[128];
  snprintf(reason, sizeof reason, "disarmed for the rest of the epoch after %d faults", RC_WATCH_MAX_WINDOW_FAULTS);
  rc_str(&l, "reason", reason);
  rc_end(&l);
}

/* A window whose page the program's accesses beside it left open (watch_signals.c), said once:
 * from here on its bytes on such a page are not watched between that and the next hook. */
static void say_beside_open(const struct rc_watch_range *r) {
  static int said[RC_RMA_MAX_WINDOWS], said_count;
  int known = 0;
  for (int k = 0; k < said_count; ++k) known |= said[k] == r->win_id;
  if (known) return;
  if (said_count < RC_RMA_MAX_WINDOWS) said[said_count++] = r->win_id;
  rc_line l;
  rc_begin(&l, "watch_unavailable");
  rc_int(&l, "win", r->win_id);
  rc_str(&l, "buffer", rc_watch_kind_names[r->kind]);
  rc_int(&l, "epoch", r->epoch);
  char reason[256];
  snprintf(reason, sizeof reason,
           "a page it shares with the program's other data is left open after %d of the program's accesses to that "
           "data between two intercepted RMA calls, until the next one",
           RC_WATCH_MAX_BESIDE_STEPS);
  rc_str(&l, "reason", reason);
  rc_end(&l);
}

/* Under the watch lock, the ranges the handlers marked since the last drain: those with a page left
 * open beside their bytes, and those they stopped (copied: their lines are written after, never a
 * record line under the watch lock); the count of the latter. */
static int take_marked(struct rc_watch_range *beside, int *beside_count, struct rc_watch_range *stopped) {
  int stopped_count = 0;
  *beside_count = 0;
  rc_watch_lock();
  const int any_beside = rc_watch_beside_open, any_stopped = rc_watch_any_stopped;
  rc_watch_any_stopped = 0; /* the table is scanned only when a handler marked a range */
  for (int i = 0; i < RC_WATCH_MAX_RANGES && (any_beside || any_stopped); ++i) {
    struct rc_watch_range *r = &rc_watch_ranges[i];
    if (!r->lo) continue;
    if (r->beside_open) {
      r->beside_open = 0;
      beside[(*beside_count)++] = *r;
    }
    if (r->stopped && !r->stop_said) {
      r->stop_said = 1;
      stopped[stopped_count++] = *r;
    }
  }
  rc_watch_unlock();
  return stopped_count;
}

/* The window range holding `address`: where a hit on a pending buffer in window memory goes when
 * the buffer was completed between the handler's record and this drain (by another thread), so that
 * the access is judged as a window access, with that thread's order (--thread-sync calls). */
static const struct rc_watch_range *window_range_at(uintptr_t address) {
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (r->lo && r->kind == RC_WATCH_WINDOW && r->lo <= address && address < r->hi) return r;
  }
  return NULL;
}

/* What a hit's line says: the range as its fault saw it, never the slot's later use. */
static const struct rc_watch_range *range_of(const struct rc_watch_hit *h) {
  const struct rc_watch_range *now = &rc_watch_ranges[h->range];
  if (h->seen.kind == RC_WATCH_WINDOW || h->generation == now->generation) return &h->seen;
  const struct rc_watch_range *window = window_range_at(h->address);
  return window ? window : &h->seen;
}

void rc_watch_drain(void) {
  rc_tc_say();
  static struct rc_watch_hit hits[RC_WATCH_MAX_HITS]; /* called with the RMA lock held */
  if (!rc_watch_hits_lock()) return;                  /* a handler holds it: the hits wait for the next drain */
  /* A held access's hits stay until its hold ends (rc_watch_held_end), moved to the table's start. */
  int n = 0, kept = 0;
  for (int i = 0; i < rc_watch_hit_count; ++i) {
    if (rc_watch_hits[i].holding)
      rc_watch_hits[kept++] = rc_watch_hits[i];
    else
      hits[n++] = rc_watch_hits[i];
  }
  rc_watch_hit_count = kept;
  rc_watch_hits_unlock();
  for (int i = 0; i < n; ++i) {
    const struct rc_watch_range *r = range_of(&hits[i]);
    if (r->kind == RC_WATCH_WINDOW) {
      local_access(r, &hits[i]);
      if (hits[i].tc_slot >= 0)
        rc_tr_access(r->win_id, hits[i].address, hits[i].last + 1, (long long)(hits[i].address - r->lo), hits[i].store,
                     hits[i].thread, hits[i].tc_slot, &hits[i].tc, hits[i].instruction);
    } else
      buffer_finding(r, &hits[i]);
  }
  rc_watch_write_opens();
  static struct rc_watch_range beside[RC_WATCH_MAX_RANGES], stopped[RC_WATCH_MAX_RANGES]; /* the RMA lock held */
  int beside_count = 0;
  const int stopped_count = take_marked(beside, &beside_count, stopped);
  for (int i = 0; i < beside_count; ++i) say_beside_open(&beside[i]);
  for (int i = 0; i < stopped_count; ++i) say_stopped(&stopped[i]);
  /* Under --thread-sync calls a page left open to the library's copy hides other threads' accesses
   * meanwhile, and so their races: said once (the coverage names the bound). */
  if (rc_tc_on && (rc_watch_suspended || rc_watch_shared_open) && !rc_watch_suspended_said) {
    rc_watch_suspended_said = 1;
    rc_rma_limit(NULL, "thread_sync_library_steps", RC_WATCH_MAX_LIBRARY_STEPS_THREADS);
  }
  if (__atomic_exchange_n(&rc_watch_hits_dropped, 0, __ATOMIC_RELAXED))
    rc_rma_limit(NULL, "watch_hits", RC_WATCH_MAX_HITS);
}

/* [lo, hi) of `count` elements of `type` at buf; 0 when its bytes have gaps (a gap is not the
 * call's, and an access to it is not an error). */
static int span_of(const void *buf, int count, MPI_Datatype type, uintptr_t *lo, uintptr_t *hi) {
  MPI_Aint lb, extent, true_lb, true_extent;
  int size = 0;
  if (count <= 0 || PMPI_Type_get_extent(type, &lb, &extent) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent(type, &true_lb, &true_extent) != MPI_SUCCESS ||
      PMPI_Type_size(type, &size) != MPI_SUCCESS || size <= 0)
    return 0;
  const MPI_Aint span = (MPI_Aint)(count - 1) * extent + true_extent;
  if (span != (MPI_Aint)count * size) return 0;
  *lo = (uintptr_t)buf + (uintptr_t)true_lb;
  *hi = *lo + (uintptr_t)span;
  return 1;
}

static void overlapping_results(const struct rc_window *w, const struct rc_watch_call *c, uintptr_t lo, uintptr_t hi) {
  for (int i = 0; i < RC_WATCH_MAX_RANGES; ++i) {
    const struct rc_watch_range *r = &rc_watch_ranges[i];
    if (!r->lo || r->kind != RC_WATCH_RESULT || r->hi <= lo || r->lo >= hi) continue;
    char message[512];
    snprintf(message, sizeof message,
             "the result buffer of this %s (window %d, target %d) overlaps that of a %s (window %d, target %d) "
             "not yet completed: both write the same bytes",
             c->call, w->id, c->target, r->call, r->win_id, r->target);
    rc_line l;
    rc_begin(&l, "finding");
    rc_str(&l, "check", "overlapping_result_buffers");
    rc_str(&l, "call", c->call);
    rc_str(&l, "rule", "MPI-4.1 §13.7");
    rc_str(&l, "message", message);
    rc_caller(&l, c->caller);
    rc_open_object(&l, "evidence");
    rc_int(&l, "win", w->id);
    rc_int(&l, "target", c->target);
    rc_int(&l, "other_win", r->win_id);
    rc_int(&l, "other_target", r->target);
    rc_str(&l, "other_call", r->call);
    rc_int(&l, "overlap_offset", (long long)((lo > r->lo ? lo : r->lo) - lo));
    rc_int(&l, "overlap_bytes", (long long)((hi < r->hi ? hi : r->hi) - (lo > r->lo ? lo : r->lo)));
    rc_function(&l, "other_caller", (void (*)(void))((const char *)r->caller - 1));
    rc_close(&l);
    rc_end(&l);
    return;
  }
}

volatile unsigned long rc_watch_pending_generation;

/* A pending buffer on the calling thread's stack: on debug registers (watch_hardware.c) as far
 * as they reach; the bytes beyond are said not watched. */
static void watch_on_stack(const struct rc_window *w, struct rc_watch_range *r, int i) {
  const char *why = "";
  const uintptr_t end = rc_watch_hw_arm(i, &why);
  if (end > r->lo) rc_watch_armed_line(w, r);
  if (end < r->hi) rc_watch_buffer_unavailable(w, rc_watch_kind_names[r->kind], r->call, why);
}

/* Keeps one pending buffer and arms it when it can be watched (`ready`) and is sampled. */
static void watch_buffer(const struct rc_window *w, const struct rc_watch_call *c, enum rc_watch_kind kind,
                         const void *buf, int count, MPI_Datatype type, int ready, const char *off, int sampled) {
  uintptr_t lo, hi;
  if (!span_of(buf, count, type, &lo, &hi)) {
    if (count > 0)
      rc_watch_buffer_unavailable(w, rc_watch_kind_names[kind], c->call,
                                  "its datatype leaves gaps between the bytes it names");
    return;
  }
  if (kind == RC_WATCH_RESULT) overlapping_results(w, c, lo, hi);
  if (rc_tc_on) rc_tr_span(w, c, rc_watch_kind_names[kind], kind == RC_WATCH_RESULT, lo, hi);
  if (ready && !sampled && kind != RC_WATCH_RESULT) { /* only result buffers are kept for overlap */
    rc_watch_unchecked_in_window(w, c, lo, hi);
    return;
  }
  const int i = rc_watch_fill(&(struct rc_watch_range){.lo = lo,
                                                       .hi = hi,
                                                       .kind = kind,
                                                       .win_id = w->id,
                                                       .epoch = (long long)w->syncs,
                                                       .fence = -1,
                                                       .call = c->call,
                                                       .target = c->target,
                                                       .request = c->request,
                                                       .caller = c->caller,
                                                       .thread = rc_watch_thread(),
                                                       .prot = kind == RC_WATCH_RESULT ? PROT_NONE : PROT_READ});
  if (i < 0) {
    rc_watch_buffer_unavailable(w, rc_watch_kind_names[kind], c->call, "too many buffers pending at once");
    return;
  }
  struct rc_watch_range *r = &rc_watch_ranges[i]; /* no handler reads it before rc_watch_arm */
  if (!ready) {
    static int off_said; /* once per process: the reason is the same for every buffer */
    if (!off_said) rc_watch_unavailable(w, "all", NULL, off);
    off_said = 1;
    return;
  }
  if (!sampled) return; /* a result buffer not armed: kept for the overlap check */
  int shared = 0;
  const char *why = "";
  r->original_prot = rc_watch_mapping(lo, hi, &shared, &why);
  if (r->original_prot >= 0 && !(r->original_prot & PROT_WRITE) && kind != RC_WATCH_RESULT)
    return; /* read-only memory: a store would fault without us */
  if (r->original_prot < 0 && why == rc_watch_on_stack) {
    watch_on_stack(w, r, i);
    return;
  }
  if (r->original_prot < 0 || !(r->original_prot & PROT_WRITE)) {
    rc_watch_buffer_unavailable(w, rc_watch_kind_names[kind], c->call,
                                r->original_prot < 0 ? why : "not writable memory");
    return;
  }
  if (!rc_watch_arm(i)) {
    rc_watch_buffer_unavailable(w, rc_watch_kind_names[kind], c->call, "mprotect refused");
    return;
  }
  rc_watch_armed_line(w, r);
}

void rc_watch_rma_call(const struct rc_window *w, const struct rc_watch_call *c) {
  rc_watch_drain();
  const char *off = "";
  const int ready = rc_watch_ready(&off);
  const int sampled = !ready || rc_watch_buffers_sampled(w, c);
  if (c->result) watch_buffer(w, c, RC_WATCH_RESULT, c->result, c->result_count, c->result_type, ready, off, sampled);
  if (c->origin) watch_buffer(w, c, RC_WATCH_ORIGIN, c->origin, c->origin_count, c->origin_type, ready, off, sampled);
  if (c->compare) watch_buffer(w, c, RC_WATCH_COMPARE, c->compare, 1, c->type, ready, off, sampled);
  rc_watch_note_held();
  __atomic_add_fetch(&rc_watch_pending_generation, 1, __ATOMIC_SEQ_CST);
  rc_watch_rearm();
}
