/* SPDX-License-Identifier: BSD-3-Clause */
/* The threads' vector clocks (thread_clocks.h). A thread's own clock is written only by that
 * thread; the objects' clocks, under one spin lock (never a pthread mutex: those are intercepted). */
#define _GNU_SOURCE
#include "thread_clocks.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

_Atomic int rc_tc_on;
int rc_tc_in_init;
static int requested;
static rc_tc_clock clocks[RC_TC_MAX_THREADS];
static volatile unsigned versions[RC_TC_MAX_THREADS];
static int next_slot;
static __thread int my_slot __attribute__((tls_model("initial-exec"))); /* slot + 1; 0: none yet */

struct object {
  const void *key;
  rc_tc_clock clock;
};
static struct object objects[RC_TC_MAX_OBJECTS];
static int table_lock;
static const char *volatile off_reason;
static int off_said;

__attribute__((constructor)) static void read_policy(void) {
  const char *policy = getenv("REDSEM_CHECK_THREAD_SYNC");
  requested = policy && strcmp(policy, "calls") == 0 && getenv("REDSEM_CHECK_DIR");
  rc_tc_on = requested;
}

int rc_tc_requested(void) { return requested; }

static void lock(void) {
  while (__atomic_test_and_set(&table_lock, __ATOMIC_ACQUIRE))
    while (__atomic_load_n(&table_lock, __ATOMIC_RELAXED)) __builtin_ia32_pause();
}
static void unlock(void) { __atomic_clear(&table_lock, __ATOMIC_RELEASE); }

void rc_tc_off(const char *why) {
  if (!rc_tc_on) return;
  const char *none = NULL;
  __atomic_compare_exchange_n(&off_reason, &none, why, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  rc_tc_on = 0;
}

void rc_tc_say(void) {
  const char *reason = __atomic_load_n(&off_reason, __ATOMIC_ACQUIRE); /* set by any thread */
  if (off_said || !reason) return;
  off_said = 1;
  rc_line l;
  rc_begin(&l, "thread_sync_off");
  rc_str(&l, "reason", reason);
  rc_end(&l);
}

/* A slot no thread has used, its own entry 1; -1 past the bound. Async-signal-safe. */
static int new_slot(void) {
  const int s = __atomic_fetch_add(&next_slot, 1, __ATOMIC_RELAXED);
  if (s >= RC_TC_MAX_THREADS) {
    rc_tc_off("more threads than the clocks have room for (" RC_TC_STRINGIFY(RC_TC_MAX_THREADS) ")");
    return -1;
  }
  clocks[s].c[s] = 1;
  return s;
}

/* Async-signal-safe: an atomic increment and the slot's own clock. */
int rc_tc_slot(void) {
  if (!rc_tc_on) return -1;
  if (my_slot) return my_slot - 1;
  const int s = new_slot();
  if (s >= 0) my_slot = s + 1;
  return s;
}

REDSEM_NOT_THREAD_SANITIZED void rc_tc_adopt(int slot) { my_slot = slot + 1; }

int rc_tc_snapshot(rc_tc_clock *out, int *slot, unsigned *version) {
  const int s = rc_tc_slot();
  if (s < 0) return 0;
  *out = clocks[s];
  *slot = s;
  *version = versions[s];
  return 1;
}

int rc_tc_now(rc_tc_clock *out, int *slot) {
  unsigned version;
  return rc_tc_snapshot(out, slot, &version);
}

static void join(rc_tc_clock *into, const rc_tc_clock *from) {
  for (int i = 0; i < RC_TC_MAX_THREADS; ++i)
    if (from->c[i] > into->c[i]) into->c[i] = from->c[i];
}

/* The object's clock, entered when new; NULL when the table is full (the policy is then off). */
static rc_tc_clock *object(const void *key) {
  const size_t start = ((uintptr_t)key >> 3) % RC_TC_MAX_OBJECTS;
  for (size_t k = 0; k < RC_TC_MAX_OBJECTS; ++k) {
    struct object *o = &objects[(start + k) % RC_TC_MAX_OBJECTS];
    if (o->key == key) return &o->clock;
    if (!o->key) {
      o->key = key;
      return &o->clock;
    }
  }
  rc_tc_off("more synchronisation objects than the table has room for (" RC_TC_STRINGIFY(RC_TC_MAX_OBJECTS) ")");
  return NULL;
}

void rc_tc_release_to(rc_tc_clock *acc) {
  const int s = rc_tc_slot();
  if (s < 0) return;
  lock();
  join(acc, &clocks[s]);
  unlock();
  ++clocks[s].c[s];
  ++versions[s];
}

void rc_tc_acquire_from(const rc_tc_clock *acc) {
  const int s = rc_tc_slot();
  if (s < 0) return;
  lock();
  join(&clocks[s], acc);
  unlock();
  ++versions[s];
}

void rc_tc_release(const void *key) {
  if (!rc_tc_on) return;
  lock();
  rc_tc_clock *c = object(key);
  unlock();
  if (c) rc_tc_release_to(c);
}

void rc_tc_acquire(const void *key) {
  if (!rc_tc_on) return;
  lock();
  rc_tc_clock *c = object(key);
  unlock();
  if (c) rc_tc_acquire_from(c);
}

/* This thread's logical slots (rc_tc_begin_logical). */
#define POOL 8
struct pooled {
  int slot;
  int busy;                /* a section or task runs on it now */
  unsigned long construct; /* the construct it last served */
};
static __thread struct pooled pool[POOL] __attribute__((tls_model("initial-exec")));
static __thread int pool_size __attribute__((tls_model("initial-exec")));
static __thread unsigned long construct __attribute__((tls_model("initial-exec")));

void rc_tc_new_construct(void) { ++construct; }

/* A free logical slot of this thread, or a new one; NULL when the bound is hit. */
static struct pooled *free_logical(void) {
  for (int i = 0; i < pool_size; ++i)
    if (!pool[i].busy && pool[i].construct != construct) return &pool[i];
  if (pool_size == POOL) {
    rc_tc_off(
        "more OpenMP sections or tasks at once on one thread than it keeps clocks for (" RC_TC_STRINGIFY(POOL) ")");
    return NULL;
  }
  const int s = __atomic_fetch_add(&next_slot, 1, __ATOMIC_RELAXED);
  if (s >= RC_TC_MAX_THREADS) {
    rc_tc_off(
        "more threads, sections and tasks than the clocks have room for (" RC_TC_STRINGIFY(RC_TC_MAX_THREADS) ")");
    return NULL;
  }
  pool[pool_size] = (struct pooled){.slot = s};
  return &pool[pool_size++];
}

int rc_tc_begin_logical(const rc_tc_clock *start) {
  const int base = rc_tc_slot();
  if (base < 0) return -1;
  struct pooled *p = free_logical();
  if (!p) return -1;
  p->busy = 1;
  p->construct = construct;
  const int s = p->slot;
  const unsigned last = clocks[s].c[s];
  clocks[s] = *start;
  clocks[s].c[s] = (last > start->c[s] ? last : start->c[s]) + 1;
  ++versions[s];
  my_slot = s + 1;
  return base;
}

void rc_tc_end_logical(int token, int merge) {
  if (token < 0 || !my_slot) return;
  const int s = my_slot - 1;
  for (int i = 0; i < pool_size; ++i)
    if (pool[i].slot == s) pool[i].busy = 0;
  if (merge) {
    join(&clocks[token], &clocks[s]);
    ++versions[token];
  }
  ++clocks[s].c[s]; /* what the thread knows of it now stays below its next use */
  my_slot = token + 1;
}

void rc_tc_write(rc_line *l, int slot, const rc_tc_clock *clock) {
  if (!rc_tc_on || slot < 0) return;
  int n = __atomic_load_n(&next_slot, __ATOMIC_RELAXED);
  if (n > RC_TC_MAX_THREADS) n = RC_TC_MAX_THREADS;
  rc_int(l, "thread_slot", slot);
  rc_open_array(l, "thread_clock");
  for (int i = 0; i < n; ++i) rc_int(l, NULL, clock->c[i]);
  rc_close(l);
}

void rc_tc_write_now(rc_line *l) {
  int slot;
  rc_tc_clock now;
  if (rc_tc_now(&now, &slot)) rc_tc_write(l, slot, &now);
}

void rc_tc_fork(rc_tc_clock *out) {
  memset(out, 0, sizeof *out);
  rc_tc_release_to(out);
}

/* The new slot's clock is written before the thread is created, which orders it before the
 * thread's first read; no other thread writes it. */
int rc_tc_fork_thread(void) {
  const int creator = rc_tc_slot();
  const int s = creator < 0 ? -1 : new_slot();
  if (s < 0) return -1;
  join(&clocks[s], &clocks[creator]);
  ++clocks[creator].c[creator];
  ++versions[creator];
  return s;
}
